import {
  tokenLabel,
  type BulkCancelOutcome,
  type BulkCancelResult,
  type BulkRefusal,
  type BulkRescheduleOutcome,
  type BulkRescheduleResult,
  type Language,
} from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, ConflictError, errorMessageIn, NotFoundError } from '../../lib/errors.js';
import type { VisitActor } from './book.js';
import { actOnVisit, canReschedule, rescheduleVisit } from './engine.js';
import type { VisitCreate, VisitKind } from './kinds.js';
import type { WriteOptions } from './lifecycle.js';
import { ownerOf } from './series.js';

type Kind = VisitKind;

/** The visit's status now, for a refusal that names it; null when the caller cannot see the visit. */
async function statusNow(db: Db, kind: Kind, organisationId: string, id: string): Promise<string | null> {
  const { visits } = kind;
  const [row] = await db
    .select({ status: visits.status })
    .from(visits)
    .where(and(eq(visits.id, id), eq(visits.organisationId, organisationId)));
  return row?.status ?? null;
}

/**
 * How one refused visit of a bulk action is answered: why, in the reply's language. `allows` is
 * the action's own status rule: a 409 from a status it does not allow is a refusal for the
 * status; any other 409 (a full slot, a leave day) says why itself.
 */
async function refusal(db: Db, kind: Kind, actor: VisitActor, id: string, error: AppError, language: Language, allows: (status: string) => boolean): Promise<BulkRefusal> {
  const message = errorMessageIn(error, language);
  if (error instanceof NotFoundError) return { id, outcome: 'refused', reason: 'not-found', status: null, message };
  if (error instanceof ConflictError) {
    const status = await statusNow(db, kind, actor.organisationId, id);
    if (status !== null && !allows(status)) return { id, outcome: 'refused', reason: 'status', status, message };
  }
  return { id, outcome: 'refused', reason: 'other', status: null, message };
}

/**
 * One bulk action, visit by visit: `act` does one visit's whole single action in its own
 * transaction, so one refusal leaves the others done. Visits go one after another: a request
 * holds one visit's lock at a time, so two bulk actions on overlapping visits wait for each other
 * visit by visit and never deadlock, and each visit is acted on once. An id given twice counts
 * once; outcomes follow the ids' order. A refusal the caller caused (an AppError: another
 * organisation's id, a completed visit, a full slot) is an outcome; any other failure (the
 * database gone) fails the request as it would a single action.
 */
async function eachVisit<Done extends { id: string }>(
  db: Db,
  kind: Kind,
  actor: VisitActor,
  ids: readonly string[],
  language: Language,
  allows: (status: string) => boolean,
  act: (id: string) => Promise<Done>,
): Promise<(Done | BulkRefusal)[]> {
  const results: (Done | BulkRefusal)[] = [];
  for (const id of new Set(ids)) {
    try {
      results.push(await act(id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push(await refusal(db, kind, actor, id, error, language, allows));
    }
  }
  return results;
}

/**
 * A list's bulk cancel: each visit cancelled with the one reason exactly as a single cancel is
 * (actOnVisit: its lock, the status graph, history, live events and the patient's message), by
 * eachVisit's rules.
 */
export async function cancelVisits(
  db: Db,
  kind: VisitKind<VisitCreate, 'cancel'>,
  actor: VisitActor,
  ids: readonly string[],
  reason: string,
  options: WriteOptions & { language: Language },
): Promise<BulkCancelResult> {
  const allows = (status: string) => kind.canMove(status, kind.actionTarget.cancel);
  const results = await eachVisit(db, kind, actor, ids, options.language, allows, async (id): Promise<BulkCancelOutcome> => {
    await actOnVisit(db, kind, actor, id, 'cancel', { reason }, options);
    return { id, outcome: 'cancelled' };
  });
  const cancelled = results.filter((result) => result.outcome === 'cancelled').length;
  return { results, cancelled, refused: results.length - cancelled };
}

/**
 * A list's bulk reschedule: each visit moved to `date` at its own start time (read under its
 * lock), with `ownerId` or its own owner, exactly as a single reschedule is (rescheduleVisit: the
 * day's lock, the slot rules, a new token, history, live events and the patient's 'rescheduled'
 * message), by eachVisit's rules. Never an overbooking: a full slot is a refusal. Another
 * organisation's or an unknown owner refuses the whole request (404) before any visit moves.
 */
export async function rescheduleVisits(
  db: Db,
  kind: Kind,
  actor: VisitActor,
  ids: readonly string[],
  move: { date: string; ownerId?: string | undefined },
  options: WriteOptions & { language: Language },
): Promise<BulkRescheduleResult> {
  if (move.ownerId !== undefined) await ownerOf(db, kind, actor.organisationId, move.ownerId);
  const results = await eachVisit(db, kind, actor, ids, options.language, canReschedule, async (id): Promise<BulkRescheduleOutcome> => {
    const moved = await rescheduleVisit(db, kind, actor, id, { ownerId: move.ownerId, date: move.date }, options);
    return { id, outcome: 'moved', date: moved.date, startTime: moved.startTime, tokenLabel: tokenLabel(moved.tokenNumber, moved.tokenPrefix) };
  });
  const moved = results.filter((result) => result.outcome === 'moved').length;
  return { results, moved, refused: results.length - moved };
}

interface BulkWrite {
  id: string;
  action: 'update' | 'denied';
}

/** What the audit trail records of a bulk action: each visit changed, and each named out of reach. */
export function bulkVisitWrites(result: { results: readonly ({ id: string; outcome: string } | BulkRefusal)[] }): BulkWrite[] {
  return result.results.flatMap((item): BulkWrite[] => {
    if (item.outcome !== 'refused') return [{ id: item.id, action: 'update' }];
    return 'reason' in item && item.reason === 'not-found' ? [{ id: item.id, action: 'denied' }] : [];
  });
}
