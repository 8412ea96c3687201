import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Navigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useMessageSettings } from '../api/get-message-settings';
import { MessageSettingsForm } from '../components/message-settings-form';
import { MessagesNav } from '../components/messages-nav';
import { TestMessageCard } from '../components/test-message-card';
import { useT } from '../i18n';

/** /settings/messages (admins; a worker whose menu has Settings goes to the log, which it may read). */
export default function MessageSettingsPage() {
  const user = useSessionUser();
  if (user && user.role !== 'ADMIN') return <Navigate to={paths.settingsMessageLog} replace />;
  return <MessageSettings />;
}

function MessageSettings() {
  const t = useT();
  const settings = useMessageSettings();
  let body;
  if (settings.error) body = <Alert severity="error">{errorMessage(settings.error)}</Alert>;
  else if (!settings.data)
    body = (
      <Stack spacing={2} aria-busy="true" sx={{ maxWidth: 960 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={160} />
        ))}
      </Stack>
    );
  else
    body = (
      <>
        <MessageSettingsForm settings={settings.data} />
        <Stack sx={{ maxWidth: 960 }}>
          <TestMessageCard />
        </Stack>
      </>
    );
  return (
    <PageContainer title={t('messages.settings.title')}>
      <MessagesNav admin />
      {body}
    </PageContainer>
  );
}
