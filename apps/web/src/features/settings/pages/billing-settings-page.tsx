import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useBillingSettings, useFacilityBilling } from '../api/get-billing-settings';
import { BillingFeesForm } from '../components/billing-fees-form';
import { FacilityBillingForm } from '../components/facility-billing-form';
import { useT } from '../i18n';

/**
 * Settings > Billing (ADMIN only, as the server's PATCH is: a worker whose menu has Settings goes
 * back to the hub, like the other organisation pages; workers meet the fees on the bills they make).
 */
export default function BillingSettingsPage() {
  const user = useSessionUser();
  if (user && user.role !== 'ADMIN') return <Navigate to={paths.settings} replace />;
  return <BillingSettings />;
}

function BillingSettings() {
  const settings = useBillingSettings();
  const t = useT();
  const facilities = useFacilityBilling();
  const error = settings.error ?? facilities.error;
  let body;
  if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (!settings.data || !facilities.data)
    body = (
      <Stack spacing={2} aria-busy="true" aria-label={t('settings.billing.loading')} sx={{ maxWidth: 880 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={160} />
        ))}
      </Stack>
    );
  else
    body = (
      <Stack spacing={4} sx={{ maxWidth: 880, minWidth: 0 }}>
        <BillingFeesForm settings={settings.data} />
        <Box component="section" aria-labelledby="billing-facilities-title" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography id="billing-facilities-title" variant="h6" component="h2">
            {t('settings.billing.receipts')}
          </Typography>
          {facilities.data.length === 0 ? (
            <Alert severity="info">{t('settings.billing.noFacilities')}</Alert>
          ) : (
            facilities.data.map((facility) => <FacilityBillingForm key={facility.facilityId} facility={facility} />)
          )}
        </Box>
      </Stack>
    );
  return (
    <PageContainer title={t('settings.billing.title')}>
      <Box sx={{ mt: -2 }}>
        <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBack />} color="inherit" size="small">
          {t('settings.back')}
        </Button>
      </Box>
      {body}
    </PageContainer>
  );
}
