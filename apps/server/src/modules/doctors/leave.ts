import { CANCELLED_FOR_LEAVE, tokenLabel, type DoctorLeaveResult, type doctorLeaveInputSchema, type Language, type LeaveVisitOutcome } from '@caredesk/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { appointments, doctors } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { AppError, BadRequestError, errorMessageIn, NotFoundError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import { appointmentKind, cancelVisitIn, rescheduleVisitIn, staffActor, visitTransaction, type VisitLifecycleEvent, type VisitWrite, type WriteOptions } from '../visits/index.js';
import { affectedVisit, dayVisitColumns, UPCOMING_STATUSES } from './days.js';
import { VisitsConflictError } from './visits-conflict.js';

export type DoctorLeave = z.output<typeof doctorLeaveInputSchema>;

type LeaveVisit = Awaited<ReturnType<typeof upcomingVisitsOn>>[number];

/** The doctor's visits on these dates still to happen, locked (in id order, so two leaves never deadlock). */
async function upcomingVisitsOn(tx: Tx, organisationId: string, doctorId: string, dates: readonly string[], except: ReadonlySet<string> = new Set()) {
  const rows = await tx
    .select(dayVisitColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.organisationId, organisationId),
        eq(appointments.doctorId, doctorId),
        inArray(appointments.date, [...dates]),
        inArray(appointments.status, [...UPCOMING_STATUSES]),
      ),
    )
    .orderBy(asc(appointments.id))
    .for('update');
  return rows.filter((row) => !except.has(row.id));
}

/** Runs one visit's change in a savepoint: a refusal undoes only it; its lifecycle events count once it has succeeded. */
async function inSavepoint<T>(write: VisitWrite, work: (write: VisitWrite) => Promise<T>): Promise<T> {
  const held: VisitLifecycleEvent[] = [];
  const result = await write.tx.transaction((savepoint) =>
    work({
      ...write,
      tx: savepoint,
      emit: async (event) => {
        held.push(event);
      },
    }),
  );
  for (const event of held) await write.emit(event);
  return result;
}

/** Body checks the schema cannot make alone: where the visits go is not the doctor on leave, nor a day of the leave. */
function assertMoveTarget(input: DoctorLeave, doctorId: string, dates: readonly string[]): { doctorId?: string | undefined; date?: string | undefined } | null {
  if (input.visits === undefined || input.visits === 'cancel') return null;
  const { moveTo } = input.visits;
  if (moveTo.doctorId === doctorId) {
    const message = 'Choose a doctor other than the one on leave';
    throw new BadRequestError(message, [{ path: 'visits.moveTo.doctorId', message }]);
  }
  if (moveTo.date !== undefined && dates.includes(moveTo.date)) {
    const message = 'Choose a day outside the leave';
    throw new BadRequestError(message, [{ path: 'visits.moveTo.date', message }]);
  }
  return moveTo;
}

/**
 * POST /api/doctors/:id/leave. In one transaction: the leave dates are added to the doctor's, and
 * each visit still to happen on them is cancelled (the reason given, else CANCELLED_FOR_LEAVE, which
 * the patient's message words in their language) or moved at the same time to another doctor, or
 * to the same doctor on another day, through the normal cancel and reschedule (their locks, rules,
 * history, live events and the patient's 'cancelled' / 'rescheduled' message). A visit that
 * cannot move stays as it was; then nothing is saved unless the caller confirms `partial`.
 *
 * Locks: the visits first (a reschedule of one of them elsewhere locks it before the doctor), then
 * the doctor row (bookings share it, so none is half-way into a leave day), then the visits booked
 * meanwhile, then each move's target day as a reschedule takes it.
 */
