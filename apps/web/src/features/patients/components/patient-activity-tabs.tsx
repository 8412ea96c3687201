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
import { useT } from '../i18n';

interface ActivityTab {
  value: 'appointments' | 'bookings' | 'chat' | 'messages';
  area: MenuArea;
  icon: ReactNode;
}

const allTabs: ActivityTab[] = [
  { value: 'appointments', area: 'appointments', icon: <EventNoteOutlined /> },
  { value: 'bookings', area: 'bookings', icon: <BookOnlineOutlined /> },
  { value: 'chat', area: 'chats', icon: <ChatOutlined /> },
  { value: 'messages', area: 'patients', icon: <SmsOutlined /> },
];

function TabContent({ tab, patientId }: { tab: ActivityTab; patientId: string }) {
  const t = useT();
  if (tab.value === 'appointments' && patientId) return <PatientAppointments patientId={patientId} />;
  if (tab.value === 'bookings' && patientId) return <PatientBookings patientId={patientId} />;
  if (tab.value === 'messages' && patientId) return <PatientMessages patientId={patientId} />;
  return <EmptyState icon={tab.icon} title={t(`patients.${tab.value}.empty`)} description={t(`patients.${tab.value}.emptyDescription`)} />;
}

/** The patient's appointments, bookings, chat and messages; each tab only where the account's menu has the area. */
export function PatientActivityTabs() {
  const t = useT();
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
        aria-label={t('patients.tab.label')}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={t(`patients.tab.${tab.value}`)} id={`patient-tab-${tab.value}`} aria-controls={`patient-tabpanel-${tab.value}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`patient-tabpanel-${active.value}`} aria-labelledby={`patient-tab-${active.value}`}>
        <TabContent tab={active} patientId={patientId} />
      </div>
    </Card>
  );
}
