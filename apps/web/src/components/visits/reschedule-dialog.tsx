import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { enqueueSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { VisitDateField } from './visit-date-field';
import { VisitDialogActions } from './visit-dialog-actions';
import { fTimeOfDay, fVisitDate } from './visit-format';

export interface RescheduleInput {
  date: string;
  startTime: string;
  reason?: string;
}

interface RescheduleDialogProps {
  /** 'Reschedule appointment', 'Reschedule booking'. */
  title: string;
  /** Who and what, now when: 'Lakshmi Narayan with Dr. Meera Iyer, now 22 Nov 2026 at 9:30 am'. */
  summary: string;
  /** The visit's current date: the first date offered (today when it is past). */
  date: string;
  open: boolean;
  onClose: () => void;
  pending: boolean;
  /** The free slots of the same doctor or service on `date`. */
  renderSlots: (date: string, value: string | null, onChange: (start: string | null) => void) => ReactNode;
  /** Moves the visit; resolves with where it went, rejects with the server's refusal. */
  onReschedule: (input: RescheduleInput) => Promise<{ date: string; startTime: string }>;
}

/** A new date and a free slot of the same doctor or service. Full screen on phones. */
export function RescheduleDialog({ title, summary, date: current, open, onClose, pending, renderSlots, onReschedule }: RescheduleDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const today = useOrganisationToday();
  const [date, setDate] = useState(current < today ? today : current);
  const [slot, setSlot] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  const submit = () => {
    if (!slot) return;
    onReschedule({ date, startTime: slot, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(
      (moved) => {
        enqueueSnackbar(`Rescheduled to ${fVisitDate(moved.date)}, ${fTimeOfDay(moved.startTime)}`, { variant: 'success' });
        onClose();
      },
      // A slot taken meanwhile (409): the mutation refetches the slots; the message says to pick again.
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {summary}
          </Typography>
          <VisitDateField
            label="New date"
            value={date}
            min={today}
            onChange={(next) => {
              setDate(next);
              setSlot(null);
            }}
            sx={{ maxWidth: 280 }}
          />
          {renderSlots(date, slot, setSlot)}
          <TextField label="Reason (optional)" value={reason} onChange={(event) => setReason(event.target.value)} fullWidth />
        </Stack>
      </DialogContent>
      <VisitDialogActions label="Reschedule" onSubmit={submit} ready={Boolean(slot)} pending={pending} onClose={onClose} />
    </Dialog>
  );
}
