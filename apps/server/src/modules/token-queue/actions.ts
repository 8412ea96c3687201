import { tokenLabel, type TokenQueue, type TokenQueueAction, type TokenQueueKind } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { QueueVisitSnapshot } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { visitTransaction, type VisitLifecycleEventType, type WriteOptions } from '../visits/index.js';
import { getQueue, queueDay, queueState, visitsOfDay, type VisitRow } from './queries.js';
import { queueSources, type QueueSource } from './sources.js';

type QueueTimes = Partial<Record<'called_at' | 'completed_at' | 'skipped_at' | 'recalled_at', Date | null>>;

/** One visit's move within a queue action: its new status and queue times, and the history line. */
interface Change {
  visit: VisitRow;
  status: string;
  times: QueueTimes;
  history: string;
}

async function lockOwner(tx: Tx, source: QueueSource, organisationId: string, ownerId: string): Promise<{ token_prefix: string | null }> {
  const result = await tx.execute(
    sql`select token_prefix from ${source.owners} where id = ${ownerId} and organisation_id = ${organisationId} and ${source.ownerFilter} for update`,
  );
  const [owner] = rowsOf<{ token_prefix: string | null }>(result);
  if (!owner) throw new NotFoundError(source.notFound);
  return owner;
}

function snapshotOf(visit: VisitRow): Omit<QueueVisitSnapshot, 'updatedAtAfter'> {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: visit.id,
    status: visit.status,
    calledAt: iso(visit.called_at),
    completedAt: iso(visit.completed_at),
    skippedAt: iso(visit.skipped_at),
    recalledAt: iso(visit.recalled_at),
    updatedAt: visit.updated_at.toISOString(),
  };
}

async function writeVisit(tx: Tx, source: QueueSource, id: string, status: string, times: QueueTimes, updatedAt: Date): Promise<Date> {
  const sets = [sql`status = ${status}`, sql`updated_at = ${updatedAt.toISOString()}`];
  for (const [column, value] of Object.entries(times)) sets.push(sql`${sql.identifier(column)} = ${value ? value.toISOString() : null}`);
  const result = await tx.execute(sql`update ${source.visits} set ${sql.join(sets, sql`, `)} where id = ${id} returning updated_at`);
  const [row] = rowsOf<{ updated_at: Date | string }>(result);
  return new Date(row!.updated_at);
}

async function writeHistory(tx: Tx, source: QueueSource, caller: StaffContext, visitId: string, action: string, from: string, to: string, note: string | null = null) {
  await tx.execute(sql`
    insert into ${source.history} (${source.historyVisitColumn}, organisation_id, by_staff_id, action, from_status, to_status, note)
    values (${visitId}, ${caller.organisationId}, ${caller.id}, ${action}, ${from}, ${to}, ${note})`);
}

/** What an action does to today's queue; a ConflictError names why it cannot. */
function plan(source: QueueSource, action: Exclude<TokenQueueAction, 'undo'>, visits: VisitRow[], visitId: string | undefined, now: Date): Change[] {
  const state = queueState(source, visits);
  const serving = state.nowServing;
  const finish = (visit: VisitRow): Change => ({ visit, status: 'COMPLETED', times: { completed_at: now }, history: 'complete' });
  switch (action) {
    case 'call-next': {
      const next = state.waiting[0];
      if (!next && !serving) throw new ConflictError('No one is waiting');
      const changes = serving ? [finish(serving)] : [];
      if (next) changes.push({ visit: next, status: source.inService, times: { called_at: now, recalled_at: null }, history: 'call' });
      return changes;
    }
    case 'complete':
      if (!serving) throw new ConflictError('No token is being served');
      return [finish(serving)];
    case 'skip': {
      const target = visitId ? state.waiting.find((v) => v.id === visitId) : state.waiting[0];
      if (!target) throw new ConflictError(visitId ? 'This token is not waiting' : 'No one is waiting');
      return [{ visit: target, status: 'CHECKED_IN', times: { skipped_at: now, recalled_at: null }, history: 'skip' }];
    }
    case 'recall': {
      const target = state.skipped.find((v) => v.id === visitId);
      if (!target) throw new ConflictError('This token was not skipped');
      return [{ visit: target, status: 'CHECKED_IN', times: { skipped_at: null, recalled_at: now }, history: 'recall' }];
    }
  }
}

async function announce(
  tx: Tx,
  options: WriteOptions,
  source: QueueSource,
  organisationId: string,
  ownerId: string,
  date: string,
  changed: { id: string; status: string; patientId: string }[],
  calledToken?: string,
) {
  const owner = source.kind === 'doctors' ? { doctorId: ownerId } : { serviceId: ownerId };
  await options.events?.publish(organisationId, { type: 'token.updated', ...owner, date, ...(calledToken ? { calledToken } : {}) }, tx);
  for (const visit of changed) await options.events?.publish(organisationId, source.visit.updatedEvent(visit.id, ownerId, date, visit.status, visit.patientId), tx);
}

