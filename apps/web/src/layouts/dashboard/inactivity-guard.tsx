import { INACTIVITY_DEFAULT_MINUTES, INACTIVITY_WARNING_SECONDS } from '@caredesk/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { startInactivityTracker, type InactivityTracker } from '../../lib/inactivity';
import { useT } from './i18n';

const secondsUntil = (deadline: number | null) => (deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));

/** Whole seconds left until `deadline`, ticking every second while the warning shows. */
function useSecondsLeft(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    if (deadline === null) return undefined;
    const timer = setInterval(() => setSeconds(secondsUntil(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/**
 * Signs the person out after the organisation's idle time (GET /api/account's
 * inactivityMinutes), through the avatar menu's Logout path, after a minute's warning.
 */
export function InactivityGuard({ minutes = INACTIVITY_DEFAULT_MINUTES }: { minutes?: number }) {
  const t = useT();
  const titleId = useId();
  const navigate = useNavigate();
  const [deadline, setDeadline] = useState<number | null>(null);
  const tracker = useRef<InactivityTracker | null>(null);
  const logout = useLogout({ onSettled: () => void navigate(paths.signIn, { replace: true }) });
  const signOut = useRef(logout.mutate);
  signOut.current = logout.mutate;
  const seconds = useSecondsLeft(deadline);

  useEffect(() => {
    tracker.current = startInactivityTracker({
      timeoutMs: minutes * 60_000,
      warningMs: INACTIVITY_WARNING_SECONDS * 1000,
      onWarning: setDeadline,
      onActive: () => setDeadline(null),
      onTimeout: () => {
        setDeadline(null);
        signOut.current();
      },
    });
    return () => tracker.current?.stop();
  }, [minutes]);

  return (
    <Dialog open={deadline !== null} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('layouts.inactivity.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText role="timer" aria-live="polite">
          {t('layouts.inactivity.countdown', { seconds })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => tracker.current?.markActive()}>
          {t('layouts.inactivity.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
