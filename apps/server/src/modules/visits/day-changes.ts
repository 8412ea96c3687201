import { and, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { doctorDayOverrides } from '../../db/schema/index.js';
import type { VisitCreate, VisitKind, VisitOwner } from './kinds.js';
import type { DayChange } from './slots.js';

/**
 * The days of owners that differ from their weekly schedule (a doctor's day changes), by owner
 * and date, from `from` to `to`. Only doctors have them; a scan's or test's days are its week's.
 *
 * A write that puts a visit into a day reads its change with the day's lock (owner-day.ts
 * lockOwnerDay, through dayChangeSql), after it has share-locked the owner; lists read it here.
 */
export async function dayChangesOf(db: Db | Tx, kind: VisitKind<VisitCreate>, ownerIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, DayChange>>> {
  const byOwner = new Map<string, Map<string, DayChange>>();
  if (kind.name !== 'appointment' || ownerIds.length === 0) return byOwner;
  const rows = await db
    .select({ doctorId: doctorDayOverrides.doctorId, date: doctorDayOverrides.date, windows: doctorDayOverrides.windows, capacity: doctorDayOverrides.capacity })
    .from(doctorDayOverrides)
    .where(and(inArray(doctorDayOverrides.doctorId, [...ownerIds]), from === to ? eq(doctorDayOverrides.date, from) : between(doctorDayOverrides.date, from, to)));
  for (const row of rows) {
    const days = byOwner.get(row.doctorId) ?? new Map<string, DayChange>();
    days.set(row.date, { windows: row.windows, capacity: row.capacity });
    byOwner.set(row.doctorId, days);
  }
  return byOwner;
}

/** The owner with its day changes from `from` to `to` in its schedule (slots.ts windowsOn, capacityOn). */
export async function withDayChanges(db: Db | Tx, kind: VisitKind<VisitCreate>, owner: VisitOwner, from: string, to: string): Promise<VisitOwner> {
  const days = (await dayChangesOf(db, kind, [owner.id], from, to)).get(owner.id);
  return days ? { ...owner, schedule: { ...owner.schedule, days } } : owner;
}

/** The owner with one day's change (or none) in its schedule. */
export function withDayChange(owner: VisitOwner, date: string, change: DayChange | null): VisitOwner {
  if (!change) return owner;
  const days = new Map(owner.schedule.days);
  days.set(date, change);
  return { ...owner, schedule: { ...owner.schedule, days } };
}

/** One owner's change of one day as a subquery (a json object, or null), for the statement that locks the day. */
export function dayChangeSql(kind: VisitKind<VisitCreate>, ownerId: string, date: string): SQL<DayChange | null> {
  if (kind.name !== 'appointment') return sql<null>`null::json`;
  const o = doctorDayOverrides;
  return sql<DayChange | null>`(select json_build_object('windows', ${o.windows}, 'capacity', ${o.capacity}) from ${o} where ${o.doctorId} = ${ownerId} and ${o.date} = ${date})`;
}
