import { canAccessArea, type MenuArea } from '@caredesk/shared';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useSessionUser } from '@/lib/session';
import { PatientMessages } from './patient-messages';
import { PatientAppointments, PatientBookings } from './patient-visits';

interface ActivityTab {
  value: string;
  label: string;
  area: MenuArea;
  icon: ReactNode;
  empty: string;
  description: string;
}

const allTabs: ActivityTab[] = [
  {
    value: 'appointments',
    label: 'Appointments',
    area: 'appointments',
    icon: <EventNoteOutlined />,
    empty: 'No appointments yet',
    description: 'Appointments booked for this patient will be listed here.',
  },
  {
    value: 'bookings',
    label: 'Bookings',
    area: 'bookings',
    icon: <BookOnlineOutlined />,
    empty: 'No bookings yet',
    description: 'Scan and test bookings for this patient will be listed here.',
  },
  { value: 'chat', label: 'Chat', area: 'chats', icon: <ChatOutlined />, empty: 'No messages yet', description: 'Messages with this patient will appear here.' },
  {
    value: 'messages',
    label: 'Messages',
    area: 'patients',
    icon: <SmsOutlined />,
    empty: 'No messages yet',
    description: 'Confirmations, reminders and queue calls sent to this patient will be listed here.',
  },
];

function TabContent({ tab, patientId }: { tab: ActivityTab; patientId: string }) {
  if (tab.value === 'appointments' && patientId) return <PatientAppointments patientId={patientId} />;
  if (tab.value === 'bookings' && patientId) return <PatientBookings patientId={patientId} />;
  if (tab.value === 'messages' && patientId) return <PatientMessages patientId={patientId} />;
  return <EmptyState icon={tab.icon} title={tab.empty} description={tab.description} />;
}

/** The patient's appointments, bookings, chat and messages; each tab only where the account's menu has the area. */
export function PatientActivityTabs() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const { id: patientId = '' } = useParams();
  const tabs = allTabs.filter((tab) => user && user.role !== 'USER' && canAccessArea(user.admin.type, user.role, tab.area));
  if (tabs.length === 0) return null;
  const active = tabs.find((tab) => tab.value === params.get('tab')) ?? tabs[0]!;
  const select = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Card variant="outlined">
      <Tabs
        value={active.value}
        onChange={(_, value: string) => select(value)}
        aria-label="Patient activity"
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} id={`patient-tab-${tab.value}`} aria-controls={`patient-tabpanel-${tab.value}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`patient-tabpanel-${active.value}`} aria-labelledby={`patient-tab-${active.value}`}>
        <TabContent tab={active} patientId={patientId} />
      </div>
    </Card>
  );
}
