import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useOrganisationSettings } from '../api/get-organisation-settings';
import { OrganisationForm } from '../components/organisation-form';
import { useT } from '../i18n';

/** Settings > Organisation (ADMIN only; a worker whose menu has Settings goes back to the hub). */
export default function OrganisationSettingsPage() {
  const user = useSessionUser();
  if (user && user.role !== 'ADMIN') return <Navigate to={paths.settings} replace />;
  return <OrganisationSettings />;
}

function OrganisationSettings() {
  const profile = useOrganisationSettings();
  const t = useT();
  let body;
  if (profile.error) body = <Alert severity="error">{errorMessage(profile.error)}</Alert>;
  else if (!profile.data)
    body = (
      <Stack spacing={2} aria-busy="true" aria-label={t('settings.organisation.loading')} sx={{ maxWidth: 880 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={160} />
        ))}
      </Stack>
    );
  else body = <OrganisationForm profile={profile.data} />;
  return (
    <PageContainer title={t('settings.organisation.title')}>
      <Box sx={{ mt: -2 }}>
        <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBack />} color="inherit" size="small">
          {t('settings.back')}
        </Button>
      </Box>
      {body}
    </PageContainer>
  );
}
