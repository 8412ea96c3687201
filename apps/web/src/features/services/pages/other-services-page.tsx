import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function OtherServicesPage() {
  const title = useMenuTitle('services', 'Other Services');
  return <AreaEmptyPage title={title} icon={<VolunteerActivismOutlined />} message="No other services to show yet." />;
}