async function undoLast(tx: Tx, source: QueueSource, caller: StaffContext, ownerId: string, date: string, now: Date): Promise<{ id: string; status: string; patientId: string }[]> {
  const result = await tx.execute(sql`
    select id, action, before from token_queue_actions
    where organisation_id = ${caller.organisationId} and kind = ${source.dbKind} and queue_id = ${ownerId} and date = ${date} and undone_at is null
    order by at desc, id desc limit 1 for update`);
  const [last] = rowsOf<{ id: string; action: string; before: QueueVisitSnapshot[] }>(result);
  if (!last) throw new ConflictError('Nothing to undo');
  const current = new Map((await visitsOfDay(tx, source, caller.organisationId, date, ownerId)).map((visit) => [visit.id, visit]));
  for (const snapshot of last.before) {
    const visit = current.get(snapshot.id);
    // Someone moved this visit since (a check-in, a cancel, another desk): undo would overwrite it.
    if (!visit || visit.updated_at.toISOString() !== snapshot.updatedAtAfter) {
      throw new ConflictError(`Cannot undo ${last.action}: ${visit ? `token ${visit.token_number}` : 'a token'} has changed since`);
    }
  }
  const date_ = (value: string | null) => (value ? new Date(value) : null);
  for (const snapshot of last.before) {
    const visit = current.get(snapshot.id)!;
    // Restoring updatedAt lets the action before this one be undone next.
    await writeVisit(
      tx,
      source,
      snapshot.id,
      snapshot.status,
      { called_at: date_(snapshot.calledAt), completed_at: date_(snapshot.completedAt), skipped_at: date_(snapshot.skippedAt), recalled_at: date_(snapshot.recalledAt) },
      new Date(snapshot.updatedAt),
    );
    await writeHistory(tx, source, caller, snapshot.id, 'undo', visit.status, snapshot.status, `undid ${last.action}`);
  }
  await tx.execute(sql`update token_queue_actions set undone_at = ${now.toISOString()} where id = ${last.id}`);
  return last.before.map((snapshot) => ({ id: snapshot.id, status: snapshot.status, patientId: current.get(snapshot.id)!.patient_id }));
}

/**
 * call-next, skip, recall, complete or undo on today's queue of one doctor or service. Runs under
 * a lock on the doctor (service) row, the same lock bookings take, so two desks pressing
 * 'Call next' at once call two different patients, never one twice.
 */
export async function actOnQueue(
  db: Db,
  caller: StaffContext,
  kind: TokenQueueKind,
  ownerId: string,
  action: TokenQueueAction,
  visitId: string | undefined,
  options: WriteOptions = {},
): Promise<TokenQueue> {
  const source = queueSources[kind];
  const now = options.now ?? new Date();
  await visitTransaction(db, options, async ({ tx, emit }) => {
    const owner = await lockOwner(tx, source, caller.organisationId, ownerId);
    const { date } = await queueDay(tx, caller.organisationId, now);
    if (action === 'undo') {
      const restored = await undoLast(tx, source, caller, ownerId, date, now);
      await announce(tx, options, source, caller.organisationId, ownerId, date, restored);
      return;
    }
    const visits = await visitsOfDay(tx, source, caller.organisationId, date, ownerId);
    // Recall without a visit: say the token being served again (the display chimes); nothing changes.
    if (action === 'recall' && !visitId) {
      const serving = queueState(source, visits).nowServing;
      if (!serving) throw new ConflictError('No token is being served');
      await announce(tx, options, source, caller.organisationId, ownerId, date, [], tokenLabel(serving.token_number, owner.token_prefix));
      return;
    }
    const changes = plan(source, action, visits, visitId, now);
    const before: QueueVisitSnapshot[] = [];
    for (const change of changes) {
      const updatedAtAfter = await writeVisit(tx, source, change.visit.id, change.status, change.times, now);
      before.push({ ...snapshotOf(change.visit), updatedAtAfter: updatedAtAfter.toISOString() });
      await writeHistory(tx, source, caller, change.visit.id, change.history, change.visit.status, change.status);
    }
    await tx.execute(sql`
      insert into token_queue_actions (organisation_id, kind, queue_id, date, action, before, by_staff_id, at)
      values (${caller.organisationId}, ${source.dbKind}, ${ownerId}, ${date}, ${action}, ${JSON.stringify(before)}::jsonb, ${caller.id}, ${now.toISOString()})`);
    const called = changes.find((change) => change.history === 'call');
    await announce(
      tx,
      options,
      source,
      caller.organisationId,
      ownerId,
      date,
      changes.map((change) => ({ id: change.visit.id, status: change.status, patientId: change.visit.patient_id })),
      called ? tokenLabel(called.visit.token_number, owner.token_prefix) : undefined,
    );
    // Calling a token in and completing one are steps of the visit's life, as when the desk
    // starts or completes the visit from its record.
    for (const change of changes) {
      const type: VisitLifecycleEventType | undefined = change.history === 'call' ? 'called' : change.history === 'complete' ? 'completed' : undefined;
      if (type)
        await emit({
          type,
          kind: source.visit.name,
          visitId: change.visit.id,
          organisationId: caller.organisationId,
          ownerId,
          patientId: change.visit.patient_id,
          date,
          actorStaffId: caller.id,
        });
    }
  });
  return getQueue(db, caller.organisationId, kind, ownerId, now);
}
