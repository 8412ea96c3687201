import {
  bookingActionTarget,
  canMoveBooking,
  tokenLabel,
  type Booking,
  type BookingAction,
  type bookingCreateSchema,
  type bookingRescheduleSchema,
  type OrganisationType,
  type visitActionBodySchema,
} from '@caredesk/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { bookingHistory, bookings, patients, serviceDayTokens, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { assertSlotRoom, bookableSlot, liveBookingStatuses, organisationZone, type SlotTime } from '../../lib/slots.js';
import { notifyStaffOfArea, visitWhen } from '../../lib/visit-notifications.js';
import { assertVisitDayReached, isDayBound, statusAfterMove } from '../../lib/visits.js';
import { queueTimesOf, staffActor, type VisitActor, type WriteOptions } from '../appointments/service.js';
import { getBooking } from './queries.js';
import { BOOKABLE_KINDS, serviceSchedule } from './slots.js';

export type BookingCreateInput = z.output<typeof bookingCreateSchema>;
export type BookingRescheduleInput = z.output<typeof bookingRescheduleSchema>;
type ServiceRow = typeof services.$inferSelect;

async function announce(tx: Tx, options: WriteOptions, organisationId: string, change: { bookingId: string; serviceId: string; date: string; status: string }) {
  await options.events?.publish(organisationId, { type: 'booking.updated', ...change }, tx);
}

/** The scan or test, locked for the transaction: bookings into its slots run one at a time (see lockDoctor). */
async function lockService(tx: Tx, organisationId: string, serviceId: string): Promise<ServiceRow> {
  const [service] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.organisationId, organisationId), inArray(services.kind, BOOKABLE_KINDS)))
    .for('update');
  if (!service) throw new NotFoundError('Scan or test not found');
  return service;
}

/** Under the service lock: the slot exists, has not started and holds fewer than capacityPerSlot live bookings. */
async function claimSlot(tx: Tx, service: ServiceRow, date: string, startTime: string, timeZone: string, now: Date): Promise<SlotTime> {
  if (!service.active) throw new ConflictError(`${service.name} is not taking bookings`);
  const slot = bookableSlot(serviceSchedule(service), service.name, date, startTime, timeZone, now);
  const [live] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.serviceId, service.id), eq(bookings.date, date), eq(bookings.startTime, startTime), inArray(bookings.status, liveBookingStatuses)));
  assertSlotRoom(live?.n ?? 0, service.capacityPerSlot);
  return slot;
}

/** The next token of a service on a day, gap-free under the service lock and never reused (see nextToken of doctors). */
async function nextToken(tx: Tx, serviceId: string, date: string): Promise<number> {
  const fromVisits = sql`coalesce((select max(${bookings.tokenNumber}) from ${bookings} where ${bookings.serviceId} = ${serviceId} and ${bookings.date} = ${date}), 0) + 1`;
  const [counter] = await tx
    .insert(serviceDayTokens)
    .values({ serviceId, date, lastToken: fromVisits })
    .onConflictDoUpdate({ target: [serviceDayTokens.serviceId, serviceDayTokens.date], set: { lastToken: sql`${serviceDayTokens.lastToken} + 1` } })
    .returning({ token: serviceDayTokens.lastToken });
  return counter!.token;
}

async function notifyBookingCreated(
  tx: Tx,
  options: WriteOptions,
  organisation: { id: string; type: OrganisationType },
  details: { bookingId: string; actorStaffId: string | null; patientId: string; patientName: string; service: ServiceRow; date: string; startTime: string; tokenNumber: number },
): Promise<void> {
  const { service } = details;
  await notifyStaffOfArea(tx, options.events, organisation, 'bookings', {
    type: 'booking-created',
    title: 'New booking',
    message: `${details.patientName} booked ${service.name} for ${visitWhen(details.date, details.startTime)} — token ${tokenLabel(details.tokenNumber, service.tokenPrefix)}`,
    details: {
      bookingId: details.bookingId,
      patientId: details.patientId,
      date: details.date,
      ...(details.actorStaffId ? { actorStaffId: details.actorStaffId } : {}),
      ...(service.imageUrl ? { img: service.imageUrl } : {}),
    },
  });
}

/** Books a scan/test slot for a staff member or a patient (source APP); answers the new booking's id. */
export async function bookBooking(db: Db, actor: VisitActor, input: BookingCreateInput, options: WriteOptions = {}): Promise<string> {
  return db.transaction(async (tx) => {
    const service = await lockService(tx, actor.organisationId, input.serviceId);
    const [patient] = await tx
      .select({ id: patients.id, name: patients.name })
      .from(patients)
      .where(and(eq(patients.id, input.patientId), eq(patients.organisationId, actor.organisationId)));
    if (!patient) throw new NotFoundError('Patient not found');
    const organisation = await organisationZone(tx, actor.organisationId);
    const slot = await claimSlot(tx, service, input.date, input.startTime, organisation.timeZone, options.now ?? new Date());
    const tokenNumber = await nextToken(tx, service.id, input.date);
    const [row] = await tx
      .insert(bookings)
      .values({
        organisationId: actor.organisationId,
        facilityId: service.facilityId,
        serviceId: service.id,
        patientId: patient.id,
        date: input.date,
        startTime: slot.start,
        endTime: slot.end,
        tokenNumber,
        reason: input.reason ?? null,
        notes: input.notes ?? null,
        pricePaise: service.pricePaise,
        source: input.source,
        createdBy: actor.staffId,
      })
      .returning({ id: bookings.id });
    const bookingId = row!.id;
    await tx.insert(bookingHistory).values({ bookingId, organisationId: actor.organisationId, byStaffId: actor.staffId, action: 'created', toStatus: 'BOOKED' });
    await notifyBookingCreated(tx, options, { id: actor.organisationId, type: organisation.type }, {
      bookingId,
      actorStaffId: actor.staffId,
      patientId: patient.id,
      patientName: patient.name,
      service,
      date: input.date,
      startTime: slot.start,
      tokenNumber,
    });
    await announce(tx, options, actor.organisationId, { bookingId, serviceId: service.id, date: input.date, status: 'BOOKED' });
    return bookingId;
  });
}

