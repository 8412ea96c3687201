import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session';
import { StaffManager } from '../components/staff-manager';
import { useT } from '../i18n';

/** Settings > Staff (ADMIN only; a worker whose menu has Settings goes back to the hub). */
export default function StaffPage() {
  const user = useSessionUser();
  const t = useT();
  if (user && user.role !== 'ADMIN') return <Navigate to={paths.settings} replace />;
  return (
    <PageContainer title={t('settings.staff.title')}>
      <Box sx={{ mt: -2 }}>
        <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBack />} color="inherit" size="small">
          {t('settings.back')}
        </Button>
      </Box>
      <StaffManager />
    </PageContainer>
  );
}
