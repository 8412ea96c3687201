import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { turnPushOff, turnPushOn, usePushState } from '@/lib/push';

type Problem = 'blocked' | 'offline' | 'failed';

/**
 * 'Notify me when I'm next' on a visit of today: shown only where the browser can push and the
 * patient has not refused notifications. Permission is asked at the tap, never on load.
 */
export function PushOptIn() {
  const t = useT();
  const { i18n } = useLingui();
  const state = usePushState();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === NETWORK_ERROR ? 'offline' : 'failed');
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () =>
    run(async () => {
      if ((await turnPushOn(i18n.locale)) === 'denied') setProblem('blocked');
    });

  if (state === 'checking' || state === 'unsupported' || (state === 'denied' && problem !== 'blocked')) return null;
  return (
    <div className="queue-status__push">
      {state === 'on' ? (
        <>
          <p className="queue-status__push-on">{t('push.on')}</p>
          <Button variant="quiet" disabled={busy} onClick={() => void run(turnPushOff)}>
            {t('push.turnOff')}
          </Button>
        </>
      ) : (
        state === 'off' && (
          <Button variant="secondary" disabled={busy} onClick={() => void turnOn()}>
            {t('push.notifyMe')}
          </Button>
        )
      )}
      {problem && (
        <p role="alert" className="queue-status__hint">
          {problem === 'blocked' ? t('push.blocked') : problem === 'offline' ? t('errors.network') : t('push.failed')}
        </p>
      )}
    </div>
  );
}