export async function createBooking(db: Db, caller: StaffContext, input: BookingCreateInput, options: WriteOptions = {}): Promise<Booking> {
  const id = await bookBooking(db, staffActor(caller), input, options);
  return getBooking(db, caller.organisationId, id);
}

export async function lockBooking(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.organisationId, organisationId)))
    .for('update');
  if (!row) throw new NotFoundError('Booking not found');
  return row;
}

/** check-in, start, complete, cancel (with a reason) or no-show, along design.md §5's graph. */
export async function actOnBooking(
  db: Db,
  actor: VisitActor,
  id: string,
  action: BookingAction,
  body: z.output<typeof visitActionBodySchema>,
  options: WriteOptions = {},
): Promise<void> {
  const target = bookingActionTarget[action];
  const reason = body.reason?.trim() || null;
  if (action === 'cancel' && !reason) throw new BadRequestError('Give a reason to cancel', [{ path: 'reason', message: 'Give a reason to cancel' }]);
  await db.transaction(async (tx) => {
    const current = await lockBooking(tx, actor.organisationId, id);
    if (!canMoveBooking(current.status, target)) throw new ConflictError(`Cannot ${action}: the booking is ${current.status}`);
    if (isDayBound(action)) await assertVisitDayReached(tx, actor.organisationId, current.date, action, options.now);
    await tx
      .update(bookings)
      .set({ status: target, updatedAt: new Date(), ...queueTimesOf(action, current), ...(action === 'cancel' ? { cancelReason: reason } : {}) })
      .where(eq(bookings.id, id));
    await tx.insert(bookingHistory).values({ bookingId: id, organisationId: actor.organisationId, byStaffId: actor.staffId, action, fromStatus: current.status, toStatus: target, note: reason });
    await announce(tx, options, actor.organisationId, { bookingId: id, serviceId: current.serviceId, date: current.date, status: target });
  });
}

/** Moves a BOOKED or CHECKED_IN booking to another free slot (of the same or another scan/test). */
export async function rescheduleBooking(db: Db, caller: StaffContext, id: string, input: BookingRescheduleInput, options: WriteOptions = {}): Promise<Booking> {
  await db.transaction(async (tx) => {
    const current = await lockBooking(tx, caller.organisationId, id);
    if (current.status !== 'BOOKED' && current.status !== 'CHECKED_IN') throw new ConflictError(`Cannot reschedule: the booking is ${current.status}`);
    const serviceId = input.serviceId ?? current.serviceId;
    if (serviceId === current.serviceId && input.date === current.date && input.startTime === current.startTime) {
      throw new BadRequestError('Choose a different time', [{ path: 'startTime', message: 'This is the current time of the booking' }]);
    }
    const [previous] = await tx.select({ name: services.name }).from(services).where(eq(services.id, current.serviceId));
    const service = await lockService(tx, caller.organisationId, serviceId);
    const organisation = await organisationZone(tx, caller.organisationId);
    const slot = await claimSlot(tx, service, input.date, input.startTime, organisation.timeZone, options.now ?? new Date());
    const sameDay = serviceId === current.serviceId && input.date === current.date;
    // A patient checked in today and moved to another day is no longer waiting: they check in on the
    // new day (a future visit must not sit in the queue as checked in).
    const { status, times } = statusAfterMove(current.status, current.date, input.date);
    await tx
      .update(bookings)
      .set({
        serviceId,
        facilityId: service.facilityId,
        date: input.date,
        startTime: slot.start,
        endTime: slot.end,
        tokenNumber: sameDay ? current.tokenNumber : await nextToken(tx, serviceId, input.date),
        pricePaise: serviceId === current.serviceId ? current.pricePaise : service.pricePaise,
        status,
        ...times,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, id));
    const from = `${current.date} ${current.startTime} (${previous?.name ?? 'unknown service'})`;
    const note = `from ${from} to ${input.date} ${slot.start} (${service.name})${input.reason ? `: ${input.reason}` : ''}`;
    await tx.insert(bookingHistory).values({ bookingId: id, organisationId: caller.organisationId, byStaffId: caller.id, action: 'reschedule', fromStatus: current.status, toStatus: status, note });
    await announce(tx, options, caller.organisationId, { bookingId: id, serviceId: current.serviceId, date: current.date, status });
    if (!sameDay) await announce(tx, options, caller.organisationId, { bookingId: id, serviceId, date: input.date, status });
  });
  return getBooking(db, caller.organisationId, id);
}
