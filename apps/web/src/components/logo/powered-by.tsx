import { PRODUCT_PROVIDER } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DefaultLogoMark } from './default-logo-mark';
import { useT } from '../../i18n/use-t';

/** The footer-style logo at the bottom of the sidebar. */
export function PoweredBy() {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 2 }}>
      <DefaultLogoMark width={24} />
      <Box>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', lineHeight: 1.2 }}>
          {t('logo.poweredBy')}
        </Typography>
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, lineHeight: 1.2 }}>
          {PRODUCT_PROVIDER}
        </Typography>
      </Box>
    </Box>
  );
}
