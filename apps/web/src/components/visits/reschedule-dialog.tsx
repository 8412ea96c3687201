import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { enqueueSnackbar } from '@/components/toast';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/records/form-text-field';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { FormVisitDateField } from './form-visit-date-field';
import { VisitDialogActions } from './visit-dialog-actions';
import { rescheduleFormResolver, type RescheduleInput } from './visit-form';
import { fTimeOfDay, fVisitDate } from './visit-format';
import { useT } from './i18n';

interface RescheduleDialogProps {
  /** 'Reschedule appointment', 'Reschedule booking'. */
  title: string;
  /** Who and what, now when: 'Lakshmi Narayan with Dr. Meera Iyer, now 22 Nov 2026 at 9:30 am'. */
  summary: string;
  /** The visit's current date: the first date offered (today when it is past). */
  date: string;
  /** The kind's shared reschedule schema (rescheduleSchema, bookingRescheduleSchema), which the form validates with. */
  schema: z.ZodType<unknown, RescheduleInput>;
  open: boolean;
  onClose: () => void;
  pending: boolean;
  /** Whom to move it to, above the date (appointments: another active doctor); choosing clears the slot. */
  renderOwner?: (clearSlot: () => void) => ReactNode;
  /**
   * The free slots of the chosen doctor or service on `date`; a full one may be chosen as an extra
   * (`extra`), in the day's allowance, when the picker offers it.
   */
  renderSlots: (date: string, value: string | null, onChange: (start: string | null, extra?: boolean) => void, extra: boolean) => ReactNode;
  /** Moves the visit; resolves with where it went (and whether as an extra), rejects with the server's refusal. */
  onReschedule: (input: RescheduleInput) => Promise<{ date: string; startTime: string; overbooked?: boolean }>;
}

/** A new date and a free slot (of another doctor, where renderOwner offers one), or a full one as an extra. Full screen on phones. */
export function RescheduleDialog({ title, summary, date: current, schema, open, onClose, pending, renderOwner, renderSlots, onReschedule }: RescheduleDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const today = useOrganisationToday();
  const t = useT();
  const [resolver] = useState(() => rescheduleFormResolver(schema));
  const form = useForm<RescheduleInput, unknown, RescheduleInput>({
    resolver,
    defaultValues: { date: current < today ? today : current, startTime: '', reason: '' },
  });
  const { handleSubmit, setValue, watch, formState } = form;
  const [date, startTime, overbook] = watch(['date', 'startTime', 'overbook']);
  // Only a full slot chosen as an extra asks the server to overbook: never sent otherwise.
  const pickSlot = (start: string | null, extra?: boolean) => {
    setValue('startTime', start ?? '');
    setValue('overbook', start && extra ? true : undefined);
  };

  const submit = handleSubmit((input) =>
    onReschedule(input).then(
      (moved) => {
        const where = { date: fVisitDate(moved.date), time: fTimeOfDay(moved.startTime) };
        enqueueSnackbar(moved.overbooked ? t('visits.reschedule.doneExtra', where) : t('visits.reschedule.done', where), { variant: 'success' });
        onClose();
      },
      // A slot taken meanwhile (409): the mutation refetches the slots; the message says to pick again.
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    ),
  );

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="reschedule-title">
      <FormProvider {...form}>
        <DialogTitle id="reschedule-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {summary}
            </Typography>
            {renderOwner?.(() => pickSlot(null))}
            <FormVisitDateField label={t('visits.reschedule.newDate')} min={today} sx={{ maxWidth: 280 }} />
            {renderSlots(date, startTime || null, pickSlot, Boolean(overbook))}
            {formState.errors.startTime ? <FormHelperText error>{formState.errors.startTime.message}</FormHelperText> : null}
            <FormTextField name="reason" label={t('visits.reasonOptional')} />
          </Stack>
        </DialogContent>
        <VisitDialogActions
          label={overbook ? t('visits.extras.move') : t('visits.reschedule.submit')}
          onSubmit={() => void submit()}
          ready={Boolean(startTime)}
          pending={pending}
          onClose={onClose}
        />
      </FormProvider>
    </Dialog>
  );
}
