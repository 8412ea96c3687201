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
import { useOnlineBookingSettings } from '../api/get-online-booking-settings';
import { useOrganisationSettings } from '../api/get-organisation-settings';
import { OnlineBookingRulesForm } from '../components/online-booking-rules-form';
import { OnlineBookingSwitches } from '../components/online-booking-switches';
import { PublicAddressSection } from '../components/public-address-section';
import { ShareBookingPageSection } from '../components/share-booking-page-section';
import { useT } from '../i18n';

/** Settings > Online booking (ADMIN only; a worker whose menu has Settings goes back to the hub). */
export default function OnlineBookingPage() {
  const user = useSessionUser();
  if (user && user.role !== 'ADMIN') return <Navigate to={paths.settings} replace />;
  return <OnlineBooking />;
}

function OnlineBooking() {
  const settings = useOnlineBookingSettings();
  const t = useT();
  // The organisation's name goes into the embed code's title.
  const organisation = useOrganisationSettings();
  const error = settings.error ?? organisation.error;
  let body;
  if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (!settings.data || !organisation.data)
    body = (
      <Stack spacing={2} aria-busy="true" aria-label={t('settings.booking.loading')} sx={{ maxWidth: 880 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={140} />
        ))}
      </Stack>
    );
  else
    body = (
      <Stack spacing={2} sx={{ maxWidth: 880, minWidth: 0 }}>
        <PublicAddressSection slug={settings.data.slug} />
        <ShareBookingPageSection slug={settings.data.slug} enabled={settings.data.enabled} organisationName={organisation.data.name} />
        <OnlineBookingRulesForm settings={settings.data} />
        <OnlineBookingSwitches settings={settings.data} />
      </Stack>
    );
  return (
    <PageContainer title={t('settings.booking.title')}>
      <Box sx={{ mt: -2 }}>
        <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBack />} color="inherit" size="small">
          {t('settings.back')}
        </Button>
      </Box>
      {body}
    </PageContainer>
  );
}
