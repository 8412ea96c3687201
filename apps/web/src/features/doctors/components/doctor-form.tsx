import type { Doctor } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import { enqueueSnackbar } from '@/components/toast';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { AvailabilityEditor } from '@/components/availability/availability-editor';
import { LeaveDatesEditor } from '@/components/availability/leave-dates-editor';
import { FormActions } from '@/components/records/form-actions';
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { useManagesFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { useCreateDoctor } from '../api/create-doctor';
import { conflictVisitsOf } from '../api/doctor-days';
import { useUpdateDoctor } from '../api/update-doctor';
import { useT } from '../i18n';
import { doctorFieldMap, doctorFormDefaults, doctorFormSchema, doctorInputOf, type DoctorFormInput, type DoctorFormOutput } from './doctor-form-schema';
import { DoctorPracticeFields } from './doctor-practice-fields';
import { DoctorProfileFields } from './doctor-profile-fields';
import type { LeaveConflict } from './leave-dialog';

// Loaded only when leave added here hits booked days.
const LeaveDialog = lazy(() => import('./leave-dialog').then((module) => ({ default: module.LeaveDialog })));

/** Adds a doctor, or edits `doctor`; after saving, opens the doctor's page. */
export function DoctorForm({ doctor }: { doctor?: Doctor }) {
  const t = useT();
  const navigate = useNavigate();
  // A new schema per language: its messages are read when it is built.
  const schema = useMemo(() => doctorFormSchema(), [t]);
  const managesFacilities = useManagesFacilities();
  const form = useForm<DoctorFormInput, unknown, DoctorFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: doctorFormDefaults(doctor),
  });
  const { control, formState, handleSubmit, setError } = form;
  const create = useCreateDoctor();
  const update = useUpdateDoctor();
  const pending = create.isPending || update.isPending;
  const guard = useUnsavedChangesGuard(formState.isDirty);
  // Leave added over days with visits: the server lists them; the leave dialog says what becomes of them.
  const [leaveConflict, setLeaveConflict] = useState<LeaveConflict | null>(null);
  const [leaveSaved, setLeaveSaved] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    const input = doctorInputOf(values, managesFacilities);
    try {
      const saved = doctor ? await update.mutateAsync({ id: doctor.id, changes: input }) : await create.mutateAsync(input);
      guard.allowNavigation();
      enqueueSnackbar(t('doctors.saved', { name: saved.name }), { variant: 'success' });
      await navigate(paths.record(paths.doctors, saved.id), { replace: !doctor });
    } catch (error) {
      const visits = conflictVisitsOf(error);
      const added = (input.leaveDates ?? []).filter((date) => !doctor?.leaveDates.includes(date));
      if (doctor && visits && added.length > 0) setLeaveConflict({ dates: added, visits });
      else showFormError(error, { setError, fieldMap: doctorFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection title={t('doctors.section.profile')}>
          <DoctorProfileFields />
        </FormSection>
        <FormSection title={t('doctors.section.practice')}>
          <DoctorPracticeFields />
        </FormSection>
        <FormSection title={t('doctors.section.availability')} description={t('doctors.section.availabilityHelp')}>
          <Controller
            name="availability"
            control={control}
            render={({ field, fieldState }) => <AvailabilityEditor value={field.value ?? []} onChange={field.onChange} error={fieldState.error ?? formState.errors.availability} />}
          />
        </FormSection>
        <FormSection title={t('doctors.section.leave')} description={t('doctors.section.leaveHelp')}>
          <Controller
            name="leaveDates"
            control={control}
            render={({ field, fieldState }) => <LeaveDatesEditor value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        </FormSection>
        <FormActions cancelHref={doctor ? paths.record(paths.doctors, doctor.id) : paths.doctors} pending={pending} disabled={Boolean(doctor) && !formState.isDirty} />
      </Box>
      {guard.dialog}
      {doctor && leaveConflict ? (
        <Suspense fallback={null}>
          <LeaveDialog
            doctor={doctor}
            open
            conflict={leaveConflict}
            onSaved={() => setLeaveSaved(true)}
            onClose={() => {
              setLeaveConflict(null);
              setLeaveSaved(false);
              // Once the leave is saved (its outcome read), the rest of the form saves: its leave dates are no longer new.
              if (leaveSaved) void onSubmit();
            }}
          />
        </Suspense>
      ) : null}
    </FormProvider>
  );
}
