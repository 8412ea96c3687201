import type { Db } from '../../db/client.js';
import { loadMessageSettings } from '../messages/index.js';
import { getQueue } from '../token-queue/index.js';
import type { VisitLifecycleEvent, VisitSubscriber } from '../visits/index.js';
import { owePatientPushes } from './owe.js';

export interface PatientPushSubscriberDeps {
  db: Db;
  /** Wakes this process's sender once owed pushes are committed. */
  wake: () => void;
}

/**
 * 'You are next' to the first nextAheadCount waiting patients of the queue that moved, read
 * after commit from the queue as the display shows it: the same window as the messages'
 * 'you are next' (modules/messages/subscriber.ts), so the push and the text agree. A move whose
 * after-commit work is lost is made good by the queue's next move.
 */
async function oweNext(deps: PatientPushSubscriberDeps, event: VisitLifecycleEvent): Promise<number> {
  const settings = await loadMessageSettings(deps.db, event.organisationId);
  const queue = await getQueue(deps.db, event.organisationId, event.kind === 'appointment' ? 'doctors' : 'services', event.ownerId);
  const window = queue.waiting.slice(0, settings.nextAheadCount);
  return owePatientPushes(
    deps.db,
    'next',
    event.kind,
    window.map((entry) => entry.visitId),
  );
}

/**
 * Queue pushes to patients who opted in on the patient app (design.md §7, §10). Free: unlike
 * WhatsApp and SMS, a push costs the organisation nothing, so no wallet is charged and no
 * add-on or channel setting applies.
 */
export function patientPushSubscriber(deps: PatientPushSubscriberDeps): VisitSubscriber {
  return {
    name: 'patient-push',
    events: ['called', 'checked-in', 'completed'],
    async inTransaction(tx, event) {
      // 'It's your turn' commits with the call itself.
      if (event.type === 'called') await owePatientPushes(tx, 'called', event.kind, [event.visitId]);
    },
    async afterCommit(event) {
      await oweNext(deps, event);
      deps.wake();
    },
  };
}
