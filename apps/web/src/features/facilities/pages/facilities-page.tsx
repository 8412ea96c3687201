import type { Facility } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { useFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { canManageFacilities } from '../components/can-manage-facilities';
import { DeleteFacilityDialog } from '../components/delete-facility-dialog';
import { FacilityDialog } from '../components/facility-dialog';
import { FacilityList } from '../components/facility-list';
import { useT } from '../i18n';

type Editing = { mode: 'add' } | { mode: 'edit'; facility: Facility } | { mode: 'delete'; facility: Facility } | null;

/** Settings > Facilities: multi-hospital administrators add, rename and remove their sites. */
export default function FacilitiesPage() {
  const user = useSessionUser();
  if (!canManageFacilities(user)) return <Navigate to={paths.settings} replace />;
  return <FacilitiesManager />;
}

function FacilitiesManager() {
  const facilities = useFacilities();
  const t = useT();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  let body;
  if (facilities.error) body = <Alert severity="error">{errorMessage(facilities.error)}</Alert>;
  else if (!facilities.data)
    body = (
      <Stack spacing={1} sx={{ p: 2 }} aria-busy="true" aria-label={t('facilities.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  else if (facilities.data.length === 0) body = <EmptyState icon={<LocalHospitalOutlined />} title={t('facilities.empty')} description={t('facilities.emptyBody')} />;
  else
    body = (
      <FacilityList facilities={facilities.data} onEdit={(facility) => setEditing({ mode: 'edit', facility })} onDelete={(facility) => setEditing({ mode: 'delete', facility })} />
    );

  return (
    <PageContainer
      title={t('facilities.title')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
          {t('facilities.add')}
        </Button>
      }
    >
      <Box sx={{ mt: -2 }}>
        <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBack />} color="inherit" size="small">
          {t('facilities.back')}
        </Button>
      </Box>
      <Card variant="outlined" sx={{ maxWidth: 880 }}>
        {body}
      </Card>
      {editing?.mode === 'add' ? <FacilityDialog onClose={close} /> : null}
      {editing?.mode === 'edit' ? <FacilityDialog facility={editing.facility} onClose={close} /> : null}
      {editing?.mode === 'delete' ? <DeleteFacilityDialog facility={editing.facility} onClose={close} /> : null}
    </PageContainer>
  );
}
