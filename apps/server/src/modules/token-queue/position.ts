import { tokenLabel, type TokenQueueKind } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { queueDay, queueState, visitsOfDay, type VisitRow } from './queries.js';
import { queueSources } from './sources.js';

/**
 * The fewest gaps between calls that make a pace: one gap is a single patient's consultation,
 * too noisy to promise a wait from.
 */
export const PACE_MIN_GAPS = 2;

/**
 * Minutes per patient today: the mean gap between consecutive calls into the room, i.e. (last
 * call - first call) / (calls - 1). A call is when a patient's turn starts, whether the desk
 * pressed 'Call next' or started the visit from its record; completions are not counted apart
 * because 'Call next' completes the previous patient at the same instant. A recalled patient's
 * call counts at its last call (calledAt is overwritten). Null below PACE_MIN_GAPS gaps.
 */
export function paceMinutes(visits: Pick<VisitRow, 'called_at'>[]): number | null {
  const calls = visits
    .map((visit) => visit.called_at?.getTime())
    .filter((at): at is number => at !== undefined)
    .sort((a, b) => a - b);
  const gaps = calls.length - 1;
  if (gaps < PACE_MIN_GAPS) return null;
  return (calls[calls.length - 1]! - calls[0]!) / gaps / 60_000;
}

/** Where one visit stands in today's queue of its doctor (scan, test): token labels only, never a name. */
export interface QueuePosition {
  /** Today, on the organisation's calendar. */
  date: string;
  nowServing: string | null;
  /** Waiting tokens called before this one (QUEUE_ORDER_RULE), when it waits in today's queue; else null. */
  ahead: number | null;
  /** See paceMinutes. */
  paceMinutes: number | null;
  slotMinutes: number;
  room: string | null;
}

/**
 * The desk's queue of today (the same rows and order as the token page), seen from one visit.
 * A skipped token is not waiting (it waits to be recalled), so has no place: null, as for a visit
 * not checked in, already called, done, or of another day.
 */
export async function queuePosition(db: Db, organisationId: string, kind: TokenQueueKind, ownerId: string, visitId: string, now = new Date()): Promise<QueuePosition> {
  const source = queueSources[kind];
  const { date } = await queueDay(db, organisationId, now);
  const [ownerRow] = await db
    .select()
    .from(source.owners)
    .where(and(eq(source.owners.id, ownerId), eq(source.owners.organisationId, organisationId), source.visit.ownerScope));
  if (!ownerRow) throw new NotFoundError(source.notFound);
  const owner = source.visit.toOwner(ownerRow as never);
  const visits = await visitsOfDay(db, source, organisationId, date, ownerId);
  const state = queueState(source, visits);
  const place = state.waiting.findIndex((visit) => visit.id === visitId);
  return {
    date,
    nowServing: state.nowServing ? tokenLabel(state.nowServing.token_number, owner.tokenPrefix) : null,
    ahead: place === -1 ? null : place,
    paceMinutes: paceMinutes(visits),
    slotMinutes: owner.schedule.slotMinutes,
    room: (ownerRow as { room: string | null }).room,
  };
}
