import ContentCopy from '@mui/icons-material/ContentCopy';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '../i18n';
import { embedSnippet } from './booking-page-links';

interface ShareBookingPageSectionProps {
  slug: string;
  /** Online booking as saved: a poster of a page that takes no bookings would only disappoint. */
  enabled: boolean;
  organisationName: string;
}

/** Where patients find the page: a printed poster with a QR code, and the hospital's own web site. */
export function ShareBookingPageSection({ slug, enabled, organisationName }: ShareBookingPageSectionProps) {
  const t = useT();
  const snippet = embedSnippet({ origin: window.location.origin, slug, name: organisationName });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      enqueueSnackbar(t('settings.share.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('settings.share.copyByHand'), { variant: 'warning' });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="share-booking-page-title" sx={{ p: 2 }}>
      <Typography id="share-booking-page-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('settings.share.title')}
      </Typography>
      <Stack spacing={3}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3">
            {t('settings.booking.posterTitle')}
          </Typography>
          {enabled ? (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.share.posterBody')}
              </Typography>
              <Button component={RouterLink} to={paths.settingsOnlineBookingPoster} variant="outlined" startIcon={<PrintOutlined />}>
                {t('settings.share.printPoster')}
              </Button>
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('settings.share.posterOff')}
            </Typography>
          )}
        </Stack>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3">
            {t('settings.share.website')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settings.share.websiteBody')}
          </Typography>
          <TextField
            label={t('settings.share.codeLabel')}
            value={snippet}
            multiline
            fullWidth
            size="small"
            onFocus={(event) => event.target.select()}
            slotProps={{ input: { sx: { typography: 'body2', fontFamily: 'monospace' } }, htmlInput: { readOnly: true, spellCheck: false } }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
            {t('settings.share.copyCode')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
