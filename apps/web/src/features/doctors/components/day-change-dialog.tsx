import { doctorDayInputSchema, minutesOfDay, weekdayOf, type AffectedVisit, type DayWindow, type Doctor, type DoctorDayInput } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { DayHoursEditor } from '@/components/availability/day-hours-editor';
import { enqueueSnackbar } from '@/components/toast';
import { sharedText } from '@/i18n/shared-text';
import { fDate } from '@/lib/format';
import { errorIssues, errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { conflictVisitsOf, useSaveDoctorDay } from '../api/doctor-days';
import { useT } from '../i18n';
import { AffectedVisits } from './affected-visits';

type HoursMode = 'weekly' | 'other' | 'closed';
type Errors = Record<string, string>;

/** The weekday's windows of a date, as one day's hours. */
function weeklyWindowsOn(doctor: Doctor, date: string): DayWindow[] {
  const weekday = weekdayOf(date);
  return doctor.availability
    .filter((window) => window.weekday === weekday)
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))
    .map(({ start, end }) => ({ start, end }));
}

/** Issues ('windows.1.start') as the hours editor reads errors: { 1: { start: { message } } }; others by path. */
function windowErrors(errors: Errors): Record<number, Record<string, { message: string }>> {
  const byIndex: Record<number, Record<string, { message: string }>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, index, field] = path.split('.');
    if (head !== 'windows' || index === undefined || field === undefined) continue;
    byIndex[Number(index)] = { ...byIndex[Number(index)], [field]: { message } };
  }
  return byIndex;
}

interface DayChangeDialogProps {
  doctor: Doctor;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Change one day': a date's hours (a late start, an extra session, closed) and/or its patients
 * per slot, with a note, without editing the weekly schedule. A change that would leave booked
 * visits outside the hours is refused by the server with the visits; the desk may keep them.
 * Full screen on phones.
 */
export function DayChangeDialog({ doctor, open, onClose }: DayChangeDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="day-change-title">
      {open ? <DayChangeForm doctor={doctor} onClose={onClose} /> : null}
    </Dialog>
  );
}

function DayChangeForm({ doctor, onClose }: Omit<DayChangeDialogProps, 'open'>) {
  const t = useT();
  const today = useOrganisationToday();
  const save = useSaveDoctorDay(doctor.id);
  const hoursId = useId();
  const [date, setDate] = useState('');
  const [mode, setMode] = useState<HoursMode>('other');
  const [windows, setWindows] = useState<DayWindow[]>([]);
  const [edited, setEdited] = useState(false);
  const [capacity, setCapacity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stranded, setStranded] = useState<AffectedVisit[] | null>(null);

  const pickDate = (next: string) => {
    setDate(next);
    setStranded(null);
    // Until the desk edits them, the other hours start from that weekday's own.
    if (!edited && next) setWindows(weeklyWindowsOn(doctor, next));
  };
  const input = (): DoctorDayInput => ({
    windows: mode === 'weekly' ? null : mode === 'closed' ? [] : windows,
    capacity: capacity.trim() === '' ? null : Number(capacity),
    note: note.trim() || null,
  });

  const submit = (keep: boolean) => {
    setRefusal(null);
    if (!date) return setErrors({ date: t('doctors.day.chooseDate') });
    const parsed = doctorDayInputSchema.safeParse(input());
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), sharedText(issue.message)])));
    setErrors({});
    save.mutate(
      { date, input: { ...input(), ...(keep ? { strandedVisits: 'keep' as const } : {}) } },
      {
        onSuccess: () => {
          enqueueSnackbar(t('doctors.day.saved', { date: fDate(date) }), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const visits = conflictVisitsOf(error);
          if (visits) return setStranded(visits);
          setErrors(Object.fromEntries(errorIssues(error).map((issue) => [issue.path, issue.message])));
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  const pending = save.isPending;
  const dateLabel = date ? fDate(date) : t('doctors.day.theDay');
  return (
    <>
      <DialogTitle id="day-change-title">{t('doctors.day.title', { name: doctor.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {refusal ? (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          ) : null}
          <TextField
            type="date"
            label={t('doctors.day.date')}
            value={date}
            onChange={(event) => pickDate(event.target.value)}
            error={Boolean(errors.date)}
            helperText={errors.date}
            required
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            sx={{ maxWidth: 220 }}
          />
          <FormControl>
            <FormLabel id={hoursId}>{t('doctors.day.hours')}</FormLabel>
            <RadioGroup aria-labelledby={hoursId} value={mode} onChange={(event) => setMode(event.target.value as HoursMode)}>
              <FormControlLabel value="other" control={<Radio />} label={t('doctors.day.otherHours')} />
              <FormControlLabel value="closed" control={<Radio />} label={t('doctors.day.closed')} />
              <FormControlLabel value="weekly" control={<Radio />} label={t('doctors.day.weeklyHours')} />
            </RadioGroup>
          </FormControl>
          {mode === 'other' ? (
            <DayHoursEditor
              date={date || today}
              label={dateLabel}
              value={windows}
              onChange={(next) => {
                setEdited(true);
                setWindows(next);
              }}
              error={{ ...windowErrors(errors), ...(errors.windows ? { message: errors.windows } : {}) }}
              disabled={pending}
            />
          ) : errors.windows ? (
            <Alert severity="error">{errors.windows}</Alert>
          ) : null}
          <TextField
            type="number"
            label={t('doctors.day.capacity')}
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
            error={Boolean(errors.capacity)}
            helperText={errors.capacity ?? t('doctors.day.capacityHelp', { count: doctor.patientsPerSlot })}
            size="small"
            slotProps={{ htmlInput: { min: 1, max: 50 } }}
            sx={{ maxWidth: 260 }}
          />
          <TextField
            label={t('doctors.day.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(errors.note)}
            helperText={errors.note}
            size="small"
          />
          {stranded ? (
            <Alert severity="warning" role="alert">
              {t('doctors.day.stranded', { count: stranded.length })}
              <AffectedVisits visits={stranded} label={t('doctors.day.strandedList')} />
              <Button sx={{ mt: 1 }} variant="outlined" color="inherit" size="small" onClick={() => submit(true)} disabled={pending}>
                {t('doctors.day.keep')}
              </Button>
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={pending}>
          {t('doctors.day.cancel')}
        </Button>
        <Button variant="contained" onClick={() => submit(false)} disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {t('doctors.day.save')}
        </Button>
      </DialogActions>
    </>
  );
}
