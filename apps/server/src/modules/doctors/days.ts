import { todayIn, tokenLabel, type AffectedVisit, type DayWindow, type DoctorDay, type DoctorDayChange, type doctorDayInputSchema } from '@caredesk/shared';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { appointments, doctorDayOverrides, doctors, organisations, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import { appointmentKind, capacityOn, liveAppointmentStatuses, slotTimesOn, windowsOn, type DayChange, type SlotSchedule } from '../visits/index.js';
import { VisitsConflictError } from './visits-conflict.js';

export type DoctorDayPut = z.output<typeof doctorDayInputSchema>;

/** Visits that still hold their place and are to happen: what a change of the day would strand. */
export const UPCOMING_STATUSES = ['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION'] as const;

interface DayVisit {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  tokenNumber: number;
  status: string;
  overbooked: boolean;
}

interface DoctorOfDay {
  schedule: SlotSchedule;
  tokenPrefix: string | null;
  timeZone: string;
}

export function affectedVisit(visit: DayVisit, tokenPrefix: string | null): AffectedVisit {
  return { id: visit.id, date: visit.date, startTime: visit.startTime, endTime: visit.endTime, tokenLabel: tokenLabel(visit.tokenNumber, tokenPrefix), status: visit.status };
}

const byTime = (a: DayVisit, b: DayVisit) => a.startTime.localeCompare(b.startTime) || a.tokenNumber - b.tokenNumber;

/**
 * The visits of a day its hours and cap (as `schedule` has them that date) leave without a place:
 * those to happen at a time that is no longer a slot, and in a slot holding more than its cap,
 * the last booked beyond it. Extras sit beside their slot: only its time counts for them. Leave
 * is not this rule's business (the leave routes are).
 */
export function strandedVisits(schedule: SlotSchedule, date: string, visits: readonly DayVisit[]): DayVisit[] {
  const starts = new Set(slotTimesOn({ ...schedule, leaveDates: [] }, date).map((slot) => slot.start));
  const cap = capacityOn(schedule, date);
  const upcoming = (visit: DayVisit) => (UPCOMING_STATUSES as readonly string[]).includes(visit.status);
  const stranded = new Set(visits.filter((visit) => upcoming(visit) && !starts.has(visit.startTime)));
  const inSlots = new Map<string, DayVisit[]>();
  for (const visit of visits.filter((v) => !v.overbooked && starts.has(v.startTime))) inSlots.set(visit.startTime, [...(inSlots.get(visit.startTime) ?? []), visit]);
  for (const slot of inSlots.values()) {
    for (const visit of slot.sort(byTime).slice(cap)) if (upcoming(visit)) stranded.add(visit);
  }
  return [...stranded].sort(byTime);
}

/** The doctor (404 for another organisation's), locked against bookings when `lock`: a day change waits for them, and they for it. */
async function doctorOfDay(db: Db | Tx, caller: StaffContext, doctorId: string, lock: boolean): Promise<DoctorOfDay> {
  const query = db
    .select({ doctor: doctors, timeZone: organisations.timeZone })
    .from(doctors)
    .innerJoin(organisations, eq(organisations.id, doctors.organisationId))
    .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, caller.organisationId)));
  const [row] = lock ? await query.for('no key update', { of: doctors }) : await query;
  if (!row) throw new NotFoundError('Doctor not found');
  return { schedule: appointmentKind.toOwner(row.doctor as never).schedule, tokenPrefix: row.doctor.tokenPrefix, timeZone: row.timeZone };
}

/** What a day change or a leave lists of each visit it touches. */
export const dayVisitColumns = {
  id: appointments.id,
  date: appointments.date,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  tokenNumber: appointments.tokenNumber,
  status: appointments.status,
  overbooked: appointments.overbooked,
};

/** The live visits of a doctor on these dates. */
async function liveVisitsOn(db: Db | Tx, doctorId: string, dates: readonly string[]): Promise<DayVisit[]> {
  if (dates.length === 0) return [];
  return db
    .select(dayVisitColumns)
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), inArray(appointments.date, [...dates]), inArray(appointments.status, liveAppointmentStatuses)));
}

function withChange(schedule: SlotSchedule, date: string, change: DayChange | null): SlotSchedule {
  const days = new Map(schedule.days);
  if (change) days.set(date, change);
  else days.delete(date);
  return { ...schedule, days };
}

