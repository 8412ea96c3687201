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
import { embedSnippet } from './booking-page-links';

interface ShareBookingPageSectionProps {
  slug: string;
  /** Online booking as saved: a poster of a page that takes no bookings would only disappoint. */
  enabled: boolean;
  organisationName: string;
}

/** Where patients find the page: a printed poster with a QR code, and the hospital's own web site. */
export function ShareBookingPageSection({ slug, enabled, organisationName }: ShareBookingPageSectionProps) {
  const snippet = embedSnippet({ origin: window.location.origin, slug, name: organisationName });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      enqueueSnackbar('Code copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Copy the code by hand: the browser did not allow copying', { variant: 'warning' });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="share-booking-page-title" sx={{ p: 2 }}>
      <Typography id="share-booking-page-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Share your booking page
      </Typography>
      <Stack spacing={3}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3">
            Poster for the reception
          </Typography>
          {enabled ? (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                An A4 poster with a QR code: patients scan it with their phone and book on the spot.
              </Typography>
              <Button component={RouterLink} to={paths.settingsOnlineBookingPoster} variant="outlined" startIcon={<PrintOutlined />}>
                Print poster
              </Button>
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Turn on online booking below to print a poster for the reception.
            </Typography>
          )}
        </Stack>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3">
            On your website
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Paste this code into a page of your website to show the booking page there.
          </Typography>
          <TextField
            label="Code for your website"
            value={snippet}
            multiline
            fullWidth
            size="small"
            onFocus={(event) => event.target.select()}
            slotProps={{ input: { sx: { typography: 'body2', fontFamily: 'monospace' } }, htmlInput: { readOnly: true, spellCheck: false } }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
            Copy code
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
