import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { usePushPermission, type PushEnableFailure } from '@/lib/push';

/** What a failed 'Enable notifications' tells the person: what happened and what they can do. */
export function pushFailureText(reason: PushEnableFailure): string {
  switch (reason) {
    case 'permission-blocked':
      return 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.';
    case 'permission-dismissed':
      return 'Notifications were not allowed: the browser’s question was closed without an answer. Try again to be asked once more.';
    case 'unsupported-browser':
    case 'indexed-db-unsupported':
    case 'only-available-in-window':
      return 'This browser cannot show notifications from the console. Use a current Chrome, Edge, Firefox or Safari.';
    case 'missing-app-config-values':
      return 'Notifications could not be turned on: the server has no push key set up. Ask your administrator.';
    case 'failed-service-worker-registration':
      return 'Notifications could not be turned on: the browser did not start the console’s background worker. Reload and try again.';
    case 'token-subscribe-failed':
    case 'token-update-failed':
    case 'token-unsubscribe-failed':
    case 'token-subscribe-no-token':
    case 'token-update-no-token':
      return 'Notifications could not be turned on: the browser’s push subscription failed. Try again.';
  }
}

/**
 * Browser push is asked for only here, on a click (never on page load), and only while the
 * browser supports it and the user has not decided yet. A failed click says why, and stays.
 */
export function EnablePushPrompt() {
  const { permission, pending, failure, enable } = usePushPermission();
  if (permission !== 'default' && !failure) return null;
  const canRetry = permission === 'default';
  return (
    <Box sx={{ mx: 2, mb: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {canRetry ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <NotificationsActiveOutlined color="primary" />
          <Typography variant="body2" sx={{ flex: 1 }}>
            Get new appointments, bookings and messages even when the console is closed.
          </Typography>
          <Button
            size="small"
            variant="contained"
            disabled={pending}
            onClick={() => {
              void enable().then((on) => {
                if (on) enqueueSnackbar('Browser notifications are on', { variant: 'success' });
              });
            }}
            sx={{ flexShrink: 0 }}
          >
            Enable notifications
          </Button>
        </Box>
      ) : null}
      {failure ? (
        <Alert severity={failure === 'permission-dismissed' ? 'info' : 'warning'} role="alert">
          {pushFailureText(failure)}
        </Alert>
      ) : null}
    </Box>
  );
}
