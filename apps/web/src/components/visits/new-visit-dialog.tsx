import { patientSummaryOf, type PatientSummary } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { enqueueSnackbar } from '@/components/toast';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/records/form-text-field';
import { JoinWaitlist } from '@/components/waitlist/join-waitlist';
import { errorMessage, errorStatus } from '@/lib/http';
import { usePatient } from './api/get-patient';
import { useSameDayVisits, type VisitKind } from './api/get-same-day-visits';
import { FormVisitDateField } from './form-visit-date-field';
import { OwnerField, type VisitOwner, type VisitOwners } from './owner-field';
import { PatientStep } from './patient-step';
import { SameDayWarning } from './same-day-warning';
import { RepeatFields } from './series/repeat-fields';
import { REPEAT_OFF, repeatPlanOf, seriesRequestOf, type SeriesBookedResult, type SeriesCreateInput } from './series/repeat-plan';
import { SeriesBookedContent } from './series/series-booked';
import { bookSeriesLabel, seriesBookedToast } from './series/series-texts';
import { SlipActions } from './slip-dialog';
import { VisitDialogActions } from './visit-dialog-actions';
import { VisitStep } from './visit-step';
import { visitFormResolver, type VisitCreateInput, type VisitFormValues } from './visit-form';
import { isoDay } from './visit-format';
import { useT } from './i18n';

interface NewVisitDialogProps<Owner extends VisitOwner, Visit extends { tokenLabel: string }, OwnerKey extends string> {
  /** Appointments (doctors) or bookings (scans and tests): where a same-day duplicate is looked for. */
  kind: VisitKind;
  /** The kind's shared create schema (appointmentCreateSchema), which the form validates with. */
  schema: z.ZodType<unknown, VisitCreateInput<NoInfer<OwnerKey>>>;
  /** Its name for whom the visit is with: 'doctorId', 'serviceId'. */
  ownerKey: OwnerKey;
  open: boolean;
  /** From ?patientId= (the patient view's Book button): starts with that patient chosen. */
  patientId: string | null;
  /** A free slot clicked on the calendar: starts with its doctor, date and time chosen. */
  slot?: { ownerId: string; date: string; startTime: string } | null;
  onClose: () => void;
  /** 'New appointment', then 'Appointment booked'. */
  title: string;
  bookedTitle: string;
  owners: VisitOwners<Owner>;
  /**
   * `extra`: the chosen slot is full and booked as an extra (overbook), offered by the picker;
   * `whenFull`: the day's 'Add to waitlist', for the picker to show when every slot is taken.
   */
  renderSlots: (
    ownerId: string | null,
    date: string,
    value: string | null,
    onChange: (start: string | null, extra?: boolean) => void,
    extra: boolean,
    whenFull: ReactNode,
  ) => ReactNode;
  renderSlip: (visit: Visit) => ReactNode;
  /** Books; rejects with the server's refusal (409 when the slot filled meanwhile). */
  book: (input: VisitCreateInput<OwnerKey>) => Promise<Visit>;
  pending: boolean;
  /** Offers 'Repeat': the same time every N days or weeks, booked as a series (absent: one visit only). */
  repeat?: { book: (input: SeriesCreateInput<OwnerKey>) => Promise<SeriesBookedResult>; pending: boolean };
}

/** Patient, then doctor or service and date, then a free slot; after booking, the slip. Full screen on phones. */
export function NewVisitDialog<Owner extends VisitOwner, Visit extends { tokenLabel: string }, OwnerKey extends string>(props: NewVisitDialogProps<Owner, Visit, OwnerKey>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="new-visit-title">
      {props.open ? <NewVisitContent {...props} /> : null}
    </Dialog>
  );
}

