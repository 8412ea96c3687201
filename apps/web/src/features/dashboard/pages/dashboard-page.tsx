import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function DashboardPage() {
  const title = useMenuTitle('dashboard', 'Dashboard');
  return (
    <AreaEmptyPage
      title={title}
      icon={<DashboardOutlined />}
      message="Today's appointments, bookings and earnings appear here once your first records come in."
    />
  );
}
