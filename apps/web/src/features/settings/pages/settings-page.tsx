import { managesFacilities, type SessionUser } from '@caredesk/shared';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useMenuTitle } from '@/components/menu-title';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session';
import { SettingsLinkCard } from '../components/settings-link-card';

const roleLabel = { ADMIN: 'Administrator', WORKER: 'Staff', USER: 'User' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {children}
      </Box>
    </Box>
  );
}

const typeLabel = {
  HOSPITAL: 'Hospital',
  HOSPITALANDCARE: 'Hospital and care',
  SCAN: 'Scan and test centre',
  SCANANDCARE: 'Scan centre and care',
  MULTIHOSPITAL: 'Multi-hospital',
  MULTIHOSPITALANDCARE: 'Multi-hospital and care',
} as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Who is signed in, and where: the same for every role. */
function AccountSummary({ user }: { user: SessionUser }) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start' }}>
      <Avatar src={user.logoUrl ?? undefined} alt={user.name}>
        {user.name.charAt(0).toUpperCase()}
      </Avatar>
      <Stack component="dl" spacing={1} sx={{ m: 0, flex: 1, minWidth: 0 }}>
        <Detail label="Name" value={user.name} />
        <Detail label="E-mail" value={user.email} />
        <Detail label="Role" value={roleLabel[user.role]} />
        <Detail label="Organisation" value={user.admin.name} />
        <Detail label="Type" value={typeLabel[user.admin.type]} />
      </Stack>
    </Card>
  );
}

/** The Settings hub: the admin's organisation pages, and everyone's own account. */
export default function SettingsPage() {
  const title = useMenuTitle('settings', 'Settings');
  const user = useSessionUser();
  if (!user) return <PageContainer title={title}>{null}</PageContainer>;
  const admin = user.role === 'ADMIN';
  return (
    <PageContainer title={title}>
      <Stack spacing={4} sx={{ maxWidth: 880 }}>
        {admin ? (
          <Section title="Organisation settings">
            <SettingsLinkCard
              title="Organisation"
              description="Name, contact details, logo, time zone and automatic sign-out."
              href={paths.settingsOrganisation}
              icon={<BusinessOutlined />}
            />
            <SettingsLinkCard title="Staff" description="Add people, change roles, reset passwords, deactivate accounts." href={paths.settingsStaff} icon={<GroupOutlined />} />
            {managesFacilities(user.admin.type) ? (
              <SettingsLinkCard
                title="Facilities"
                description="The hospitals and centres of your organisation: add, rename or remove them."
                href={paths.settingsFacilities}
                icon={<LocalHospitalOutlined />}
              />
            ) : null}
            <SettingsLinkCard
              title="Messages"
              description="WhatsApp and SMS to patients: what is sent, reminders, texts, and the log."
              href={paths.settingsMessages}
              icon={<SmsOutlined />}
            />
            <SettingsLinkCard
              title="Online booking"
              description="Your public booking page for patients: its address, who takes online bookings, how far ahead."
              href={paths.settingsOnlineBooking}
              icon={<EventAvailableOutlined />}
            />
            <SettingsLinkCard
              title="Billing"
              description="Registration and follow-up fees, free follow-ups, GST, discount limit, and each facility's GSTIN and receipt numbers."
              href={paths.settingsBilling}
              icon={<ReceiptLongOutlined />}
            />
            <SettingsLinkCard title="Audit log" description="Who read or changed what, and when." href={paths.settingsAudit} icon={<HistoryOutlined />} />
          </Section>
        ) : null}
        <Box>
          <Section title="Your account">
            <SettingsLinkCard title="My account" description="Your name, photo, password and signed-in devices." href={paths.account} icon={<ManageAccountsOutlined />} />
          </Section>
          <Box sx={{ mt: 2 }}>
            <AccountSummary user={user} />
          </Box>
        </Box>
      </Stack>
    </PageContainer>
  );
}
