import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function BookingsTokenPage() {
  return (
    <AreaEmptyPage title="Booking tokens" icon={<ConfirmationNumberOutlined />} message="No patients are waiting in today's queue." />
  );
}
