import type { OnlineBookingSettings } from '@caredesk/shared';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useId } from 'react';
import { useUpdateOnlineBookingSettings } from '../api/update-online-booking-settings';
import { useT } from '../i18n';

interface Row {
  id: string;
  name: string;
  detail: string | null;
  onlineBooking: boolean;
}

function SwitchList({ title, rows, empty, onToggle }: { title: string; rows: Row[]; empty: string; onToggle: (id: string, on: boolean) => void }) {
  // From React, not the title: a title in Kannada or Tamil has no letters \w would keep.
  const titleId = useId();
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((row) => (
            <ListItem
              key={row.id}
              disableGutters
              secondaryAction={
                <Switch
                  edge="end"
                  checked={row.onlineBooking}
                  onChange={(_event, on) => onToggle(row.id, on)}
                  slotProps={{ input: { 'aria-label': t('settings.booking.takesOnline', { name: row.name }) } }}
                />
              }
            >
              <ListItemText primary={row.name} secondary={row.detail} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} sx={{ pr: 6 }} />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}

/** A switch per active doctor and scan/test: each change is saved at once. */
export function OnlineBookingSwitches({ settings }: { settings: OnlineBookingSettings }) {
  const save = useUpdateOnlineBookingSettings();
  const t = useT();
  const toggle = (kind: 'doctors' | 'services') => (id: string, onlineBooking: boolean) => {
    save.mutate({ [kind]: [{ id, onlineBooking }] }, { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) });
  };
  return (
    <>
      <SwitchList
        title={t('settings.booking.doctors')}
        rows={settings.doctors.map((doctor) => ({ ...doctor, detail: doctor.specialization }))}
        empty={t('settings.booking.noDoctors')}
        onToggle={toggle('doctors')}
      />
      <SwitchList
        title={t('settings.booking.scans')}
        rows={settings.services.map((service) => ({ ...service, detail: service.category }))}
        empty={t('settings.booking.noScans')}
        onToggle={toggle('services')}
      />
    </>
  );
}
