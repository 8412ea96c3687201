import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function AppointmentsPage() {
  const title = useMenuTitle('appointments', 'Appointments');
  return <AreaEmptyPage title={title} icon={<EventNoteOutlined />} message="No appointments to show yet." />;
}
