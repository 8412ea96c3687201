import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function AppointmentsTokenPage() {
  return (
    <AreaEmptyPage
      title="Appointment tokens"
      icon={<ConfirmationNumberOutlined />}
      message="No patients are waiting in today's queue."
    />
  );
}
