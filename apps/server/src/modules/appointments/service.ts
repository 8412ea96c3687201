import {
  appointmentActionTarget,
  canMoveAppointment,
  CANCELLED_BY_PATIENT,
  type OrganisationType,
  tokenLabel,
  type Appointment,
  type AppointmentAction,
  type appointmentCreateSchema,
  type rescheduleSchema,
  type visitActionBodySchema,
} from '@caredesk/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Db } from '../../db/client.js';
import { appointmentHistory, appointments, doctorDayTokens, doctors, patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import type { EventBus } from '../../lib/events/bus.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { notifyStaffOfArea, visitWhen } from '../../lib/visit-notifications.js';
import { assertVisitDayReached, isDayBound, statusAfterMove } from '../../lib/visits.js';
import { assertSlotRoom, bookableSlot, liveAppointmentStatuses, organisationZone, type SlotTime } from '../../lib/slots.js';
import { getAppointment } from './queries.js';

export type AppointmentCreateInput = z.output<typeof appointmentCreateSchema>;
export type RescheduleInput = z.output<typeof rescheduleSchema>;
export type VisitActionBody = z.output<typeof visitActionBodySchema>;

type DoctorRow = typeof doctors.$inferSelect;

/** Live updates (design.md §6) and the clock, injectable for tests. */
export interface WriteOptions {
  events?: Pick<EventBus, 'publish'> | undefined;
  now?: Date;
}

/** Raised inside the transaction: pg_notify is delivered when, and only if, it commits. */
async function announce(tx: Tx, options: WriteOptions, organisationId: string, change: { appointmentId: string; doctorId: string; date: string; status: string }) {
  await options.events?.publish(organisationId, { type: 'appointment.updated', ...change }, tx);
}

/**
 * The doctor, locked for the rest of the transaction. Every booking into a doctor's slots takes
 * this lock first, so bookings for one doctor run one after another and the count-then-insert
 * below cannot overbook, on PostgreSQL and PGlite alike.
 */
async function lockDoctor(tx: Tx, organisationId: string, doctorId: string): Promise<DoctorRow> {
  const [doctor] = await tx
    .select()
    .from(doctors)
    .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, organisationId)))
    .for('update');
  if (!doctor) throw new NotFoundError('Doctor not found');
  return doctor;
}

/**
 * Checks a doctor's slot on a date and, under the doctor lock, takes a place in it: answers
 * the slot and the next token number of that doctor on that day.
 */
async function claimSlot(tx: Tx, doctor: DoctorRow, date: string, startTime: string, timeZone: string, now: Date): Promise<{ slot: SlotTime }> {
  if (!doctor.active) throw new ConflictError('Doctor is inactive');
  if (doctor.leaveDates.includes(date)) throw new ConflictError(`${doctor.name} is on leave on ${date}`);
  const schedule = { availability: doctor.availability, slotMinutes: doctor.slotMinutes, capacity: doctor.patientsPerSlot, leaveDates: [] };
  const slot = bookableSlot(schedule, doctor.name, date, startTime, timeZone, now);
  const [live] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctor.id), eq(appointments.date, date), eq(appointments.startTime, startTime), inArray(appointments.status, liveAppointmentStatuses)));
  assertSlotRoom(live?.n ?? 0, doctor.patientsPerSlot);
  return { slot };
}

/**
 * The next token of a doctor on a day, from its counter row (created from the day's visits the
 * first time, e.g. for seeded data). Runs under the doctor lock, so numbers have no gaps; the
 * counter never goes back, so a number is never handed out twice, even after a visit moves away.
 */
async function nextToken(tx: Tx, doctorId: string, date: string): Promise<number> {
  const fromVisits = sql`coalesce((select max(${appointments.tokenNumber}) from ${appointments} where ${appointments.doctorId} = ${doctorId} and ${appointments.date} = ${date}), 0) + 1`;
  const [counter] = await tx
    .insert(doctorDayTokens)
    .values({ doctorId, date, lastToken: fromVisits })
    .onConflictDoUpdate({ target: [doctorDayTokens.doctorId, doctorDayTokens.date], set: { lastToken: sql`${doctorDayTokens.lastToken} + 1` } })
    .returning({ token: doctorDayTokens.lastToken });
  return counter!.token;
}

