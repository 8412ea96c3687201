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

/** '/': today at a glance, the next visits, the last 30 days in charts, and a new admin's first steps. */
export default function DashboardPage() {
  const title = useMenuTitle('dashboard', 'Dashboard');
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
            Retry
          </Button>
        }
      >
        The dashboard could not be loaded: {errorMessage(dashboard.error)}
      </Alert>
    );
  else content = <DashboardSkeleton />;

  return <PageContainer title={title}>{content}</PageContainer>;
}
