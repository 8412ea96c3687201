import type { Service } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormSection } from '@/components/records/form-section';
import { useT } from '../i18n';
import { packageSummary } from './service-columns';

/** A package's page: the scans and tests a booking of it takes, in order. Nothing for a single scan or test. */
export function PackageItemsView({ service }: { service: Service }) {
  const t = useT();
  const summary = packageSummary(service, t);
  if (!summary) return null;
  return (
    <FormSection title={t('services.section.package')} description={summary}>
      <Box component="ol" aria-label={t('services.section.package')} sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {service.packageItems.map((item) => (
          <li key={item.serviceId}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {item.name}
            </Typography>
            <Typography variant="body2" component="span" sx={{ color: item.active ? 'text.secondary' : 'warning.dark' }}>
              {' · '}
              {[t(item.kind === 'SCAN' ? 'services.kind.scan' : 'services.kind.test'), item.active ? null : t('services.package.inactive')].filter(Boolean).join(' · ')}
            </Typography>
          </li>
        ))}
      </Box>
    </FormSection>
  );
}