/** design.md §5: every appointment created tells the staff who can see Appointments. */
async function notifyAppointmentCreated(
  tx: Tx,
  options: WriteOptions,
  organisation: { id: string; type: OrganisationType },
  details: { appointmentId: string; actorStaffId: string | null; patientId: string; patientName: string; doctor: DoctorRow; date: string; startTime: string; tokenNumber: number },
): Promise<void> {
  const { doctor } = details;
  await notifyStaffOfArea(tx, options.events, organisation, 'appointments', {
    type: 'appointment-created',
    title: 'New appointment',
    message: `${details.patientName} booked ${doctor.name} (${doctor.specialization}) for ${visitWhen(details.date, details.startTime)} — token ${tokenLabel(details.tokenNumber, doctor.tokenPrefix)}`,
    details: {
      appointmentId: details.appointmentId,
      patientId: details.patientId,
      date: details.date,
      ...(details.actorStaffId ? { actorStaffId: details.actorStaffId } : {}),
      ...(doctor.photoUrl ? { img: doctor.photoUrl } : {}),
    },
  });
}

/**
 * Who books: a staff member at the console, or a patient through the patient API (staffId null,
 * source APP). Either way the organisation comes from the verified token, never from the body.
 */
export interface VisitActor {
  organisationId: string;
  staffId: string | null;
}

export function staffActor(caller: StaffContext): VisitActor {
  return { organisationId: caller.organisationId, staffId: caller.id };
}

/** Books a slot; answers the new appointment's id (read it back with the caller's own query). */
export async function bookAppointment(db: Db, caller: VisitActor, input: AppointmentCreateInput, options: WriteOptions = {}): Promise<string> {
  return db.transaction(async (tx) => {
    const doctor = await lockDoctor(tx, caller.organisationId, input.doctorId);
    const [patient] = await tx
      .select({ id: patients.id, name: patients.name })
      .from(patients)
      .where(and(eq(patients.id, input.patientId), eq(patients.organisationId, caller.organisationId)));
    if (!patient) throw new NotFoundError('Patient not found');
    const organisation = await organisationZone(tx, caller.organisationId);
    const { slot } = await claimSlot(tx, doctor, input.date, input.startTime, organisation.timeZone, options.now ?? new Date());
    const tokenNumber = await nextToken(tx, doctor.id, input.date);
    const [row] = await tx
      .insert(appointments)
      .values({
        organisationId: caller.organisationId,
        facilityId: doctor.facilityId,
        doctorId: doctor.id,
        patientId: patient.id,
        date: input.date,
        startTime: slot.start,
        endTime: slot.end,
        tokenNumber,
        reason: input.reason ?? null,
        notes: input.notes ?? null,
        feePaise: doctor.consultationFeePaise,
        source: input.source,
        createdBy: caller.staffId,
      })
      .returning({ id: appointments.id });
    const appointmentId = row!.id;
    await tx.insert(appointmentHistory).values({ appointmentId, organisationId: caller.organisationId, byStaffId: caller.staffId, action: 'created', toStatus: 'BOOKED' });
    await notifyAppointmentCreated(tx, options, { id: caller.organisationId, type: organisation.type }, {
      appointmentId,
      actorStaffId: caller.staffId,
      patientId: patient.id,
      patientName: patient.name,
      doctor,
      date: input.date,
      startTime: slot.start,
      tokenNumber,
    });
    await announce(tx, options, caller.organisationId, { appointmentId, doctorId: doctor.id, date: input.date, status: 'BOOKED' });
    return appointmentId;
  });
}

export async function createAppointment(db: Db, caller: StaffContext, input: AppointmentCreateInput, options: WriteOptions = {}): Promise<Appointment> {
  const id = await bookAppointment(db, staffActor(caller), input, options);
  return getAppointment(db, caller, id);
}

async function lockAppointment(tx: Tx, scope: { organisationId: string }, id: string) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.organisationId, scope.organisationId)))
    .for('update');
  if (!row) throw new NotFoundError('Appointment not found');
  return row;
}

/**
 * The token queue's clock (schema queueTimes): check-in joins the waiting room, start is being
 * called in (unless the queue already called this visit), complete leaves it.
 */
export function queueTimesOf(action: AppointmentAction, current: { calledAt: Date | null }, now = new Date()) {
  if (action === 'check-in') return { checkedInAt: now };
  if (action === 'start') return { calledAt: current.calledAt ?? now };
  if (action === 'complete') return { completedAt: now };
  return {};
}

/**
 * One move along design.md §5's graph under the appointment's lock, recorded in the history as
 * the actor's (a staff member, or the patient in the app: staffId null). A cancel keeps `note`
 * as its reason.
 */