/** The doctor's day changes (from `from` on, or of one date), each with the visits kept outside its hours or cap. */
async function readChanges(db: Db, caller: StaffContext, doctorId: string, doctor: DoctorOfDay, where: { from: string } | { date: string }): Promise<DoctorDayChange[]> {
  const o = doctorDayOverrides;
  const rows = await db
    .select({ date: o.date, windows: o.windows, capacity: o.capacity, note: o.note, at: o.at, byName: staff.name })
    .from(o)
    .leftJoin(staff, eq(staff.id, o.byStaffId))
    .where(and(eq(o.doctorId, doctorId), eq(o.organisationId, caller.organisationId), 'from' in where ? gte(o.date, where.from) : eq(o.date, where.date)))
    .orderBy(asc(o.date))
    .limit(366);
  const visits = await liveVisitsOn(
    db,
    doctorId,
    rows.map((row) => row.date),
  );
  return rows.map((row) => {
    const schedule = withChange(doctor.schedule, row.date, { windows: row.windows, capacity: row.capacity });
    const outside = strandedVisits(
      schedule,
      row.date,
      visits.filter((visit) => visit.date === row.date),
    );
    return {
      date: row.date,
      windows: row.windows,
      capacity: row.capacity,
      note: row.note,
      byName: row.byName,
      at: row.at.toISOString(),
      outsideHours: outside.map((visit) => affectedVisit(visit, doctor.tokenPrefix)),
    };
  });
}

/** GET /api/doctors/:id/days: the changes from today (or `from`) on. */
export async function listDoctorDays(db: Db, caller: StaffContext, doctorId: string, from: string | undefined): Promise<{ data: DoctorDayChange[] }> {
  const doctor = await doctorOfDay(db, caller, doctorId, false);
  return { data: await readChanges(db, caller, doctorId, doctor, { from: from ?? todayIn(doctor.timeZone) }) };
}

/** GET /api/doctors/:id/days/:date: the day's hours and cap as they are, and its change if any. */
export async function getDoctorDay(db: Db, caller: StaffContext, doctorId: string, date: string): Promise<DoctorDay> {
  const doctor = await doctorOfDay(db, caller, doctorId, false);
  const [change] = await readChanges(db, caller, doctorId, doctor, { date });
  const schedule = change ? withChange(doctor.schedule, date, { windows: change.windows, capacity: change.capacity }) : doctor.schedule;
  const windows: DayWindow[] = windowsOn(schedule, date).map(({ start, end }) => ({ start, end }));
  return { date, change: change ?? null, windows, capacity: capacityOn(schedule, date), onLeave: schedule.leaveDates.includes(date) };
}

const DAY_PASSED = 'This day has passed';

/**
 * Refuses a change that would leave visits without a place unless the caller keeps them
 * (`keep`): then they stay, listed as outside the day's hours.
 */
function assertNoneStranded(doctor: DoctorOfDay, date: string, schedule: SlotSchedule, visits: DayVisit[], keep: boolean): void {
  const stranded = strandedVisits(schedule, date, visits);
  if (stranded.length === 0 || keep) return;
  throw new VisitsConflictError(
    text('doctorDays.stranded', { count: stranded.length }),
    stranded.map((visit) => affectedVisit(visit, doctor.tokenPrefix)),
  );
}

/**
 * PUT /api/doctors/:id/days/:date: the day's hours and/or cap, replacing its change if it had one.
 * The doctor row is locked first (no key update), as an edit of the doctor is: bookings of the
 * doctor share-lock it, so every booking either committed before this counts its visits, or
 * waits and then reads the new day under its day's lock (visits/owner-day.ts lockOwnerDay).
 */
export async function putDoctorDay(db: Db, caller: StaffContext, doctorId: string, date: string, input: DoctorDayPut): Promise<DoctorDayChange> {
  const doctor = await db.transaction(async (tx) => {
    const locked = await doctorOfDay(tx, caller, doctorId, true);
    if (date < todayIn(locked.timeZone)) throw new BadRequestError(DAY_PASSED, [{ path: 'date', message: DAY_PASSED }]);
    const change: DayChange = { windows: input.windows, capacity: input.capacity };
    assertNoneStranded(locked, date, withChange(locked.schedule, date, change), await liveVisitsOn(tx, doctorId, [date]), input.strandedVisits === 'keep');
    const values = { windows: input.windows, capacity: input.capacity, note: input.note ?? null, byStaffId: caller.id, at: new Date() };
    await tx
      .insert(doctorDayOverrides)
      .values({ organisationId: caller.organisationId, doctorId, date, ...values })
      .onConflictDoUpdate({ target: [doctorDayOverrides.doctorId, doctorDayOverrides.date], set: values });
    return locked;
  });
  const [saved] = await readChanges(db, caller, doctorId, doctor, { date });
  return saved!;
}

/**
 * DELETE /api/doctors/:id/days/:date: the day goes back to the weekly schedule. That too may
 * strand visits (booked in an extra session), refused the same way unless they are kept.
 */
export async function deleteDoctorDay(db: Db, caller: StaffContext, doctorId: string, date: string, keep: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await doctorOfDay(tx, caller, doctorId, true);
    const [existing] = await tx
      .select({ id: doctorDayOverrides.id })
      .from(doctorDayOverrides)
      .where(and(eq(doctorDayOverrides.doctorId, doctorId), eq(doctorDayOverrides.date, date)));
    if (!existing) throw new NotFoundError('This day has no change');
    assertNoneStranded(locked, date, withChange(locked.schedule, date, null), await liveVisitsOn(tx, doctorId, [date]), keep);
    await tx.delete(doctorDayOverrides).where(eq(doctorDayOverrides.id, existing.id));
  });
}
