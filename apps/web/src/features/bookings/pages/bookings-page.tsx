import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function BookingsPage() {
  const title = useMenuTitle('bookings', 'Bookings');
  return <AreaEmptyPage title={title} icon={<BookOnlineOutlined />} message="No bookings to show yet." />;
}