async function moveAppointment(db: Db, actor: VisitActor, id: string, action: AppointmentAction, note: string | null, options: WriteOptions): Promise<void> {
  const target = appointmentActionTarget[action];
  await db.transaction(async (tx) => {
    const current = await lockAppointment(tx, actor, id);
    if (!canMoveAppointment(current.status, target)) throw new ConflictError(`Cannot ${action}: the appointment is ${current.status}`);
    if (isDayBound(action)) await assertVisitDayReached(tx, actor.organisationId, current.date, action, options.now);
    await tx
      .update(appointments)
      .set({ status: target, updatedAt: new Date(), ...queueTimesOf(action, current), ...(action === 'cancel' ? { cancelReason: note } : {}) })
      .where(eq(appointments.id, id));
    await tx.insert(appointmentHistory).values({ appointmentId: id, organisationId: actor.organisationId, byStaffId: actor.staffId, action, fromStatus: current.status, toStatus: target, note });
    await announce(tx, options, actor.organisationId, { appointmentId: id, doctorId: current.doctorId, date: current.date, status: target });
  });
}

/** check-in, start, complete, cancel (with a reason) or no-show, along design.md §5's graph. */
export async function actOnAppointment(
  db: Db,
  caller: StaffContext,
  id: string,
  action: AppointmentAction,
  body: VisitActionBody,
  options: WriteOptions = {},
): Promise<Appointment> {
  const reason = body.reason?.trim() || null;
  if (action === 'cancel' && !reason) throw new BadRequestError('Give a reason to cancel', [{ path: 'reason', message: 'Give a reason to cancel' }]);
  await moveAppointment(db, staffActor(caller), id, action, reason, options);
  return getAppointment(db, caller, id);
}

/**
 * A patient cancels their own BOOKED or CHECKED_IN appointment in the app (the caller has checked
 * that it is theirs). No reason is required; the history says who cancelled.
 */
export async function cancelAppointmentByPatient(db: Db, actor: VisitActor, id: string, reason: string | undefined, options: WriteOptions = {}): Promise<void> {
  const given = reason?.trim();
  await moveAppointment(db, actor, id, 'cancel', given ? `${CANCELLED_BY_PATIENT}: ${given}` : CANCELLED_BY_PATIENT, options);
}

/**
 * Moves a BOOKED or CHECKED_IN appointment to another slot (of the same or another doctor) under
 * the same lock as a booking. A new day or doctor means a new token in that doctor's day.
 */
export async function rescheduleAppointment(db: Db, caller: StaffContext, id: string, input: RescheduleInput, options: WriteOptions = {}): Promise<Appointment> {
  await db.transaction(async (tx) => {
    const current = await lockAppointment(tx, caller, id);
    if (current.status !== 'BOOKED' && current.status !== 'CHECKED_IN') throw new ConflictError(`Cannot reschedule: the appointment is ${current.status}`);
    const doctorId = input.doctorId ?? current.doctorId;
    if (doctorId === current.doctorId && input.date === current.date && input.startTime === current.startTime) {
      throw new BadRequestError('Choose a different time', [{ path: 'startTime', message: 'This is the current time of the appointment' }]);
    }
    const [previousDoctor] = await tx.select({ name: doctors.name }).from(doctors).where(eq(doctors.id, current.doctorId));
    const doctor = await lockDoctor(tx, caller.organisationId, doctorId);
    const organisation = await organisationZone(tx, caller.organisationId);
    const claimed = await claimSlot(tx, doctor, input.date, input.startTime, organisation.timeZone, options.now ?? new Date());
    const sameDay = doctorId === current.doctorId && input.date === current.date;
    // A patient checked in today and moved to another day is no longer waiting: they check in on the
    // new day (a future visit must not sit in the queue as checked in).
    const { status, times } = statusAfterMove(current.status, current.date, input.date);
    await tx
      .update(appointments)
      .set({
        doctorId,
        facilityId: doctor.facilityId,
        date: input.date,
        startTime: claimed.slot.start,
        endTime: claimed.slot.end,
        tokenNumber: sameDay ? current.tokenNumber : await nextToken(tx, doctorId, input.date),
        status,
        ...times,
        updatedAt: new Date(),
      })
      .where(eq(appointments.id, id));
    const from = `${current.date} ${current.startTime} (${previousDoctor?.name ?? 'unknown doctor'})`;
    const to = `${input.date} ${claimed.slot.start} (${doctor.name})`;
    const note = `from ${from} to ${to}${input.reason ? `: ${input.reason}` : ''}`;
    await tx.insert(appointmentHistory).values({ appointmentId: id, organisationId: caller.organisationId, byStaffId: caller.id, action: 'reschedule', fromStatus: current.status, toStatus: status, note });
    // Both days change: the slot left behind is free again, the new one is taken.
    await announce(tx, options, caller.organisationId, { appointmentId: id, doctorId: current.doctorId, date: current.date, status });
    if (!sameDay) await announce(tx, options, caller.organisationId, { appointmentId: id, doctorId, date: input.date, status });
  });
  return getAppointment(db, caller, id);
}
