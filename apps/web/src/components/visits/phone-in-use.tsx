import type { PatientSummary } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { fPhone } from '@/lib/format';
import { t, useT } from './i18n';
import { genderLabel } from '@/i18n/shared-labels';

const details = (patient: PatientSummary) =>
  [fPhone(patient.phone), patient.age === null ? null : t('visits.age', { age: patient.age }), genderLabel(patient.gender)].filter(Boolean).join(' · ');

interface PhoneInUseProps {
  patients: PatientSummary[];
  /** Absent: the list only informs. */
  onUse?: ((patient: PatientSummary) => void) | undefined;
  onAddAnyway: () => void;
  pending: boolean;
}

/** Patients who already have the number being added, before a possible duplicate is made. */
export function PhoneInUse({ patients, onUse, onAddAnyway, pending }: PhoneInUseProps) {
  const t = useT();
  return (
    <Alert severity="warning" role="status" aria-label={t('visits.phoneInUse.label')}>
      <AlertTitle>{t('visits.phoneInUse.title', { count: patients.length })}</AlertTitle>
      <List dense disablePadding aria-label={t('visits.phoneInUse.list')}>
        {patients.map((patient) => (
          <ListItem
            key={patient.id}
            disableGutters
            secondaryAction={
              onUse ? (
                <Button size="small" onClick={() => onUse(patient)} aria-label={t('visits.phoneInUse.useLabel', { name: patient.name, uhid: patient.uhid })}>
                  {t('visits.phoneInUse.use')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText primary={t('visits.patient.line', { name: patient.name, uhid: patient.uhid })} secondary={details(patient)} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" color="warning" onClick={onAddAnyway} disabled={pending}>
          {t('visits.phoneInUse.addAnyway')}
        </Button>
      </Box>
    </Alert>
  );
}
