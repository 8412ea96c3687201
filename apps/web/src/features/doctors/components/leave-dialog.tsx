import type { AffectedVisit, Doctor, DoctorLeaveInput, LeaveVisitOutcome } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { LeaveDatesEditor } from '@/components/availability/leave-dates-editor';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { leaveOutcomesOf, useApplyLeave } from '../api/apply-leave';
import { conflictVisitsOf } from '../api/doctor-days';
import { useLeaveDayVisits } from '../api/leave-day-visits';
import { useT } from '../i18n';
import { AffectedVisits } from './affected-visits';
import { LeaveChoiceFields, type LeaveChoice } from './leave-choice-fields';
import { LeaveOutcome } from './leave-outcome';

export interface LeaveConflict {
  dates: string[];
  visits: AffectedVisit[];
}

interface LeaveDialogProps {
  doctor: Doctor;
  open: boolean;
  onClose: () => void;
  /** Leave the doctor form tried to save over booked days: the dialog starts at its visits. */
  conflict?: LeaveConflict | null;
  /** The leave was saved (the form then saves the rest). */
  onSaved?: () => void;
}

/**
 * Leave over days that may already have bookings: the dates, then (when visits are booked on
 * them) the visits and what becomes of them, cancelled or moved to another doctor or day in one
 * action, then the outcome visit by visit. When some cannot move, nothing is saved until the desk
 * confirms keeping them. Full screen on phones.
 */
export function LeaveDialog({ doctor, open, onClose, conflict, onSaved }: LeaveDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="leave-dialog-title">
      {open ? <LeaveSteps doctor={doctor} onClose={onClose} conflict={conflict ?? null} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

type Step = { name: 'dates' } | { name: 'visits'; visits: AffectedVisit[] } | { name: 'partial'; outcomes: LeaveVisitOutcome[] } | { name: 'done'; outcomes: LeaveVisitOutcome[] };

function LeaveSteps({ doctor, onClose, conflict, onSaved }: Omit<LeaveDialogProps, 'open' | 'conflict'> & { conflict: LeaveConflict | null }) {
  const t = useT();
  const today = useOrganisationToday();
  const apply = useApplyLeave(doctor.id);
  const [dates, setDates] = useState<string[]>(conflict?.dates ?? []);
  const [step, setStep] = useState<Step>(conflict ? { name: 'visits', visits: conflict.visits } : { name: 'dates' });
  const [choice, setChoice] = useState<LeaveChoice>({ kind: 'cancel', doctorId: '', date: '', reason: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { days } = useLeaveDayVisits(doctor.id, step.name === 'dates' ? [] : dates, today);
  const names = new Map(days.flatMap((day) => day.visits.map((visit) => [visit.id, visit.patientName] as const)));

  const body = (partial: boolean): DoctorLeaveInput => ({
    dates,
    ...(step.name === 'dates'
      ? {}
      : { visits: choice.kind === 'cancel' ? 'cancel' : { moveTo: choice.kind === 'doctor' ? { doctorId: choice.doctorId } : { date: choice.date } } }),
    ...(choice.reason.trim() ? { reason: choice.reason.trim() } : {}),
    ...(partial ? { partial: true } : {}),
  });
  const saved = (outcomes: LeaveVisitOutcome[]) => {
    onSaved?.();
    if (outcomes.length === 0) {
      enqueueSnackbar(t('doctors.leaveDialog.saved'), { variant: 'success' });
      onClose();
    } else setStep({ name: 'done', outcomes });
  };
  const submit = (partial = false) => {
    setRefusal(null);
    apply.mutate(body(partial), {
      onSuccess: (result) => saved(result.visits),
      onError: (error) => {
        const outcomes = leaveOutcomesOf(error);
        const visits = outcomes ? null : conflictVisitsOf(error);
        if (outcomes) setStep({ name: 'partial', outcomes });
        else if (visits) setStep({ name: 'visits', visits });
        else setRefusal(errorMessage(error));
      },
    });
  };

  const pending = apply.isPending;
  const choiceReady = choice.kind === 'cancel' || (choice.kind === 'doctor' ? choice.doctorId !== '' : choice.date !== '');
  const notMoved = step.name === 'partial' ? step.outcomes.filter((outcome) => outcome.outcome === 'not-moved').length : 0;
  const spinner = pending ? <CircularProgress size={16} color="inherit" /> : undefined;
  return (
    <>
      <DialogTitle id="leave-dialog-title">{t('doctors.leaveDialog.title', { name: doctor.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {refusal ? (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          ) : null}
          {step.name === 'dates' ? <LeaveDatesEditor value={dates} onChange={setDates} /> : null}
          {step.name === 'visits' ? (
            <>
              <Alert severity="warning">{t('doctors.leaveDialog.booked', { count: step.visits.length })}</Alert>
              <AffectedVisits visits={step.visits} names={names} label={t('doctors.leaveDialog.visits')} />
              <LeaveChoiceFields doctor={doctor} value={choice} onChange={setChoice} disabled={pending} />
            </>
          ) : null}
          {step.name === 'partial' || step.name === 'done' ? (
            <>
              {step.name === 'partial' ? (
                <Alert severity="warning" role="alert">
                  {t('doctors.leaveDialog.notAllMoved', { count: notMoved })}
                </Alert>
              ) : (
                <Alert severity="success" role="status">
                  {t('doctors.leaveDialog.done')}
                </Alert>
              )}
              <AffectedVisits
                visits={step.outcomes}
                names={names}
                label={t('doctors.leaveDialog.outcomes')}
                outcome={(visit) => <LeaveOutcome outcome={step.outcomes.find((item) => item.id === visit.id)!} wouldBe={step.name === 'partial'} />}
              />
            </>
          ) : null}
          {step.name === 'dates' ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('doctors.leaveDialog.datesHelp')}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step.name === 'done' ? (
          <Button variant="contained" onClick={onClose}>
            {t('doctors.leaveDialog.close')}
          </Button>
        ) : (
          <>
            <Button onClick={step.name === 'partial' ? () => setStep({ name: 'visits', visits: step.outcomes }) : onClose} color="inherit" disabled={pending}>
              {step.name === 'partial' ? t('doctors.leaveDialog.back') : t('doctors.leaveDialog.cancel')}
            </Button>
            {step.name === 'dates' ? (
              <Button variant="contained" onClick={() => submit()} disabled={pending || dates.length === 0} startIcon={spinner}>
                {t('doctors.leaveDialog.save')}
              </Button>
            ) : null}
            {step.name === 'visits' ? (
              <Button variant="contained" onClick={() => submit()} disabled={pending || !choiceReady} startIcon={spinner}>
                {choice.kind === 'cancel' ? t('doctors.leaveDialog.cancelAll') : t('doctors.leaveDialog.moveAll')}
              </Button>
            ) : null}
            {step.name === 'partial' ? (
              <Button variant="contained" onClick={() => submit(true)} disabled={pending} startIcon={spinner}>
                {t('doctors.leaveDialog.savePartial', { count: notMoved })}
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </>
  );
}
