import type { BulkCancelOutcome, BulkCancelResult, Language } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, ConflictError, errorMessageIn, NotFoundError } from '../../lib/errors.js';
import type { VisitActor } from './book.js';
import { actOnVisit } from './engine.js';
import type { VisitCreate, VisitKind } from './kinds.js';
import type { WriteOptions } from './lifecycle.js';

type Kind = VisitKind<VisitCreate, 'cancel'>;

/** The visit's status now, for a refusal that names it; null when the caller cannot see the visit. */
async function statusNow(db: Db, kind: Kind, organisationId: string, id: string): Promise<string | null> {
  const { visits } = kind;
  const [row] = await db
    .select({ status: visits.status })
    .from(visits)
    .where(and(eq(visits.id, id), eq(visits.organisationId, organisationId)));
  return row?.status ?? null;
}

/** How one refused cancel is answered: why, in the reply's language. */
async function refusal(db: Db, kind: Kind, actor: VisitActor, id: string, error: AppError, language: Language): Promise<BulkCancelOutcome> {
  const message = errorMessageIn(error, language);
  if (error instanceof NotFoundError) return { id, outcome: 'refused', reason: 'not-found', status: null, message };
  if (error instanceof ConflictError) {
    // Refused for its status when the graph allows no cancel from it now; any other 409 says why itself.
    const status = await statusNow(db, kind, actor.organisationId, id);
    if (status !== null && !kind.canMove(status, kind.actionTarget.cancel)) return { id, outcome: 'refused', reason: 'status', status, message };
  }
  return { id, outcome: 'refused', reason: 'other', status: null, message };
}

/**
 * A list's bulk cancel: each visit cancelled with the one reason exactly as a single cancel is
 * (actOnVisit: its lock, the status graph, history, live events and the patient's message), each
 * in its own transaction, so one refusal leaves the others cancelled. Visits go one after
 * another: a request holds one visit's lock at a time, so two bulk cancels of overlapping visits
 * wait for each other visit by visit and never deadlock, and each visit is cancelled once.
 * An id given twice counts once; outcomes follow the ids' order. A refusal the caller caused (an
 * AppError: another organisation's id, a completed visit) is an outcome; any other failure (the
 * database gone) fails the request as it would a single cancel.
 */
export async function cancelVisits(
  db: Db,
  kind: Kind,
  actor: VisitActor,
  ids: readonly string[],
  reason: string,
  options: WriteOptions & { language: Language },
): Promise<BulkCancelResult> {
  const results: BulkCancelOutcome[] = [];
  for (const id of new Set(ids)) {
    try {
      await actOnVisit(db, kind, actor, id, 'cancel', { reason }, options);
      results.push({ id, outcome: 'cancelled' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push(await refusal(db, kind, actor, id, error, options.language));
    }
  }
  const cancelled = results.filter((result) => result.outcome === 'cancelled').length;
  return { results, cancelled, refused: results.length - cancelled };
}

interface BulkWrite {
  id: string;
  action: 'update' | 'denied';
}

/** What the audit trail records of a bulk cancel: each visit cancelled, and each named out of reach. */
export function bulkCancelWrites(result: BulkCancelResult): BulkWrite[] {
  return result.results.flatMap((item): BulkWrite[] => {
    if (item.outcome === 'cancelled') return [{ id: item.id, action: 'update' }];
    return item.reason === 'not-found' ? [{ id: item.id, action: 'denied' }] : [];
  });
}
