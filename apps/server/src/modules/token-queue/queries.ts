import { tokenLabel, weekdayOf, zonedNow, type TokenEntry, type TokenQueue, type TokenQueueKind, type TokenQueuesResponse } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { organisations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { organisationLanguage } from '../../lib/organisation-language.js';
import { queueSources, type QueueSource } from './sources.js';

export interface VisitRow {
  id: string;
  owner_id: string;
  token_number: number;
  status: string;
  start_time: string;
  /** The slot's start as an instant (date + start_time in the organisation's zone). */
  slot_at: Date;
  patient_id: string;
  patient_name: string;
  checked_in_at: Date | null;
  called_at: Date | null;
  completed_at: Date | null;
  skipped_at: Date | null;
  recalled_at: Date | null;
  updated_at: Date;
  overbooked: boolean;
  source: string;
}

interface OwnerRow {
  id: string;
  name: string;
  facility_id: string | null;
  resource: 'DOCTOR' | 'SCAN' | 'TEST';
  subtitle: string | null;
  room: string | null;
  token_prefix: string | null;
  active: boolean;
  availability: { weekday: number }[];
}

interface LastActionRow {
  queue_id: string;
  action: string;
  at: Date;
  token_number: number | null;
}

/** Today in the organisation's time zone: queues are always today's. */
export async function queueDay(db: Db, organisationId: string, now = new Date()): Promise<{ date: string; timeZone: string }> {
  const [row] = await db.select({ timeZone: organisations.timeZone }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError('Organisation not found');
  return { date: zonedNow(row.timeZone, now).date, timeZone: row.timeZone };
}

// Raw SQL over either visit table: both carry the same queue columns (see sources.ts).
export async function visitsOfDay(db: Db, source: QueueSource, organisationId: string, date: string, ownerId?: string): Promise<VisitRow[]> {
  const v = source.visits;
  const result = await db.execute(sql`
    select v.id, v.${source.ownerColumn} as owner_id, v.token_number, v.status::text as status, v.start_time,
           (v.date + v.start_time::time) at time zone o.time_zone as slot_at, v.patient_id, p.name as patient_name,
           v.checked_in_at, v.called_at, v.completed_at, v.skipped_at, v.recalled_at, v.updated_at, v.overbooked, v.source::text as source
    from ${v} v join patients p on p.id = v.patient_id join organisations o on o.id = v.organisation_id
    where v.organisation_id = ${organisationId} and v.date = ${date}
      ${ownerId ? sql`and v.${source.ownerColumn} = ${ownerId}` : sql``}
    order by v.token_number`);
  return rowsOf<VisitRow>(result).map((row) => ({
    ...row,
    slot_at: toDate(row.slot_at)!,
    // PGlite and node-postgres both parse timestamptz; a string would mean a driver change.
    checked_in_at: toDate(row.checked_in_at),
    called_at: toDate(row.called_at),
    completed_at: toDate(row.completed_at),
    skipped_at: toDate(row.skipped_at),
    recalled_at: toDate(row.recalled_at),
    updated_at: toDate(row.updated_at)!,
  }));
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

async function ownersOf(db: Db, source: QueueSource, organisationId: string, ownerId?: string): Promise<OwnerRow[]> {
  const o = source.owners;
  const result = await db.execute(sql`
    select id, name, facility_id, ${source.ownerResource} as resource, ${source.ownerSubtitle} as subtitle, room, token_prefix, active, availability
    from ${o}
    where organisation_id = ${organisationId} and ${source.ownerFilter}
      ${ownerId ? sql`and id = ${ownerId}` : sql``}
    order by name_key, id`);
  return rowsOf<OwnerRow>(result);
}

async function lastActions(db: Db, source: QueueSource, organisationId: string, date: string): Promise<Map<string, LastActionRow>> {
  const result = await db.execute(sql`
    select distinct on (a.queue_id) a.queue_id, a.action, a.at,
      (select v.token_number from ${source.visits} v where v.id = (a.before->0->>'id')::uuid) as token_number
    from token_queue_actions a
    where a.organisation_id = ${organisationId} and a.kind = ${source.dbKind} and a.date = ${date} and a.undone_at is null
    order by a.queue_id, a.at desc, a.id desc`);
  return new Map(rowsOf<LastActionRow>(result).map((row) => [row.queue_id, { ...row, at: toDate(row.at)! }]));
}

/**
 * When a waiting patient's turn comes: their slot, or their check-in when they came after it. A
 * late arrival thus queues from arrival and never jumps a patient who was on time; a walk-in,
 * fitted into the next free slot at the desk, queues from that slot like anyone booked into it.
 */
function turnAt(visit: VisitRow): number {
  return Math.max(visit.slot_at.getTime(), visit.checked_in_at?.getTime() ?? 0);
}

/**
 * Waiting order (QUEUE_ORDER_RULE): a recalled token first (earliest recall first); then by turn
 * (above); ties to the earlier check-in, then the lower token.
 */
export function waitingOrder(a: VisitRow, b: VisitRow): number {
  if (a.recalled_at && b.recalled_at) return a.recalled_at.getTime() - b.recalled_at.getTime();
  if (a.recalled_at) return -1;
  if (b.recalled_at) return 1;
  return turnAt(a) - turnAt(b) || (a.checked_in_at?.getTime() ?? 0) - (b.checked_in_at?.getTime() ?? 0) || a.token_number - b.token_number;
}

/** The queue's state, computed from its visits: the same rules the actions follow. */
export function queueState(source: QueueSource, visits: VisitRow[]) {
  const waiting = visits.filter((v) => v.status === 'CHECKED_IN' && !v.skipped_at).sort(waitingOrder);
  const serving = visits.filter((v) => v.status === source.inService).sort((a, b) => (b.called_at?.getTime() ?? 0) - (a.called_at?.getTime() ?? 0));
  return {
    waiting,
    nowServing: serving[0] ?? null,
    skipped: visits.filter((v) => v.status === 'CHECKED_IN' && v.skipped_at),
    notArrived: visits.filter((v) => v.status === 'BOOKED'),
    done: visits.filter((v) => source.doneStatuses.includes(v.status)),
  };
}

function averageWaitMinutes(visits: VisitRow[]): number | null {
  const waits = visits.filter((v) => v.called_at && v.checked_in_at).map((v) => v.called_at!.getTime() - v.checked_in_at!.getTime());
  if (waits.length === 0) return null;
  return Math.round(waits.reduce((sum, ms) => sum + Math.max(ms, 0), 0) / waits.length / 6000) / 10;
}

function entryOf(row: VisitRow, prefix: string | null): TokenEntry {
  return {
    visitId: row.id,
    tokenNumber: row.token_number,
    tokenLabel: tokenLabel(row.token_number, prefix),
    patientName: row.patient_name,
    startTime: row.start_time,
    status: row.status,
    checkedInAt: row.checked_in_at?.toISOString() ?? null,
    calledAt: row.called_at?.toISOString() ?? null,
    overbooked: row.overbooked,
    walkIn: row.source === 'WALK_IN',
  };
}

function buildQueue(source: QueueSource, owner: OwnerRow, date: string, visits: VisitRow[], last: LastActionRow | undefined): TokenQueue {
  const state = queueState(source, visits);
  const entry = (row: VisitRow) => entryOf(row, owner.token_prefix);
  return {
    kind: source.kind,
    id: owner.id,
    name: owner.name,
    resource: owner.resource,
    subtitle: owner.subtitle,
    room: owner.room,
    tokenPrefix: owner.token_prefix,
    facilityId: owner.facility_id,
    date,
    nowServing: state.nowServing ? entry(state.nowServing) : null,
    next: state.waiting[0] ? entry(state.waiting[0]) : null,
    waiting: state.waiting.map(entry),
    skipped: state.skipped.map(entry),
    notArrived: state.notArrived.map(entry),
    waitingCount: state.waiting.length,
    doneCount: state.done.length,
    averageWaitMinutes: averageWaitMinutes(visits),
    lastAction: last ? { action: last.action, at: last.at.toISOString(), tokenLabel: last.token_number === null ? null : tokenLabel(last.token_number, owner.token_prefix) } : null,
  };
}

export interface QueueFilters {
  facilityId?: string;
  /** One doctor's (scan's, test's) queue. */
  ownerId?: string;
  /** Only those with a visit today that is not cancelled. */
  withPatients?: boolean;
}

/**
 * Today's queues of an organisation's doctors (or scans and tests): every one with a visit today,
 * plus every active one whose schedule has hours today, so an empty queue is still shown. Filters
 * narrow it; an id of another organisation matches nothing, as in every list (never a 404 that
 * would confirm it exists).
 */
export async function listQueues(db: Db, organisationId: string, kind: TokenQueueKind, filters: QueueFilters = {}, now = new Date()): Promise<TokenQueuesResponse> {
  const source = queueSources[kind];
  const { date, timeZone } = await queueDay(db, organisationId, now);
  const [owners, visits, last, language] = await Promise.all([
    ownersOf(db, source, organisationId),
    visitsOfDay(db, source, organisationId, date),
    lastActions(db, source, organisationId, date),
    organisationLanguage(db, organisationId),
  ]);
  const byOwner = new Map<string, VisitRow[]>();
  for (const visit of visits) byOwner.set(visit.owner_id, [...(byOwner.get(visit.owner_id) ?? []), visit]);
  const weekday = weekdayOf(date);
  const hasPatients = (owner: OwnerRow) => (byOwner.get(owner.id) ?? []).some((visit) => visit.status !== 'CANCELLED');
  const today = owners.filter(
    (owner) =>
      (byOwner.has(owner.id) || (owner.active && owner.availability.some((window) => window.weekday === weekday))) &&
      (!filters.facilityId || owner.facility_id === filters.facilityId) &&
      (!filters.withPatients || hasPatients(owner)),
  );
  const queues = today
    .filter((owner) => !filters.ownerId || owner.id === filters.ownerId)
    .map((owner) => buildQueue(source, owner, date, byOwner.get(owner.id) ?? [], last.get(owner.id)));
  return { date, timeZone, queues, owners: today.map((owner) => ({ id: owner.id, name: owner.name, facilityId: owner.facility_id })), language };
}

export async function getQueue(db: Db, organisationId: string, kind: TokenQueueKind, ownerId: string, now = new Date()): Promise<TokenQueue> {
  const source = queueSources[kind];
  const { date } = await queueDay(db, organisationId, now);
  const [owner] = await ownersOf(db, source, organisationId, ownerId);
  if (!owner) throw new NotFoundError(source.notFound);
  const [visits, last] = await Promise.all([visitsOfDay(db, source, organisationId, date, ownerId), lastActions(db, source, organisationId, date)]);
  return buildQueue(source, owner, date, visits, last.get(ownerId));
}
