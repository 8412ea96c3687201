import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PageContainer } from '@/components/page-container';
import { useMenuTitle } from '@/components/menu-title';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useDashboard } from '../api/get-dashboard';
import { useLiveDashboard } from '../api/use-live-dashboard';
import { DashboardSkeleton } from '../components/dashboard-skeleton';
import { DashboardView } from '../components/dashboard-view';
import { useT } from '../i18n';

/** '/': today at a glance, the next visits, the last 30 days in charts, and a new admin's first steps. */
export default function DashboardPage() {
  const t = useT();
  const title = useMenuTitle('dashboard', t('dashboard.title'));
  const user = useSessionUser();
  const dashboard = useDashboard();
  useLiveDashboard();

  let content;
  if (dashboard.data && user) content = <DashboardView dashboard={dashboard.data} user={user} />;
  else if (dashboard.error)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
            {t('dashboard.retry')}
          </Button>
        }
      >
        {t('dashboard.loadFailed', { error: errorMessage(dashboard.error) })}
      </Alert>
    );
  else content = <DashboardSkeleton />;

  return <PageContainer title={title}>{content}</PageContainer>;
}
