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
import { useT } from '../i18n';

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
  const t = useT();
  return (
    <Card variant="outlined" sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start' }}>
      <Avatar src={user.logoUrl ?? undefined} alt={user.name}>
        {user.name.charAt(0).toUpperCase()}
      </Avatar>
      <Stack component="dl" spacing={1} sx={{ m: 0, flex: 1, minWidth: 0 }}>
        <Detail label={t('settings.summary.name')} value={user.name} />
        <Detail label={t('settings.summary.email')} value={user.email} />
        <Detail label={t('settings.summary.role')} value={t(`settings.role.${user.role}`)} />
        <Detail label={t('settings.summary.organisation')} value={user.admin.name} />
        <Detail label={t('settings.summary.type')} value={t(`settings.type.${user.admin.type}`)} />
      </Stack>
    </Card>
  );
}

/** The Settings hub: the admin's organisation pages, and everyone's own account. */
export default function SettingsPage() {
  const t = useT();
  const title = useMenuTitle('settings', t('settings.hub.title'));
  const user = useSessionUser();
  if (!user) return <PageContainer title={title}>{null}</PageContainer>;
  const admin = user.role === 'ADMIN';
  return (
    <PageContainer title={title}>
      <Stack spacing={4} sx={{ maxWidth: 880 }}>
        {admin ? (
          <Section title={t('settings.hub.organisationSection')}>
            <SettingsLinkCard
              title={t('settings.hub.organisation')}
              description={t('settings.hub.organisationBody')}
              href={paths.settingsOrganisation}
              icon={<BusinessOutlined />}
            />
            <SettingsLinkCard title={t('settings.hub.staff')} description={t('settings.hub.staffBody')} href={paths.settingsStaff} icon={<GroupOutlined />} />
            {managesFacilities(user.admin.type) ? (
              <SettingsLinkCard
                title={t('settings.hub.facilities')}
                description={t('settings.hub.facilitiesBody')}
                href={paths.settingsFacilities}
                icon={<LocalHospitalOutlined />}
              />
            ) : null}
            <SettingsLinkCard title={t('settings.hub.messages')} description={t('settings.hub.messagesBody')} href={paths.settingsMessages} icon={<SmsOutlined />} />
            <SettingsLinkCard
              title={t('settings.hub.onlineBooking')}
              description={t('settings.hub.onlineBookingBody')}
              href={paths.settingsOnlineBooking}
              icon={<EventAvailableOutlined />}
            />
            <SettingsLinkCard title={t('settings.hub.billing')} description={t('settings.hub.billingBody')} href={paths.settingsBilling} icon={<ReceiptLongOutlined />} />
            <SettingsLinkCard title={t('settings.hub.audit')} description={t('settings.hub.auditBody')} href={paths.settingsAudit} icon={<HistoryOutlined />} />
          </Section>
        ) : null}
        <Box>
          <Section title={t('settings.hub.yourAccount')}>
            <SettingsLinkCard title={t('settings.hub.myAccount')} description={t('settings.hub.myAccountBody')} href={paths.account} icon={<ManageAccountsOutlined />} />
          </Section>
          <Box sx={{ mt: 2 }}>
            <AccountSummary user={user} />
          </Box>
        </Box>
      </Stack>
    </PageContainer>
  );
}
