import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useOnlineBookingSettings } from '../api/get-online-booking-settings';
import { useOrganisationSettings } from '../api/get-organisation-settings';
import { BookingPoster } from '../components/booking-poster';
import { publicPageUrl } from '../components/booking-page-links';
import { useT } from '../i18n';

/** Settings > Online booking > Print poster (ADMIN only, like the page it comes from). */
export default function OnlineBookingPosterPage() {
  const user = useSessionUser();
  if (user && user.role !== 'ADMIN') return <Navigate to={paths.settings} replace />;
  return <OnlineBookingPoster />;
}

function OnlineBookingPoster() {
  const settings = useOnlineBookingSettings();
  const t = useT();
  const organisation = useOrganisationSettings();
  const error = settings.error ?? organisation.error;
  const back = (
    <Button component={RouterLink} to={paths.settingsOnlineBooking} startIcon={<ArrowBack />} color="inherit" size="small">
      {t('settings.booking.title')}
    </Button>
  );

  if (error) return <Page toolbar={back} body={<Alert severity="error">{errorMessage(error)}</Alert>} />;
  if (!settings.data || !organisation.data)
    return (
      <Page toolbar={back} body={<Skeleton variant="rectangular" aria-label={t('settings.booking.loadingPoster')} sx={{ mx: 'auto', maxWidth: '210mm', height: '70vh' }} />} />
    );
  if (!settings.data.enabled) {
    return (
      <Page
        toolbar={back}
        body={
          <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
            <Typography variant="h4" component="h1">
              {t('settings.booking.posterTitle')}
            </Typography>
            <Alert severity="info">{t('settings.booking.posterOff')}</Alert>
          </Stack>
        }
      />
    );
  }
  const toolbar = (
    <>
      {back}
      <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
        {t('settings.booking.print')}
      </Button>
    </>
  );
  const url = publicPageUrl(window.location.origin, settings.data.slug);
  return <Page toolbar={toolbar} body={<BookingPoster organisationName={organisation.data.name} logoUrl={organisation.data.logoUrl} url={url} />} />;
}

/** The on-screen controls above the sheet are left out of the print. */
function Page({ toolbar, body }: { toolbar: ReactNode; body: ReactNode }) {
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mx: 'auto', width: '100%', maxWidth: '210mm', displayPrint: 'none' }}>
        {toolbar}
      </Box>
      {body}
    </Stack>
  );
}
