import { patientSummaryOf, type PatientSummary } from '@caredesk/shared';
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
import { usePatient } from './api/get-patient';
import { useSameDayVisits, type VisitKind } from './api/get-same-day-visits';
import { SameDayWarning } from './same-day-warning';
import { PatientStep } from './patient-step';
import { SlipActions } from './slip-dialog';
import { VisitDateField } from './visit-date-field';
import { isoDay } from './visit-format';

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

export interface VisitBookingInput {
  patientId: string;
  date: string;
  startTime: string;
  reason?: string;
}

/** A doctor or a scan/test; facilityName tells branches apart in a multi-facility organisation. */
type VisitOwner = { id: string; facilityName?: string | null };

interface NewVisitDialogProps<Owner extends VisitOwner, Visit extends { tokenLabel: string }> {
  /** Appointments (doctors) or bookings (scans and tests): where a same-day duplicate is looked for. */
  kind: VisitKind;
  open: boolean;
  /** From ?patientId= (the patient view's Book button): starts with that patient chosen. */
  patientId: string | null;
  onClose: () => void;
  /** 'New appointment', then 'Appointment booked'. */
  title: string;
  bookedTitle: string;
  /** Whom or what the visit is with: the doctors, or the scans and tests. */
  owners: {
    /** 'Doctor', 'Scan or test'. */
    label: string;
    /** The step's title: 'Doctor and date'. */
    step: string;
    options: readonly Owner[];
    loading: boolean;
    name: (owner: Owner) => string;
    /** The option's second line: speciality and fee, kind and price. */
    detail: (owner: Owner) => string;
  };
  renderSlots: (ownerId: string | null, date: string, value: string | null, onChange: (start: string | null) => void) => ReactNode;
  renderSlip: (visit: Visit) => ReactNode;
  /** Books; rejects with the server's refusal (409 when the slot filled meanwhile). */
  book: (owner: Owner, input: VisitBookingInput) => Promise<Visit>;
  pending: boolean;
}

/** Patient, then doctor or service and date, then a free slot; after booking, the slip. Full screen on phones. */
export function NewVisitDialog<Owner extends VisitOwner, Visit extends { tokenLabel: string }>(props: NewVisitDialogProps<Owner, Visit>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="new-visit-title">
      {props.open ? <NewVisitContent {...props} /> : null}
    </Dialog>
  );
}

function NewVisitContent<Owner extends VisitOwner, Visit extends { tokenLabel: string }>(props: NewVisitDialogProps<Owner, Visit>) {
  const { patientId, onClose, owners, pending } = props;
  const today = isoDay();
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [owner, setOwner] = useState<Owner | null>(null);
  const [date, setDate] = useState(today);
  const [slot, setSlot] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [booked, setBooked] = useState<Visit | null>(null);
  const preselected = usePatient(patientId);
  const sameDay = useSameDayVisits(patient && owner && date ? { kind: props.kind, ownerId: owner.id, patientId: patient.id, date } : null);
  const duplicates = patient && owner ? (sameDay.data ?? []) : [];
  // Several branches in the picker: each option names its own.
  const facilityCount = new Set(owners.options.map((option) => option.facilityName ?? null)).size;
  const optionDetail = (option: Owner) => [owners.detail(option), facilityCount > 1 ? option.facilityName : null].filter(Boolean).join(' · ');

  // The patient of ?patientId= once, when it arrives (a later refetch must not undo 'Change').
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (preselected.data && !seeded) {
      setPatient(patientSummaryOf(preselected.data));
      setSeeded(true);
    }
  }, [preselected.data, seeded]);

  if (booked) {
    return (
      <>
        <DialogTitle id="new-visit-title">{props.bookedTitle}</DialogTitle>
        <DialogContent>{props.renderSlip(booked)}</DialogContent>
        <SlipActions onDone={onClose} />
      </>
    );
  }

  const book = () => {
    if (!patient || !owner || !slot) return;
    setConflict(null);
    props.book(owner, { patientId: patient.id, date, startTime: slot, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(
      (visit) => {
        enqueueSnackbar(`Booked: token ${visit.tokenLabel}`, { variant: 'success' });
        setBooked(visit);
      },
      (error: unknown) => {
        const message = errorMessage(error);
        enqueueSnackbar(message, { variant: 'error' });
        // Taken meanwhile: the slots are refetched (the mutation invalidates them); pick again.
        if (errorStatus(error) === 409) {
          setConflict(message);
          setSlot(null);
        }
      },
    );
  };

  return (
    <>
      <DialogTitle id="new-visit-title">{props.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Step n={1} title="Patient">
            {patientId && preselected.isPending && !patient ? <CircularProgress size={20} /> : <PatientStep patient={patient} onPick={setPatient} />}
          </Step>
          <Step n={2} title={owners.step}>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <Autocomplete
                options={owners.options}
                loading={owners.loading}
                value={owner}
                onChange={(_, value) => {
                  setOwner(value);
                  setSlot(null);
                }}
                getOptionLabel={owners.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                renderOption={({ key, ...optionProps }, option) => (
                  <li key={key} {...optionProps}>
                    <Box>
                      <Typography variant="body2">{owners.name(option)}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {optionDetail(option)}
                      </Typography>
                    </Box>
                  </li>
                )}
                renderInput={(params) => <TextField {...params} label={owners.label} size="small" />}
              />
              <VisitDateField
                label="Date"
                size="small"
                value={date}
                min={today}
                onChange={(next) => {
                  setDate(next);
                  setSlot(null);
                }}
              />
            </Box>
          </Step>
          {duplicates.length > 0 && patient && owner ? (
            <SameDayWarning kind={props.kind} patientName={patient.name} ownerName={owners.name(owner)} date={date} visits={duplicates} />
          ) : null}
          <Step n={3} title="Time">
            {conflict ? (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {conflict}
              </Alert>
            ) : null}
            {props.renderSlots(owner?.id ?? null, date, slot, setSlot)}
          </Step>
          <TextField label="Reason (optional)" value={reason} onChange={(event) => setReason(event.target.value)} size="small" fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={pending}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={book}
          disabled={!patient || !owner || !slot || pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {duplicates.length > 0 ? 'Book anyway' : 'Book'}
        </Button>
      </DialogActions>
    </>
  );
}
