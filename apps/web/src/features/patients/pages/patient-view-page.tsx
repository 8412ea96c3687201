import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePatient } from '@/components/visits/api/get-patient';
import { paths } from '@/config/paths';
import { DeletePatientDialog } from '../components/delete-patient-dialog';
import { PatientActivityTabs } from '../components/patient-activity-tabs';
import { PatientDetailsCard } from '../components/patient-details-card';
import { isPatientId } from '../components/patient-id';
import { PatientNotFound } from '../components/patient-not-found';
import { PatientSummary } from '../components/patient-summary';
import { useT } from '../i18n';
import { usePatientsTitle } from '../components/use-patients-title';

/** /user/:id: the patient's record, then what later issues add (appointments, bookings, chat). */
export default function PatientViewPage() {
  const { id = '' } = useParams();
  const { title } = usePatientsTitle();
  const t = useT();
  const navigate = useNavigate();
  const valid = isPatientId(id);
  const patient = usePatient(id, valid);
  const [deleting, setDeleting] = useState(false);

  if (!valid || patient.isError) return <PatientNotFound error={valid ? patient.error : undefined} />;

  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to={paths.patients} startIcon={<ArrowBack />} color="inherit" size="small">
          {title}
        </Button>
      </Box>
      {patient.data ? (
        <>
          <PatientSummary patient={patient.data} onDelete={() => setDeleting(true)} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(300px, 2fr) 3fr' }, alignItems: 'start' }}>
            <PatientDetailsCard patient={patient.data} />
            <PatientActivityTabs />
          </Box>
          <DeletePatientDialog patient={patient.data} open={deleting} onClose={() => setDeleting(false)} onDeleted={() => void navigate(paths.patients, { replace: true })} />
        </>
      ) : (
        <Stack spacing={3} aria-busy="true" aria-label={t('patients.page.loading')}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      )}
    </Stack>
  );
}
