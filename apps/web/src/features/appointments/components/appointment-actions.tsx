import { appointmentActionTarget, canMoveAppointment, type Appointment, type AppointmentAction } from '@caredesk/shared';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { useAppointmentAction } from '../api/run-appointment-action';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { SlipDialog } from './slip-dialog';

type Extra = 'reschedule' | 'slip';
interface Item {
  key: AppointmentAction | Extra;
  label: string;
}

const ACTIONS: { key: AppointmentAction; label: string; done: string }[] = [
  { key: 'check-in', label: 'Check in', done: 'Checked in' },
  { key: 'start', label: 'Start', done: 'Consultation started' },
  { key: 'complete', label: 'Complete', done: 'Completed' },
  { key: 'no-show', label: 'No-show', done: 'Marked as no-show' },
  { key: 'cancel', label: 'Cancel', done: 'Appointment cancelled' },
];
const PRIMARY: readonly string[] = ['check-in', 'start', 'complete'];

/** What may be done to an appointment now: the transitions its status allows, reschedule and the slip. */
export function allowedItems(appointment: Appointment): Item[] {
  const items: Item[] = ACTIONS.filter((action) => canMoveAppointment(appointment.status, appointmentActionTarget[action.key]));
  if (appointment.status === 'BOOKED') items.push({ key: 'reschedule', label: 'Reschedule' });
  if (appointment.status !== 'CANCELLED' && appointment.status !== 'NO_SHOW') items.push({ key: 'slip', label: 'Print slip' });
  return items;
}

interface AppointmentActionsProps {
  appointment: Appointment;
  /** In a grid row: the next step as a button, the rest in a menu. */
  compact?: boolean;
}

export function AppointmentActions({ appointment, compact }: AppointmentActionsProps) {
  const [dialog, setDialog] = useState<'cancel' | Extra | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const action = useAppointmentAction();
  const items = allowedItems(appointment);

  const run = (key: AppointmentAction, reason?: string) => {
    const done = ACTIONS.find((entry) => entry.key === key)?.done ?? 'Done';
    action.mutate(
      { id: appointment.id, action: key, reason },
      {
        onSuccess: () => {
          enqueueSnackbar(`${done}: token ${appointment.tokenLabel}`, { variant: 'success' });
          setDialog(null);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };
  const choose = (key: Item['key']) => {
    setMenuAnchor(null);
    if (key === 'cancel' || key === 'reschedule' || key === 'slip') setDialog(key);
    else run(key);
  };

  const primary = compact ? items.find((item) => PRIMARY.includes(item.key)) : undefined;
  const rest = compact ? items.filter((item) => item !== primary) : items;

  return (
    // Clicks and Enter inside (the dialogs too, through the React tree) must not open the row.
    <Box
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {primary ? (
        <Button size="small" variant="contained" disabled={action.isPending} onClick={() => choose(primary.key)}>
          {primary.label}
        </Button>
      ) : null}
      {compact && rest.length > 0 ? (
        <>
          <IconButton size="small" aria-label={`More actions for token ${appointment.tokenLabel}`} onClick={(event) => setMenuAnchor(event.currentTarget)}>
            <MoreVert fontSize="small" />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            {rest.map((item) => (
              <MenuItem key={item.key} onClick={() => choose(item.key)} disabled={action.isPending}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
      {!compact
        ? rest.map((item) => (
            <Button
              key={item.key}
              size="small"
              variant={PRIMARY.includes(item.key) ? 'contained' : 'outlined'}
              color={item.key === 'cancel' ? 'error' : 'primary'}
              disabled={action.isPending}
              onClick={() => choose(item.key)}
            >
              {item.label}
            </Button>
          ))
        : null}
      <CancelDialog
        open={dialog === 'cancel'}
        subject={`Token ${appointment.tokenLabel} · ${appointment.patientName}`}
        pending={action.isPending}
        onConfirm={(reason) => run('cancel', reason)}
        onClose={() => setDialog(null)}
      />
      {dialog === 'reschedule' ? <RescheduleDialog appointment={appointment} open onClose={() => setDialog(null)} /> : null}
      <SlipDialog appointment={appointment} open={dialog === 'slip'} onClose={() => setDialog(null)} />
    </Box>
  );
}
