import {
  addDays,
  canAccessArea,
  localDateTimeToInstant,
  todayIn,
  type MenuArea,
  type OrganisationType,
  type PatientDoctor,
  type patientDoctorListQuerySchema,
  type PatientService,
  type patientServiceListQuerySchema,
  type SlotsResponse,
} from '@caredesk/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { doctors, facilities, organisations, services } from '../../db/schema/index.js';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import { nameKeyMatches, offsetOf, pageOf } from '../../lib/list-query.js';
import { appointmentKind, BOOKABLE_KINDS, bookingKind, listFreeSlots } from '../visits/index.js';
import { onlineBookingRulesOf, type OnlineBookingRules } from '../settings/index.js';
import { packageItemNamesSql } from '../services/index.js';
import { facilityRef } from './visits.js';

export type PatientDoctorFilters = z.output<typeof patientDoctorListQuerySchema>;
export type PatientServiceFilters = z.output<typeof patientServiceListQuerySchema>;

/** An organisation by the id in the path; unknown ids are 404 like any other. */
export async function organisationFor(db: Db, organisationId: string): Promise<{ id: string; name: string; type: OrganisationType; timeZone: string }> {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, type: organisations.type, timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError('Organisation not found');
  return row;
}

/**
 * Whether the organisation takes a kind of visit at all: its administrator's menu shows the area
 * (a scan centre has no Appointments, a clinic no Bookings). Otherwise nobody there would see,
 * or be notified of, what a patient books.
 */
async function organisationTakes(db: Db, organisationId: string, area: MenuArea): Promise<boolean> {
  const organisation = await organisationFor(db, organisationId);
  return canAccessArea(organisation.type, 'ADMIN', area);
}

/** What the app may offer of an organisation: its online booking rules, and its zone for "today". */
export interface OnlineWindow extends OnlineBookingRules {
  timeZone: string;
}

/** 403 naming the field: the doctor, scan or organisation exists but takes no online bookings. */
function notOnline(field: string, message: string): AppError {
  return new AppError(403, message, [{ path: field, message }]);
}

/**
 * Whether a doctor (scan, test) of an organisation may be booked online, and if so the window:
 * 'missing' for an inactive one, another organisation's, or one of a kind the organisation does
 * not take (never confirming it exists); otherwise which switch is off. The patient API answers
 * 403 naming the switch; the public pages, open to anyone, answer 404 for every refusal.
 */
export type OnlineOwner =
  { kind: 'open'; window: OnlineWindow } | { kind: 'no-organisation' } | { kind: 'missing' } | { kind: 'organisation-off'; organisationName: string } | { kind: 'owner-off' };

/** The two kinds the app books: the owner table's filters, and the organisation's area for it. */
const onlineOwnerKinds = {
  doctor: {
    area: 'appointments',
    find: (db: Db, organisationId: string, id: string) =>
      db
        .select({ onlineBooking: doctors.onlineBooking })
        .from(doctors)
        .where(and(eq(doctors.id, id), eq(doctors.organisationId, organisationId), eq(doctors.active, true))),
  },
  service: {
    area: 'bookings',
    find: (db: Db, organisationId: string, id: string) =>
      db
        .select({ onlineBooking: services.onlineBooking })
        .from(services)
        .where(and(eq(services.id, id), eq(services.organisationId, organisationId), eq(services.active, true), inArray(services.kind, BOOKABLE_KINDS))),
  },
} as const satisfies Record<string, { area: MenuArea; find: (db: Db, organisationId: string, id: string) => Promise<{ onlineBooking: boolean }[]> }>;
export type OnlineOwnerKind = keyof typeof onlineOwnerKinds;

