import { PRODUCT_NAME, type SessionUser } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { layout } from '../../config/layout';
import { useLinkComponent } from '../link-component';
import { DefaultLogoMark } from './default-logo-mark';
import { useT } from '../../i18n/use-t';

interface LogoProps {
  /** The organisation ("admin") of the signed-in user, when there is one. */
  admin?: SessionUser['admin'] | null;
  href?: string;
}

/** SPEC.md §1–2: the organisation's own logo (200x60) when it has one, else the product logo. */
export function Logo({ admin, href = '/' }: LogoProps) {
  const LinkComponent = useLinkComponent();
  const t = useT();
  return (
    <Box
      component={LinkComponent}
      to={href}
      aria-label={admin?.logoUrl ? admin.name : t('logo.label', { product: PRODUCT_NAME })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, color: 'text.primary', textDecoration: 'none' }}
    >
      {admin?.logoUrl ? (
        <Box
          component="img"
          src={admin.logoUrl}
          alt={admin.name}
          width={layout.adminLogoWidth}
          height={layout.adminLogoHeight}
          sx={{ objectFit: 'contain', objectPosition: 'left center' }}
        />
      ) : (
        <>
          <DefaultLogoMark />
          <Box>
            <Typography component="span" variant="h6" sx={{ display: 'block', lineHeight: 1.1 }}>
              {PRODUCT_NAME}
            </Typography>{' '}
            <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', letterSpacing: 1 }}>
              {t('logo.admin')}
            </Typography>
          </Box>
        </>
      )}
    </Box>
  );
}
