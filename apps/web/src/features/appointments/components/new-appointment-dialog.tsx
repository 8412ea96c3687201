import type { Appointment, Doctor, Patient } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
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
import { enqueueSnackbar } from 'notistack';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage, errorStatus } from '@/lib/http';
import { useCreateAppointment } from '../api/create-appointment';
import { useActiveDoctors } from '../api/get-active-doctors';
import { usePatient } from '../api/get-patient';
import { fFee, isoDay } from './appointment-format';
import { AppointmentSlip } from './appointment-slip';
import { PatientStep } from './patient-step';
import { SlipActions } from './slip-dialog';
import { SlotPicker } from './slot-picker';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {n}. {title}
      </Typography>
      {children}
    </Box>
  );
}

interface NewAppointmentDialogProps {
  open: boolean;
  /** From ?patientId= (the patient view's 'Book appointment'): starts with that patient chosen. */
  patientId: string | null;
  onClose: () => void;
}

/** Patient, then doctor and date, then a free slot; after booking, the slip. Full screen on phones. */
export function NewAppointmentDialog({ open, patientId, onClose }: NewAppointmentDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="new-appointment-title">
      {open ? <NewAppointmentContent patientId={patientId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function NewAppointmentContent({ patientId, onClose }: Omit<NewAppointmentDialogProps, 'open'>) {
  const today = isoDay();
  const [patient, setPatient] = useState<Patient | null>(null);
  const [doctor, setDoctor] = useState<Doctor | null>(null);
  const [date, setDate] = useState(today);
  const [slot, setSlot] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const doctors = useActiveDoctors();
  const preselected = usePatient(patientId);
  const create = useCreateAppointment();

  // The patient of ?patientId= once, when it arrives (a later refetch must not undo 'Change').
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (preselected.data && !seeded) {
      setPatient(preselected.data);
      setSeeded(true);
    }
  }, [preselected.data, seeded]);

  if (booked) {
    return (
      <>
        <DialogTitle id="new-appointment-title">Appointment booked</DialogTitle>
        <DialogContent>
          <AppointmentSlip appointment={booked} />
        </DialogContent>
        <SlipActions onDone={onClose} />
      </>
    );
  }

  const book = () => {
    if (!patient || !doctor || !slot) return;
    setConflict(null);
    create.mutate(
      { doctorId: doctor.id, patientId: patient.id, date, startTime: slot, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (appointment) => {
          enqueueSnackbar(`Booked: token ${appointment.tokenLabel}`, { variant: 'success' });
          setBooked(appointment);
        },
        onError: (error) => {
          const message = errorMessage(error);
          enqueueSnackbar(message, { variant: 'error' });
          // Taken meanwhile: the slots are refetched (the mutation invalidates them); pick again.
          if (errorStatus(error) === 409) {
            setConflict(message);
            setSlot(null);
          }
        },
      },
    );
  };

  return (
    <>
      <DialogTitle id="new-appointment-title">New appointment</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Step n={1} title="Patient">
            {patientId && preselected.isPending && !patient ? <CircularProgress size={20} /> : <PatientStep patient={patient} onPick={setPatient} />}
          </Step>
          <Step n={2} title="Doctor and date">
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <Autocomplete
                options={doctors.data ?? []}
                loading={doctors.isPending}
                value={doctor}
                onChange={(_, value) => {
                  setDoctor(value);
                  setSlot(null);
                }}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                renderOption={({ key, ...props }, option) => (
                  <li key={key} {...props}>
                    <Box>
                      <Typography variant="body2">{option.name}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {option.specialization} · {fFee(option.consultationFeePaise)}
                      </Typography>
                    </Box>
                  </li>
                )}
                renderInput={(params) => <TextField {...params} label="Doctor" size="small" />}
              />
              <TextField
                type="date"
                label="Date"
                size="small"
                value={date}
                onChange={(event) => {
                  setDate(event.target.value < today ? today : event.target.value);
                  setSlot(null);
                }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
              />
            </Box>
          </Step>
          <Step n={3} title="Time">
            {conflict ? (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {conflict}
              </Alert>
            ) : null}
            <SlotPicker doctorId={doctor?.id ?? null} date={date} value={slot} onChange={setSlot} />
          </Step>
          <TextField label="Reason (optional)" value={reason} onChange={(event) => setReason(event.target.value)} size="small" fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={create.isPending}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={book}
          disabled={!patient || !doctor || !slot || create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Book
        </Button>
      </DialogActions>
    </>
  );
}