export async function onlineOwner(db: Db, ownerKind: OnlineOwnerKind, organisationId: string, ownerId: string): Promise<OnlineOwner> {
  const spec = onlineOwnerKinds[ownerKind];
  const [organisation] = await db
    .select({ name: organisations.name, type: organisations.type, timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) return { kind: 'no-organisation' };
  if (!canAccessArea(organisation.type, 'ADMIN', spec.area)) return { kind: 'missing' };
  const [row] = await spec.find(db, organisationId, ownerId);
  if (!row) return { kind: 'missing' };
  const rules = await onlineBookingRulesOf(db, organisationId);
  if (!rules.enabled) return { kind: 'organisation-off', organisationName: organisation.name };
  if (!row.onlineBooking) return { kind: 'owner-off' };
  return { kind: 'open', window: { ...rules, timeZone: organisation.timeZone } };
}

/** The window of an owner the app may book, else the patient API's refusal (404, or 403 naming the switch). */
async function bookable(db: Db, ownerKind: OnlineOwnerKind, organisationId: string, ownerId: string): Promise<OnlineWindow> {
  const found = await onlineOwner(db, ownerKind, organisationId, ownerId);
  const field = ownerKind === 'doctor' ? 'doctorId' : 'serviceId';
  const noun = ownerKind === 'doctor' ? 'This doctor' : 'This scan or test';
  switch (found.kind) {
    case 'open':
      return found.window;
    case 'no-organisation':
      throw new NotFoundError('Organisation not found');
    case 'missing':
      throw new NotFoundError(ownerKind === 'doctor' ? 'Doctor not found' : 'Scan or test not found');
    case 'organisation-off':
      throw notOnline('organisationId', `${found.organisationName} does not take bookings online: please call the desk`);
    case 'owner-off':
      throw notOnline(field, `${noun} does not take bookings online: please call the desk`);
  }
}

/**
 * A doctor a patient may book: active, of that organisation, which takes appointments (else
 * "not found", so the app never learns of inactive doctors or other organisations' ids), and
 * both the organisation and the doctor take online bookings (Settings → Online booking).
 */
export function bookableDoctor(db: Db, organisationId: string, doctorId: string): Promise<OnlineWindow> {
  return bookable(db, 'doctor', organisationId, doctorId);
}

/** As bookableDoctor, for an active scan or test of an organisation that takes bookings. */
export function bookableService(db: Db, organisationId: string, serviceId: string): Promise<OnlineWindow> {
  return bookable(db, 'service', organisationId, serviceId);
}

/** The last date a patient may book online: today plus the horizon, in the organisation's zone. */
export function lastOnlineDate(window: OnlineWindow, now: Date): string {
  return addDays(todayIn(window.timeZone, now), window.horizonDays);
}

/** Whether a slot starts late enough to be booked online: at least the cut-off from now. */
export function beforeCutoff(window: OnlineWindow, date: string, startTime: string, now: Date): boolean {
  return localDateTimeToInstant(window.timeZone, date, startTime).getTime() - now.getTime() < window.cutoffMinutes * 60_000;
}

/** The date is within the days ahead the app may book (a waitlist's day too). */
export function assertOnlineHorizon(window: OnlineWindow, date: string, now = new Date()): void {
  const last = lastOnlineDate(window, now);
  if (date > last) {
    const message = text('online.horizon', { days: window.horizonDays, last });
    throw new BadRequestError(message, [{ path: 'date', message }]);
  }
}

/**
 * The online rules of a booking's date and time, checked before the desk's own rules (a slot of
 * the schedule, not past, not full), which the visit engine applies as for the console.
 */
export function assertOnlineWindow(window: OnlineWindow, date: string, startTime: string, now = new Date()): void {
  assertOnlineHorizon(window, date, now);
  const startsIn = localDateTimeToInstant(window.timeZone, date, startTime).getTime() - now.getTime();
  // A time already gone is the engine's "This time has already passed".
  if (startsIn >= 0 && beforeCutoff(window, date, startTime, now)) {
    const message = text('online.cutoff', { minutes: window.cutoffMinutes });
    throw new BadRequestError(message, [{ path: 'startTime', message }]);
  }
}

/**
 * The free slots the app may offer of an owner whose window the caller has checked: the console's
 * slot engine, then only those within the horizon and not inside the cut-off.
 */
export async function listOnlineSlots(
  db: Db,
  ownerKind: OnlineOwnerKind,
  window: OnlineWindow,
  organisationId: string,
  ownerId: string,
  date: string,
  now = new Date(),
): Promise<SlotsResponse> {
  const slots = await listFreeSlots(db, ownerKind === 'doctor' ? appointmentKind : bookingKind, organisationId, ownerId, date, now, { withExtras: false });
  if (slots.date > lastOnlineDate(window, now)) return { ...slots, slots: [] };
  return { ...slots, slots: slots.slots.filter((slot) => !beforeCutoff(window, slots.date, slot.start, now)) };
}

/** Whether the organisation's catalogue is open to the app at all. */
async function onlineCatalogue(db: Db, organisationId: string, area: MenuArea): Promise<boolean> {
  return (await organisationTakes(db, organisationId, area)) && (await onlineBookingRulesOf(db, organisationId)).enabled;
}

/** GET /api/patient/organisations/:orgId/doctors: active doctors taking online bookings, by name, with fee and facility. */
export async function listOrganisationDoctors(db: Db, organisationId: string, filters: PatientDoctorFilters) {
  if (!(await onlineCatalogue(db, organisationId, 'appointments'))) return pageOf<PatientDoctor>(filters, [], 0);
  const where = and(
    eq(doctors.organisationId, organisationId),
    eq(doctors.active, true),
    eq(doctors.onlineBooking, true),
    filters.search ? nameKeyMatches(doctors.nameKey, filters.search) : undefined,
    filters.specialization ? eq(doctors.specialization, filters.specialization) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: doctors.id,
        name: doctors.name,
        specialization: doctors.specialization,
        qualifications: doctors.qualifications,
        experienceYears: doctors.experienceYears,
        feePaise: doctors.consultationFeePaise,
        photoUrl: doctors.photoUrl,
        facilityId: facilities.id,
        facilityName: facilities.name,
      })
      .from(doctors)
      .leftJoin(facilities, eq(facilities.id, doctors.facilityId))
      .where(where)
      .orderBy(asc(doctors.nameKey), asc(doctors.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(doctors).where(where),
  ]);
  return pageOf(
    filters,
    rows.map(({ facilityId, facilityName, ...doctor }): PatientDoctor => ({ ...doctor, facility: facilityRef(facilityId, facilityName) })),
    totals[0]?.n,
  );
}

