import { PageContainer } from '@/components/page-container';
import { showFormError } from '@/components/records/form-errors';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { paths } from '@/config/paths';
import type { Patient } from '@caredesk/shared';
import Skeleton from '@mui/material/Skeleton';
import { enqueueSnackbar } from '@/components/toast';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useCreatePatient } from '@/components/visits/api/create-patient';
import { usePatient } from '@/components/visits/api/get-patient';
import { useUpdatePatient } from '../api/update-patient';
import { PatientForm } from '../components/patient-form';
import { emptyPatientForm, patientFormResolver, patientFormValues, type PatientFormValues, type PatientPayload } from '../components/patient-form-values';
import { PatientNotFound } from '../components/patient-not-found';
import { isPatientId } from '../components/patient-id';
import { useT } from '../i18n';
import { usePatientsTitle, type PatientsKind } from '../components/use-patients-title';

/** /user/new and /user/:id/edit. */
export default function PatientFormPage() {
  const { id } = useParams();
  const t = useT();
  const { kind } = usePatientsTitle();
  if (!id) return <PatientEditor title={t('patients.page.add', { kind })} />;
  return <EditPatient id={id} kind={kind} />;
}

function EditPatient({ id, kind }: { id: string; kind: PatientsKind }) {
  const t = useT();
  const valid = isPatientId(id);
  const patient = usePatient(id, valid);
  if (!valid || patient.isError) return <PatientNotFound error={valid ? patient.error : undefined} />;
  if (!patient.data) {
    return (
      <PageContainer title={t('patients.page.edit', { kind })}>
        <Skeleton variant="rounded" height={420} />
      </PageContainer>
    );
  }
  // Keyed by the record so a refetch never resets what is being typed.
  return <PatientEditor key={patient.data.id} title={t('patients.page.edit', { kind })} patient={patient.data} />;
}

function PatientEditor({ title, patient }: { title: string; patient?: Patient }) {
  const t = useT();
  const navigate = useNavigate();
  const form = useForm<PatientFormValues, unknown, PatientPayload>({
    resolver: patientFormResolver,
    defaultValues: patient ? patientFormValues(patient) : emptyPatientForm,
    mode: 'onTouched',
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const pending = create.isPending || update.isPending;

  const onSaved = (saved: Patient) => {
    enqueueSnackbar(patient ? t('patients.page.saved') : t('patients.page.added', { name: saved.name }), { variant: 'success' });
    guard.allowNavigation();
    // Back from the view returns to the list, not to a form that has been saved.
    void navigate(paths.record(paths.patients, saved.id), { replace: true });
  };
  const onError = (error: unknown) => showFormError(error, { setError: form.setError });

  const submit = (payload: PatientPayload) => {
    if (patient) update.mutate({ id: patient.id, input: payload }, { onSuccess: onSaved, onError });
    else create.mutate(payload, { onSuccess: onSaved, onError });
  };

  return (
    <PageContainer title={title}>
      <PatientForm form={form} patientId={patient?.id} pending={pending} cancelHref={patient ? paths.record(paths.patients, patient.id) : paths.patients} onSubmit={submit} />
      {guard.dialog}
    </PageContainer>
  );
}
