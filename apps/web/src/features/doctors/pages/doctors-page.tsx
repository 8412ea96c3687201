import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function DoctorsPage() {
  const title = useMenuTitle('doctors', 'Doctors');
  return <AreaEmptyPage title={title} icon={<MedicalServicesOutlined />} message="No doctors to show yet." />;
}