/** GET /api/patient/organisations/:orgId/services: active scans and tests taking online bookings, by kind and name, with prices. */
export async function listOrganisationServices(db: Db, organisationId: string, filters: PatientServiceFilters) {
  if (!(await onlineCatalogue(db, organisationId, 'bookings'))) return pageOf<PatientService>(filters, [], 0);
  const where: SQL | undefined = and(
    eq(services.organisationId, organisationId),
    eq(services.active, true),
    eq(services.onlineBooking, true),
    inArray(services.kind, filters.kind ? [filters.kind] : BOOKABLE_KINDS),
    filters.search ? nameKeyMatches(services.nameKey, filters.search) : undefined,
    filters.category ? eq(services.category, filters.category) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: services.id,
        kind: services.kind,
        name: services.name,
        category: services.category,
        description: services.description,
        pricePaise: services.pricePaise,
        durationMinutes: services.durationMinutes,
        preparation: services.preparation,
        reportTurnaroundHours: services.reportTurnaroundHours,
        imageUrl: services.imageUrl,
        includes: packageItemNamesSql,
        facilityId: facilities.id,
        facilityName: facilities.name,
      })
      .from(services)
      .leftJoin(facilities, eq(facilities.id, services.facilityId))
      .where(where)
      .orderBy(asc(services.kind), asc(services.nameKey), asc(services.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return pageOf(
    filters,
    rows.map(({ facilityId, facilityName, ...service }): PatientService => ({ ...service, facility: facilityRef(facilityId, facilityName) })),
    totals[0]?.n,
  );
}

/** GET …/doctors/:id/slots?date=: the same engine as the console's. */
export async function listBookableDoctorSlots(db: Db, organisationId: string, doctorId: string, date: string): Promise<SlotsResponse> {
  return listOnlineSlots(db, 'doctor', await bookableDoctor(db, organisationId, doctorId), organisationId, doctorId, date);
}

/** GET …/services/:id/slots?date=. */
export async function listBookableServiceSlots(db: Db, organisationId: string, serviceId: string, date: string): Promise<SlotsResponse> {
  return listOnlineSlots(db, 'service', await bookableService(db, organisationId, serviceId), organisationId, serviceId, date);
}
