import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { OutboxWorker } from '../../lib/outbox-worker.js';
import type { PushEndpointPolicy } from '../../lib/push/endpoints.js';
import type { PushSenderOptions } from '../../lib/push/sender.js';
import type { VapidDetails } from '../../lib/push/vapid.js';
import type { VisitSubscriber } from '../visits/index.js';
import { createPatientPushSender } from './sender.js';
import { patientPushSubscriber } from './subscriber.js';

export { patientPushRoutes } from './routes.js';
export { forgetPatientPushSubscription } from './service.js';

export interface PatientPush {
  /** This process's sender (drained by tests, stopped with the app). */
  sender: OutboxWorker;
  /** What the visit lifecycle owes patients who opted in. */
  subscriber: VisitSubscriber;
}

/** Queue pushes to the patient app (design.md §7, §10), put together once per process by buildApp. */
export function createPatientPush(deps: { db: Db; vapid: VapidDetails; endpoints: PushEndpointPolicy; log: FastifyBaseLogger }, options: PushSenderOptions = {}): PatientPush {
  const sender = createPatientPushSender(deps.db, deps.vapid, deps.endpoints, deps.log, options);
  return { sender, subscriber: patientPushSubscriber({ db: deps.db, wake: sender.wake }) };
}
