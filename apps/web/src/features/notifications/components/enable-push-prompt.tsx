import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { usePushPermission, type PushEnableFailure } from '@/lib/push';
import { useT } from '../i18n';

/** What a failed 'Enable notifications' tells the person: what happened and what they can do. */
export function pushFailureText(reason: PushEnableFailure, t: ReturnType<typeof useT>): string {
  switch (reason) {
    case 'permission-blocked':
      return t('notifications.push.blocked');
    case 'permission-dismissed':
      return t('notifications.push.dismissed');
    case 'unsupported-browser':
    case 'indexed-db-unsupported':
    case 'only-available-in-window':
      return t('notifications.push.unsupported');
    case 'missing-app-config-values':
      return t('notifications.push.noKey');
    case 'failed-service-worker-registration':
      return t('notifications.push.noWorker');
    case 'token-subscribe-failed':
    case 'token-update-failed':
    case 'token-unsubscribe-failed':
    case 'token-subscribe-no-token':
    case 'token-update-no-token':
      return t('notifications.push.subscribeFailed');
  }
}

/**
 * Browser push is asked for only here, on a click (never on page load), and only while the
 * browser supports it and the user has not decided yet. A failed click says why, and stays.
 */
export function EnablePushPrompt() {
  const t = useT();
  const { permission, pending, failure, enable } = usePushPermission();
  if (permission !== 'default' && !failure) return null;
  const canRetry = permission === 'default';
  return (
    <Box sx={{ mx: 2, mb: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {canRetry ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <NotificationsActiveOutlined color="primary" />
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('notifications.push.pitch')}
          </Typography>
          <Button
            size="small"
            variant="contained"
            disabled={pending}
            onClick={() => {
              void enable().then((on) => {
                if (on) enqueueSnackbar(t('notifications.push.on'), { variant: 'success' });
              });
            }}
            sx={{ flexShrink: 0 }}
          >
            {t('notifications.push.enable')}
          </Button>
        </Box>
      ) : null}
      {failure ? (
        <Alert severity={failure === 'permission-dismissed' ? 'info' : 'warning'} role="alert">
          {pushFailureText(failure, t)}
        </Alert>
      ) : null}
    </Box>
  );
}
