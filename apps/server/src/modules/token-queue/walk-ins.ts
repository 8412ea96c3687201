import { tokenLabel, type TokenQueueKind, type WalkIn, type walkInCreateSchema } from '@caredesk/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { StaffContext } from '../../lib/auth.js';
import { addWalkIn, staffActor, type WriteOptions } from '../visits/index.js';
import { getQueue } from './queries.js';
import { queueSources } from './sources.js';

/**
 * 'Add walk-in' on a doctor's (scan's, test's) queue today: the visits engine places the patient
 * (QUEUE_ORDER_RULE's note on walk-ins); the answer is their token and the queue they joined.
 */
export async function addWalkInToQueue(
  db: Db,
  caller: StaffContext,
  kind: TokenQueueKind,
  ownerId: string,
  body: z.output<typeof walkInCreateSchema>,
  options: WriteOptions = {},
): Promise<WalkIn> {
  const visit = await addWalkIn(db, queueSources[kind].visit, staffActor(caller), { ownerId, patientId: body.patientId, reason: body.reason }, options);
  return {
    visitId: visit.id,
    tokenNumber: visit.tokenNumber,
    tokenLabel: tokenLabel(visit.tokenNumber, visit.owner.tokenPrefix),
    startTime: visit.startTime,
    overbooked: visit.overbooked,
    queue: await getQueue(db, caller.organisationId, kind, ownerId, options.now),
  };
}
