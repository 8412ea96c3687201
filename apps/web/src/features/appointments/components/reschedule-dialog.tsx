import type { Appointment } from '@caredesk/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { errorMessage, errorStatus } from '@/lib/http';
import { doctorSlotsKey } from '../api/get-doctor-slots';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { fTimeOfDay, fVisitDate, isoDay } from './appointment-format';
import { SlotPicker } from './slot-picker';

interface RescheduleDialogProps {
  appointment: Appointment;
  open: boolean;
  onClose: () => void;
}

/** A new date and a free slot of the same doctor. */
export function RescheduleDialog({ appointment, open, onClose }: RescheduleDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const today = isoDay();
  const [date, setDate] = useState(appointment.date < today ? today : appointment.date);
  const [slot, setSlot] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const reschedule = useRescheduleAppointment();
  const queryClient = useQueryClient();

  const submit = () => {
    if (!slot) return;
    reschedule.mutate(
      { id: appointment.id, date, startTime: slot, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (moved) => {
          enqueueSnackbar(`Rescheduled to ${fVisitDate(moved.date)}, ${fTimeOfDay(moved.startTime)}`, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          enqueueSnackbar(errorMessage(error), { variant: 'error' });
          if (errorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: doctorSlotsKey(appointment.doctorId, date) });
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={reschedule.isPending ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">Reschedule appointment</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {appointment.patientName} with {appointment.doctorName}, now {fVisitDate(appointment.date)} at {fTimeOfDay(appointment.startTime)}
          </Typography>
          <TextField
            type="date"
            label="New date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setSlot(null);
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            sx={{ maxWidth: 240 }}
          />
          <SlotPicker doctorId={appointment.doctorId} date={date} value={slot} onChange={setSlot} />
          <TextField label="Reason (optional)" value={reason} onChange={(event) => setReason(event.target.value)} fullWidth />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={reschedule.isPending}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!slot || reschedule.isPending}
          startIcon={reschedule.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Reschedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
