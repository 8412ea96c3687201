import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { RecordLoadState } from '@/components/records/record-states';
import { paths } from '@/config/paths';
import { useDoctor } from '../api/get-doctor';
import { DoctorForm } from '../components/doctor-form';

function EditDoctor({ id }: { id: string }) {
  const doctor = useDoctor(id);
  if (!doctor.data) {
    return <RecordLoadState title="Edit doctor" error={doctor.error} notFoundTitle="Doctor not found" backHref={paths.doctors} backLabel="Back to doctors" />;
  }
  return (
    <PageContainer title={`Edit ${doctor.data.name}`}>
      <DoctorForm key={doctor.data.id} doctor={doctor.data} />
    </PageContainer>
  );
}

/** /doctor/new and /doctor/:id/edit. */
export default function DoctorFormPage() {
  const { id } = useParams();
  if (id) return <EditDoctor id={id} />;
  return (
    <PageContainer title="Add doctor">
      <DoctorForm />
    </PageContainer>
  );
}