export async function applyLeave(db: Db, caller: StaffContext, doctorId: string, input: DoctorLeave, options: WriteOptions & { language: Language }): Promise<DoctorLeaveResult> {
  const dates = [...new Set(input.dates)].sort();
  const moveTo = assertMoveTarget(input, doctorId, dates);
  return visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const [doctor] = await tx
      .select({ id: doctors.id })
      .from(doctors)
      .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, caller.organisationId)));
    if (!doctor) throw new NotFoundError('Doctor not found');
    if (moveTo?.doctorId !== undefined) {
      const [target] = await tx
        .select({ id: doctors.id })
        .from(doctors)
        .where(and(eq(doctors.id, moveTo.doctorId), eq(doctors.organisationId, caller.organisationId)));
      if (!target) throw new NotFoundError('Doctor not found');
    }
    const visits = await upcomingVisitsOn(tx, caller.organisationId, doctorId, dates);
    const [locked] = await tx.select({ leaveDates: doctors.leaveDates, tokenPrefix: doctors.tokenPrefix }).from(doctors).where(eq(doctors.id, doctorId)).for('no key update');
    const leaveDates = [...new Set([...locked!.leaveDates, ...dates])].sort();
    await tx.update(doctors).set({ leaveDates, updatedAt: new Date() }).where(eq(doctors.id, doctorId));
    // Booked while this waited for the doctor row: they committed before it, so they are seen now.
    visits.push(...(await upcomingVisitsOn(tx, caller.organisationId, doctorId, dates, new Set(visits.map((visit) => visit.id)))));
    visits.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.tokenNumber - b.tokenNumber);
    if (visits.length > 0 && input.visits === undefined) {
      throw new VisitsConflictError(
        text('leave.hasVisits', { count: visits.length }),
        visits.map((visit) => affectedVisit(visit, locked!.tokenPrefix)),
      );
    }
    const outcomes: LeaveVisitOutcome[] = [];
    for (const visit of visits) outcomes.push(await settle(write, caller, visit, locked!.tokenPrefix, input, moveTo, options.language));
    const notMoved = outcomes.filter((outcome) => outcome.outcome === 'not-moved').length;
    if (notMoved > 0 && input.partial !== true) throw new VisitsConflictError(text('leave.notAllMoved', { count: notMoved }), outcomes);
    return { leaveDates, visits: outcomes };
  });
}

/** One visit of the leave: cancelled, moved, or left as it was with the reason. */
async function settle(
  write: VisitWrite,
  caller: StaffContext,
  visit: LeaveVisit,
  tokenPrefix: string | null,
  input: DoctorLeave,
  moveTo: { doctorId?: string | undefined; date?: string | undefined } | null,
  language: Language,
): Promise<LeaveVisitOutcome> {
  const actor = staffActor(caller);
  const base = { ...affectedVisit(visit, tokenPrefix), to: null, reason: null };
  try {
    if (!moveTo) {
      await inSavepoint(write, (inner) => cancelVisitIn(inner, appointmentKind, actor, visit.id, input.reason || CANCELLED_FOR_LEAVE));
      return { ...base, outcome: 'cancelled' };
    }
    const to = await inSavepoint(write, async (inner) => {
      await rescheduleVisitIn(inner, appointmentKind, actor, visit.id, {
        ownerId: moveTo.doctorId,
        date: moveTo.date ?? visit.date,
        startTime: visit.startTime,
        reason: input.reason || CANCELLED_FOR_LEAVE,
      });
      const [moved] = await inner.tx
        .select({
          doctorId: appointments.doctorId,
          doctorName: doctors.name,
          tokenPrefix: doctors.tokenPrefix,
          date: appointments.date,
          startTime: appointments.startTime,
          tokenNumber: appointments.tokenNumber,
        })
        .from(appointments)
        .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
        .where(eq(appointments.id, visit.id));
      return moved!;
    });
    return {
      ...base,
      outcome: 'moved',
      to: { doctorId: to.doctorId, doctorName: to.doctorName, date: to.date, startTime: to.startTime, tokenLabel: tokenLabel(to.tokenNumber, to.tokenPrefix) },
    };
  } catch (error) {
    // A refusal of the rules (full, not a slot, in consultation): the visit stays as it was.
    if (!(error instanceof AppError)) throw error;
    return { ...base, outcome: 'not-moved', reason: errorMessageIn(error, language) };
  }
}

/**
 * PATCH /api/doctors/:id adding leave dates with visits still to happen on them: refused, listing
 * them, so the leave goes through POST /api/doctors/:id/leave, which says what becomes of them.
 * Called under the doctor row's lock: bookings share it, so none is missed.
 */
export async function assertLeaveFree(tx: Tx, caller: StaffContext, doctorId: string, current: readonly string[], next: readonly string[] | undefined): Promise<void> {
  const added = (next ?? []).filter((date) => !current.includes(date));
  if (added.length === 0) return;
  const visits = await tx
    .select({
      ...dayVisitColumns,
      tokenPrefix: doctors.tokenPrefix,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(
      and(
        eq(appointments.organisationId, caller.organisationId),
        eq(appointments.doctorId, doctorId),
        inArray(appointments.date, added),
        inArray(appointments.status, [...UPCOMING_STATUSES]),
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.startTime), asc(appointments.tokenNumber));
  if (visits.length === 0) return;
  throw new VisitsConflictError(
    text('leave.hasVisits', { count: visits.length }),
    visits.map((visit) => affectedVisit(visit, visit.tokenPrefix)),
  );
}
