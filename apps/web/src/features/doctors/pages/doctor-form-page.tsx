import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { RecordLoadState } from '@/components/records/record-states';
import { paths } from '@/config/paths';
import { useDoctor } from '../api/get-doctor';
import { DoctorForm } from '../components/doctor-form';
import { useT } from '../i18n';

function EditDoctor({ id }: { id: string }) {
  const t = useT();
  const doctor = useDoctor(id);
  if (!doctor.data) {
    return <RecordLoadState title={t('doctors.editTitle')} error={doctor.error} notFoundTitle={t('doctors.notFound')} backHref={paths.doctors} backLabel={t('doctors.back')} />;
  }
  return (
    <PageContainer title={t('doctors.editName', { name: doctor.data.name })}>
      <DoctorForm key={doctor.data.id} doctor={doctor.data} />
    </PageContainer>
  );
}

/** /doctor/new and /doctor/:id/edit. */
export default function DoctorFormPage() {
  const t = useT();
  const { id } = useParams();
  if (id) return <EditDoctor id={id} />;
  return (
    <PageContainer title={t('doctors.add')}>
      <DoctorForm />
    </PageContainer>
  );
}
