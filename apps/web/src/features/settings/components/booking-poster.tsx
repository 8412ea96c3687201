import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QrCode } from '@/components/qr-code';
import { useT } from '../i18n';

const POSTER_STEPS = ['settings.poster.step1', 'settings.poster.step2', 'settings.poster.step3'] as const;

interface BookingPosterProps {
  organisationName: string;
  logoUrl: string | null;
  /** The booking page's absolute address: what the code holds and the poster spells out. */
  url: string;
}

/**
 * The A4 sheet for the reception wall: who, a code large enough to scan from a chair's distance,
 * the address for a phone without a scanner, and three steps. Black on white (printers, and
 * photocopies of the poster) whatever the console's theme.
 */
export function BookingPoster({ organisationName, logoUrl, url }: BookingPosterProps) {
  const t = useT();
  return (
    <Box
      component="article"
      aria-label={t('settings.poster.label')}
      sx={{
        mx: 'auto',
        width: '100%',
        maxWidth: '210mm',
        bgcolor: 'common.white',
        color: 'common.black',
        boxShadow: 3,
        px: { xs: 3, sm: '14mm' },
        py: { xs: 4, sm: '14mm' },
        textAlign: 'center',
        '@media print': { boxShadow: 'none', maxWidth: 'none', p: 0, breakInside: 'avoid' },
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        {logoUrl ? <Box component="img" src={logoUrl} alt="" sx={{ maxHeight: '22mm', maxWidth: '70%', objectFit: 'contain' }} /> : null}
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {organisationName}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {t('settings.poster.bookOnline')}
        </Typography>
        <Box sx={{ width: '100%', maxWidth: '110mm', '@media print': { maxWidth: '130mm' } }}>
          <QrCode value={url} label={t('settings.poster.qr', { url })} />
        </Box>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
          {url}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', textAlign: 'left', display: 'grid', gap: 1.5, counterReset: 'step' }}>
          {POSTER_STEPS.map((step) => (
            <Typography
              key={step}
              component="li"
              variant="h6"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                counterIncrement: 'step',
                '&::before': {
                  content: 'counter(step)',
                  flex: '0 0 auto',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: '1.8em',
                  height: '1.8em',
                  borderRadius: '50%',
                  border: 2,
                  fontWeight: 700,
                },
              }}
            >
              {t(step)}
            </Typography>
          ))}
        </Box>
      </Stack>
    </Box>
  );
}
