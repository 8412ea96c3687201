import type { AccountSession } from '@caredesk/shared';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { errorMessage } from '@/lib/http';
import { fDateTime, fToNow } from '@/lib/format';
import { useEndAccountSession } from '../api/end-account-session';
import { useAccountSessions } from '../api/get-account-sessions';
import { useT } from '../i18n';
import { deviceName } from './device-name';

interface AccountSessionsProps {
  /** Ending this browser's own session signs out here too. */
  onEndCurrent: (id: string) => Promise<void>;
}

/** Every browser signed in to this account, newest activity first as the API gives them. */
export function AccountSessions({ onEndCurrent }: AccountSessionsProps) {
  const sessions = useAccountSessions();
  const t = useT();
  const end = useEndAccountSession();
  const [ending, setEnding] = useState<AccountSession | null>(null);

  const confirm = async () => {
    if (!ending) return;
    if (ending.current) {
      await onEndCurrent(ending.id);
      return;
    }
    try {
      await end.mutateAsync(ending.id);
      enqueueSnackbar(t('settings.session.ended'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
    setEnding(null);
  };

  if (sessions.error) return <Alert severity="error">{errorMessage(sessions.error)}</Alert>;
  if (!sessions.data) return <Skeleton variant="rounded" height={72} aria-label={t('settings.session.loading')} />;
  return (
    <>
      <List aria-label={t('settings.account.sessions')} disablePadding>
        {sessions.data.map((session, index) => {
          const device = deviceName(session.userAgent);
          return (
            <ListItem key={session.id} divider={index < sessions.data.length - 1} disableGutters sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <DevicesOutlined sx={{ color: 'text.secondary', mt: 0.5 }} aria-hidden />
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {device}
                  {session.current ? <Chip size="small" color="primary" label={t('settings.session.thisDevice')} /> : null}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {t('settings.session.details', {
                    ip: session.ip ?? t('settings.session.unknownIp'),
                    signedIn: fDateTime(session.signedInAt),
                    lastActive: fToNow(session.lastActiveAt),
                  })}
                </Typography>
              </Box>
              <Button
                size="small"
                color="error"
                onClick={() => setEnding(session)}
                aria-label={t(session.current ? 'settings.session.endOnThis' : 'settings.session.endOn', { device })}
              >
                {t('settings.session.end')}
              </Button>
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={ending !== null}
        title={t('settings.session.endTitle')}
        message={ending?.current ? t('settings.session.endCurrentBody') : t('settings.session.endOtherBody')}
        confirmLabel={t('settings.session.end')}
        destructive
        pending={end.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