function NewVisitContent<Owner extends VisitOwner, Visit extends { tokenLabel: string }, OwnerKey extends string>(props: NewVisitDialogProps<Owner, Visit, OwnerKey>) {
  const { patientId, onClose, owners, pending } = props;
  const t = useT();
  const today = isoDay();
  const [resolver] = useState(() => visitFormResolver(props.schema, props.ownerKey));
  const form = useForm<VisitFormValues, unknown, VisitCreateInput<OwnerKey>>({
    resolver,
    defaultValues: { patientId: '', ownerId: props.slot?.ownerId ?? '', date: props.slot?.date ?? today, startTime: props.slot?.startTime ?? '', reason: '' },
  });
  const { control, handleSubmit, setValue, watch, formState } = form;
  const { errors } = formState;
  const [ownerId, date, startTime, overbook] = watch(['ownerId', 'date', 'startTime', 'overbook']);
  // The chosen patient's card; the form keeps their id.
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [booked, setBooked] = useState<Visit | null>(null);
  const [repeat, setRepeat] = useState(REPEAT_OFF);
  const [series, setSeries] = useState<SeriesBookedResult | null>(null);
  const planned = props.repeat && repeat.on ? repeatPlanOf(repeat, date) : null;
  const owner = owners.options.find((option) => option.id === ownerId) ?? null;
  const preselected = usePatient(patientId);
  const sameDay = useSameDayVisits(patient && owner && date ? { kind: props.kind, ownerId: owner.id, patientId: patient.id, date } : null);
  const duplicates = patient && owner ? (sameDay.data ?? []) : [];

  const pickPatient = (next: PatientSummary | null) => {
    setPatient(next);
    setValue('patientId', next?.id ?? '', { shouldValidate: formState.isSubmitted });
  };
  // A new doctor, service or day has other slots: the chosen one no longer stands.
  const clearSlot = () => {
    setValue('startTime', '');
    setValue('overbook', undefined);
  };
  // Only a full slot chosen as an extra asks the server to overbook: never sent otherwise.
  const pickSlot = (start: string | null, extra?: boolean) => {
    setValue('startTime', start ?? '');
    setValue('overbook', start && extra ? true : undefined);
  };

  // The patient of ?patientId= once, when it arrives (a later refetch must not undo 'Change').
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (preselected.data && !seeded) {
      setPatient(patientSummaryOf(preselected.data));
      setValue('patientId', preselected.data.id);
      setSeeded(true);
    }
  }, [preselected.data, seeded, setValue]);

  if (series) return <SeriesBookedContent result={series} titleId="new-visit-title" onDone={onClose} />;
  if (booked) {
    return (
      <>
        <DialogTitle id="new-visit-title">{props.bookedTitle}</DialogTitle>
        <DialogContent>{props.renderSlip(booked)}</DialogContent>
        <SlipActions onDone={onClose} />
      </>
    );
  }

  const booking = (input: VisitCreateInput<OwnerKey>): Promise<unknown> => {
    if (!planned) {
      return props.book(input).then((visit) => {
        enqueueSnackbar(t('visits.booked', { token: visit.tokenLabel }), { variant: 'success' });
        setBooked(visit);
      });
    }
    // The plan is refused on its field until it is a series; nothing is sent meanwhile.
    if (!('plan' in planned) || !props.repeat) return Promise.resolve();
    return props.repeat.book(seriesRequestOf(input, props.ownerKey, planned.plan)).then((result) => {
      const toast = seriesBookedToast(result);
      enqueueSnackbar(toast.message, { variant: toast.variant });
      setSeries(result);
    });
  };

  const book = handleSubmit((input) => {
    setConflict(null);
    return booking(input).then(
      () => undefined,
      (error: unknown) => {
        const message = errorMessage(error);
        enqueueSnackbar(message, { variant: 'error' });
        // Taken meanwhile: the slots are refetched (the mutation invalidates them); pick again.
        if (errorStatus(error) === 409) {
          setConflict(message);
          clearSlot();
        }
      },
    );
  });

  return (
    <FormProvider {...form}>
      <DialogTitle id="new-visit-title">{props.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <VisitStep n={1} title={t('visits.step.patient')} error={errors.patientId?.message}>
            {patientId && preselected.isPending && !patient ? <CircularProgress size={20} /> : <PatientStep patient={patient} onPick={pickPatient} />}
          </VisitStep>
          <VisitStep n={2} title={owners.step}>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <Controller
                name="ownerId"
                control={control}
                render={({ field, fieldState }) => (
                  <OwnerField
                    owners={owners}
                    value={owner}
                    onChange={(next) => {
                      field.onChange(next?.id ?? '');
                      clearSlot();
                    }}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <FormVisitDateField label={t('visits.date')} size="small" min={today} />
            </Box>
          </VisitStep>
          {duplicates.length > 0 && patient && owner ? (
            <SameDayWarning kind={props.kind} patientName={patient.name} ownerName={owners.name(owner)} date={date} visits={duplicates} />
          ) : null}
          <VisitStep n={3} title={t('visits.step.time')} error={errors.startTime?.message}>
            {conflict ? (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {conflict}
              </Alert>
            ) : null}
            {props.renderSlots(
              owner?.id ?? null,
              date,
              startTime || null,
              pickSlot,
              Boolean(overbook),
              // Keyed by the day and patient: another choice starts a new join.
              owner && date ? <JoinWaitlist key={`${owner.id}/${date}/${patient?.id ?? ''}`} kind={props.kind} ownerId={owner.id} date={date} patient={patient} /> : null,
            )}
          </VisitStep>
          <FormTextField name="reason" label={t('visits.reasonOptional')} size="small" slotProps={{ htmlInput: { maxLength: 500 } }} />
          {props.repeat ? <RepeatFields kind={props.kind} value={repeat} onChange={setRepeat} startDate={date} startTime={startTime || null} /> : null}
        </Stack>
      </DialogContent>
      <VisitDialogActions
        label={
          planned && 'dates' in planned
            ? bookSeriesLabel(planned.dates.length)
            : overbook
              ? t('visits.extras.book')
              : duplicates.length > 0
                ? t('visits.bookAnyway')
                : t('visits.book')
        }
        onSubmit={() => void book()}
        ready={Boolean(patient && owner && startTime) && (!planned || 'dates' in planned)}
        pending={pending || Boolean(props.repeat?.pending)}
        onClose={onClose}
      />
    </FormProvider>
  );
}
