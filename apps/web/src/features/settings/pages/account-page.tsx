import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { FormSection } from '@/components/records/form-section';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { removePushSubscription } from '@/lib/push';
import { clearSession } from '@/lib/session';
import { endAccountSession } from '../api/end-account-session';
import { useAccount } from '../api/get-account';
import { AccountProfileForm } from '../components/account-profile-form';
import { AccountSessions } from '../components/account-sessions';
import { ChangePasswordForm } from '../components/change-password-form';
import { useT } from '../i18n';

/** My account (every role): own details, password and signed-in browsers. */
export default function AccountPage() {
  const account = useAccount();
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Ending this browser's own session is a sign-out: like Logout, the push subscription goes
  // first, while the token still works, so the next person here gets none of this one's pushes.
  const endCurrent = async (id: string) => {
    await removePushSubscription();
    try {
      await endAccountSession(id);
    } finally {
      clearSession();
      queryClient.clear();
      await navigate(paths.signIn, { replace: true });
    }
  };

  return (
    <PageContainer title={t('settings.account.title')}>
      {account.error ? <Alert severity="error">{errorMessage(account.error)}</Alert> : null}
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <FormSection title={t('settings.account.details')} description={account.data ? `${account.data.organisationName}` : undefined}>
          {account.data ? <AccountProfileForm account={account.data} /> : <Skeleton variant="rounded" height={240} aria-label={t('settings.account.loading')} />}
        </FormSection>
        <FormSection title={t('settings.account.changePassword')}>
          <ChangePasswordForm />
        </FormSection>
        <FormSection title={t('settings.account.sessions')} description={t('settings.account.sessionsBody')}>
          <AccountSessions onEndCurrent={endCurrent} />
        </FormSection>
      </Stack>
    </PageContainer>
  );
}
