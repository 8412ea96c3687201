import type { PatientAppointment, PatientBooking, patientRescheduleSchema } from '@caredesk/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PatientCaller } from '../../lib/patient-auth.js';
import { appointmentKind, bookingKind, rescheduleVisit, type WriteOptions } from '../visits/index.js';
import { ownAppointments } from './appointments.js';
import { ownBookings } from './bookings.js';
import { assertOnlineWindow, bookableDoctor, bookableService } from './catalogue.js';

export type PatientRescheduleInput = z.output<typeof patientRescheduleSchema>;

/** What the history says after "from … to …" when the patient moved the visit in the app. */
const RESCHEDULED_BY_PATIENT = 'Rescheduled by the patient in the app';

/**
 * The account's own visit to another slot of the same doctor (scan, test): the new slot must be
 * one the app could book now (owner and organisation online, within the horizon, not inside the
 * cut-off), then it is the desk's own reschedule (slot lock and capacity, token, history, live
 * events, the 'rescheduled' lifecycle event that messages the patient), with no staff actor.
 * Another account's visit is "not found"; one that is not BOOKED or CHECKED_IN is the engine's 409.
 */
export async function rescheduleOwnAppointment(db: Db, caller: PatientCaller, id: string, input: PatientRescheduleInput, options: WriteOptions = {}): Promise<PatientAppointment> {
  const own = await ownAppointments.get(db, caller, id);
  assertOnlineWindow(await bookableDoctor(db, own.organisationId, own.doctorId), input.date, input.startTime, options.now);
  const actor = { organisationId: own.organisationId, staffId: null };
  await rescheduleVisit(db, appointmentKind, actor, id, { ...input, reason: RESCHEDULED_BY_PATIENT }, options);
  return ownAppointments.get(db, caller, id);
}

/** As rescheduleOwnAppointment, for a scan or test booking. */
export async function rescheduleOwnBooking(db: Db, caller: PatientCaller, id: string, input: PatientRescheduleInput, options: WriteOptions = {}): Promise<PatientBooking> {
  const own = await ownBookings.get(db, caller, id);
  assertOnlineWindow(await bookableService(db, own.organisationId, own.serviceId), input.date, input.startTime, options.now);
  const actor = { organisationId: own.organisationId, staffId: null };
  await rescheduleVisit(db, bookingKind, actor, id, { ...input, reason: RESCHEDULED_BY_PATIENT }, options);
  return ownBookings.get(db, caller, id);
}
