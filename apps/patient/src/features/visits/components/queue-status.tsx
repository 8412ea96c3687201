import type { AppEvent, PatientQueuePosition } from '@caredesk/shared';
import { useEffect } from 'react';
import { useT } from '@/i18n/use-t';
import { useLiveEvents } from '@/lib/live-events';
import { useResource } from '@/lib/use-resource';
import type { Visit } from '../visit';
import { getQueuePosition } from '../api/get-queue-position';
import { PushOptIn } from './push-opt-in';
import './queue-status.css';

/** Any move of a queue, or a change to one of the patient's visits, may move this visit's place. */
const movesQueues = (event: AppEvent) => event.type === 'token.updated' || event.type === 'appointment.updated' || event.type === 'booking.updated';

function Position({ position }: { position: PatientQueuePosition }) {
  const t = useT();
  if (position.status === 'IN_CONSULTATION' || position.status === 'IN_PROGRESS') {
    return <p className="queue-status__turn">{position.room ? t('queue.yourTurnRoom', { room: position.room }) : t('queue.yourTurn')}</p>;
  }
  const serving = position.nowServing ? t('queue.nowServing', { token: position.nowServing }) : t('queue.notStarted');
  if (position.ahead === null) {
    return (
      <>
        <p className="queue-status__line">{serving}</p>
        {position.status === 'BOOKED' && <p className="queue-status__hint">{t('queue.checkIn')}</p>}
      </>
    );
  }
  return (
    <>
      <p className="queue-status__line">
        <span>{serving}</span>
        <span>{t('queue.you', { token: position.you })}</span>
        <strong>{t('queue.ahead', { count: position.ahead })}</strong>
        {position.estimateMinutes !== null && <span>{t('queue.estimate', { minutes: position.estimateMinutes })}</span>}
      </p>
      {position.estimateBasis && <p className="queue-status__hint">{t(position.estimateBasis === 'PACE' ? 'queue.basisPace' : 'queue.basisSlot')}</p>}
    </>
  );
}

/**
 * Today's queue for one visit: 'Now serving A-004 · You are A-007 · 3 ahead · about 15 min',
 * refetched whenever the patient socket says a queue or one of their visits moved, and when the
 * phone comes back to the page (a socket sleeps with the screen).
 */
export function QueueStatus({ visit }: { visit: Visit }) {
  const t = useT();
  const position = useResource(`queue:${visit.kind}:${visit.id}`, (signal) => getQueuePosition(visit, signal));
  const { reload } = position;
  useLiveEvents(true, movesQueues, reload);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  return (
    <section className="queue-status" aria-label={t('queue.title')}>
      <h4>{t('queue.title')}</h4>
      {/* Polite: a move is read out when the patient is not busy with something else. */}
      <div aria-live="polite">
        {position.status === 'loading' && <p className="queue-status__hint">{t('app.loading')}</p>}
        {position.status === 'error' && <p className="queue-status__hint">{t('queue.unavailable')}</p>}
        {position.status === 'ready' && <Position position={position.data} />}
      </div>
      <PushOptIn />
    </section>
  );
}
