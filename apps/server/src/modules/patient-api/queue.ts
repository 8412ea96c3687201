import type { PatientQueuePosition } from '@caredesk/shared';
import type { Db } from '../../db/client.js';
import type { PatientCaller } from '../../lib/patient-auth.js';
import { queuePosition } from '../token-queue/index.js';
import { ownAppointments } from './appointments.js';
import { ownBookings } from './bookings.js';

/** The app's two kinds of visit, as their queues are named. */
export type OwnVisitKind = 'appointments' | 'bookings';

/**
 * Where the account's own visit stands in today's queue of its doctor (scan, test): the desk's
 * queue and order (token-queue), told in token labels. The estimate is the waiting tokens ahead
 * times today's pace when there is one (token-queue's paceMinutes), else times the slot length.
 */
export async function ownQueuePosition(db: Db, caller: PatientCaller, kind: OwnVisitKind, id: string, now = new Date()): Promise<PatientQueuePosition> {
  const visit =
    kind === 'appointments'
      ? await ownAppointments.get(db, caller, id).then((own) => ({ ...own, ownerId: own.doctorId }))
      : await ownBookings.get(db, caller, id).then((own) => ({ ...own, ownerId: own.serviceId }));
  const position = await queuePosition(db, visit.organisationId, kind === 'appointments' ? 'doctors' : 'services', visit.ownerId, visit.id, now);
  const { ahead } = position;
  const estimate =
    ahead === null
      ? { estimateMinutes: null, estimateBasis: null }
      : position.paceMinutes !== null
        ? { estimateMinutes: Math.round(ahead * position.paceMinutes), estimateBasis: 'PACE' as const }
        : { estimateMinutes: ahead * position.slotMinutes, estimateBasis: 'SLOT' as const };
  return {
    visitId: visit.id,
    date: visit.date,
    status: visit.status,
    nowServing: position.nowServing,
    you: visit.tokenLabel,
    ahead,
    ...estimate,
    room: position.room,
  };
}
