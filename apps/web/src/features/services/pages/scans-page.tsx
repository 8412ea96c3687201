import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function ScansPage() {
  const title = useMenuTitle('scans', 'Scans & Tests');
  return <AreaEmptyPage title={title} icon={<BiotechOutlined />} message="No scans or tests to show yet." />;
}
