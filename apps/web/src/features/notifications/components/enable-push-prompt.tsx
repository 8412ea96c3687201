import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { usePushPermission } from '@/lib/push';

/**
 * Browser push is asked for only here, on a click (never on page load), and only while the
 * browser supports it and the user has not decided yet.
 */
export function EnablePushPrompt() {
  const { permission, pending, enable } = usePushPermission();
  const { enqueueSnackbar } = useSnackbar();
  if (permission !== 'default') return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mx: 2, mb: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
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
  );
}
