import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useT } from '../i18n';

/** The page's shape while the figures load: eight cards, then the charts and the list. */
export function DashboardSkeleton() {
  const t = useT();
  return (
    <Box role="status" aria-label={t('dashboard.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={112} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={340} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Skeleton variant="rounded" height={300} />
        <Skeleton variant="rounded" height={300} />
      </Box>
    </Box>
  );
}
