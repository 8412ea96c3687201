import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function PatientsPage() {
  const title = useMenuTitle('patients', 'Patients');
  return <AreaEmptyPage title={title} icon={<PeopleAltOutlined />} message={`No ${title.toLowerCase()} to show yet.`} />;
}
