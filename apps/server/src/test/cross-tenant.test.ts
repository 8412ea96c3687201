import { randomUUID } from 'node:crypto';
import { PATIENT_EVENTS_PATH } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWritesSettled } from '../modules/audit/test-support.js';
import { eventsDelivered, ready, type Peer } from '../modules/events/test-support.js';
import { randomIp, signInPatient, type PatientApp } from '../modules/patient-api/test-support.js';
import { createTestApp, type TestApp } from './app.js';
import { indiaDate, todayInIndiaAt } from './clock.js';
import { bothDrivers } from './database.js';
import {
  addDoctor,
  addFacility,
  addPatient,
  addScan,
  apiAs,
  bearer,
  createOrganisation,
  daysFromToday,
  doctorInput,
  serviceInput,
  signIn,
  uniqueEmail,
  type ApiClient,
  type OrganisationFixture,
} from './fixtures.js';
import { pathParamsOf, routesOf } from './routes.js';
import { sampleFiles, uploadForm } from './sample-files.js';
import { appointmentKind, bookingKind, bookVisit } from '../modules/visits/index.js';
import { waitlistEntries } from '../db/schema/index.js';

/**
 * Organisation B calls every route that takes a path parameter with organisation A's ids, by
 * every method the route has: 404 (design.md §6: never confirm that another organisation's id
 * exists) and none of A's rows changed. The routes come from Fastify's own table, so a route
 * added later is probed without editing this file; one whose parameters this file cannot fill
 * with an id of A fails the suite by name.
 */

/** An organisation's people and the ids of what it owns. */
interface Tenant {
  org: OrganisationFixture;
  adminToken: string;
  workerToken: string;
  /** A doctor's own account (role USER), linked to `doctorId`. */
  doctorToken: string;
  admin: ApiClient;
  patientId: string;
  patientPhone: string;
  /** The patient app account of that patient's phone. */
  patientApp: PatientApp;
  doctorId: string;
  scanId: string;
  serviceId: string;
  facilityId: string;
  appointmentId: string;
  /** Today's visit with `doctorId`: in the doctor's consulting room. */
  todayAppointmentId: string;
  bookingId: string;
  /** Today's booking of a health check (a package of one test), and that test. */
  packageBookingId: string;
  bookingTestId: string;
  /** A weekly series of the patient's appointments with `doctorId`. */
  seriesId: string;
  /** A weekly series of the patient's bookings of `scanId`. */
  bookingSeriesId: string;
  /** The patient waiting for a day of `doctorId`. */
  waitlistEntryId: string;
  /** The appointment's bill and its first item. */
  billId: string;
  billItemId: string;
  /** A payment on that bill and a refund of part of it, for their receipt and credit note. */
  paymentId: string;
  creditNoteId: string;
  paymentLinkId: string;
  conversationId: string;
  notificationId: string;
  /** A message to A's patient (the chat reply the staff message above owes). */
  messageId: string;
  privateUploadId: string;
  privateUploadUrl: string;
  publicUploadId: string;
  sessionId: string;
  inviteeId: string;
  invitationToken: string;
}

/** A value for a path parameter: whose it is, and why others may reach it when that is by design. */
interface ParamValue {
  value: string;
  owner: 'A' | 'B' | 'none';
  /** Set for A's values that every caller reaches on purpose. */
  publicBy?: string;
}

/** `chosen` holds the parameters before this one; `path` is the whole route path. */
type Sources = (a: Tenant, b: Tenant, chosen: Record<string, string>, path: string) => ParamValue[];

const ofA = (value: string): ParamValue => ({ value, owner: 'A' });
const PUBLIC_IMAGE = 'logos and photos are public images: the id is unguessable and the console shows them to anyone (uploads/routes.ts)';
const PUBLIC_PAGE = "an organisation's public page is meant for anyone who has its address (/p/{slug}), signed in or not";
const PATIENT_CATALOGUE = "the patient app lists any organisation's doctors and services and their free slots, to book with it (design.md §5)";

/**
 * How to name one of A's resources for each path parameter, keyed by the route path up to and
 * including that parameter. Parameters with a fixed set of values (an OpenAPI enum such as
 * :action or :kind) take every value without an entry here.
 */
const ID_SOURCES: Record<string, Sources> = {
  '/api/account/sessions/:id': (a) => [ofA(a.sessionId)],
  '/api/appointments/:id': (a) => [ofA(a.appointmentId)],
  '/api/appointments/series/:id': (a) => [ofA(a.seriesId)],
  '/api/bookings/series/:id': (a) => [ofA(a.bookingSeriesId)],
  '/api/waitlist/:id': (a) => [ofA(a.waitlistEntryId)],
  '/api/patient/waitlist/:id': (a) => [ofA(a.waitlistEntryId)],
  '/api/billing/bills/:id': (a) => [ofA(a.billId)],
  '/api/billing/bills/:id/items/:itemId': (a) => [ofA(a.billItemId)],
  '/api/billing/credit-notes/:id': (a) => [ofA(a.creditNoteId)],
  '/api/billing/payments/:id': (a) => [ofA(a.paymentId)],
  '/api/billing/facilities/:id': (a) => [ofA(a.facilityId)],
  '/api/billing/payment-links/:id': (a) => [ofA(a.paymentLinkId)],
  // A package's test is named under its own booking.
  '/api/bookings/:id': (a, _b, _chosen, path) => [ofA(path.includes('/tests/') ? a.packageBookingId : a.bookingId)],
  '/api/bookings/:id/tests/:testId': (a) => [ofA(a.bookingTestId)],
  '/api/chats/:patientId': (a) => [ofA(a.patientId)],
  '/api/doctors/:id': (a) => [ofA(a.doctorId)],
  // A day of the doctor: the doctor is A's, the date is anybody's.
  '/api/doctors/:id/days/:date': () => [{ value: daysFromToday(7), owner: 'none' }],
  '/api/facilities/:id': (a) => [ofA(a.facilityId)],
  // The invitation link's token is a credential held by the invitee, not an id: what must not
  // answer is a token that is no live invitation (A's live one is checked on its own below).
  '/api/invitations/:token': () => [{ value: `${randomUUID()}${randomUUID()}`.replaceAll('-', ''), owner: 'A' }],
  '/api/notifications/:id': (a) => [ofA(a.notificationId)],
  '/api/notifications/read/:id': (a) => [ofA(a.notificationId)],
  '/api/messages/:id': (a) => [ofA(a.messageId)],
  '/api/patients/:id': (a) => [ofA(a.patientId)],
  // Only scans and tests have slots: an other-service there is 404 to A as well.
  '/api/services/:id': (a, _b, _chosen, path) => (path.endsWith('/slots') ? [ofA(a.scanId)] : [ofA(a.scanId), ofA(a.serviceId)]),
  '/api/staff/:id': (a) => [ofA(a.org.admin.id), ofA(a.org.worker.id), ofA(a.inviteeId)],
  '/api/tokens/:kind/:id': (a, _b, { kind }) => [ofA(kind === 'doctors' ? a.doctorId : a.scanId)],
  '/api/consulting/visits/:id': (a) => [ofA(a.todayAppointmentId)],
  '/api/tokens/doctors/:id': (a) => [ofA(a.doctorId)],
  '/api/tokens/services/:id': (a) => [ofA(a.scanId)],
  '/api/uploads/:id': (a) => [ofA(a.privateUploadId), ofA(a.publicUploadId)],
  '/api/uploads/public/:id': (a) => [ofA(a.privateUploadId), { value: a.publicUploadId, owner: 'A', publicBy: PUBLIC_IMAGE }],
  // Without its signature (the signed link itself is checked on its own below).
  '/api/uploads/private/:id': (a) => [ofA(a.privateUploadId), ofA(a.publicUploadId)],
  '/api/patient/appointments/:id': (a) => [ofA(a.appointmentId)],
  '/api/patient/bookings/:id': (a, _b, _chosen, path) => [ofA(path.includes('/tests/') ? a.packageBookingId : a.bookingId)],
  '/api/patient/bookings/:id/tests/:testId': (a) => [ofA(a.bookingTestId)],
  '/api/patient/chats/:conversationId': (a) => [ofA(a.conversationId)],
  '/api/patient/credit-notes/:id': (a) => [ofA(a.creditNoteId)],
  '/api/patient/receipts/:id': (a) => [ofA(a.paymentId)],
  '/api/patient/organisations/:orgId': (a, b) => [
    { value: a.org.id, owner: 'A', publicBy: PATIENT_CATALOGUE },
    { value: b.org.id, owner: 'B' },
  ],
  '/api/patient/organisations/:orgId/doctors/:id': (a) => [{ value: a.doctorId, owner: 'A', publicBy: PATIENT_CATALOGUE }],
  '/api/patient/organisations/:orgId/services/:id': (a) => [{ value: a.scanId, owner: 'A', publicBy: PATIENT_CATALOGUE }],
  // Without its signature (the message's signed link is checked in billing-messages.test.ts).
  '/api/public/billing/credit-notes/:id': (a) => [ofA(a.creditNoteId)],
  '/api/public/billing/receipts/:id': (a) => [ofA(a.paymentId)],
  '/api/public/organisations/:slug': (a) => [{ value: a.org.slug, owner: 'A', publicBy: PUBLIC_PAGE }],
  '/api/public/organisations/:slug/doctors/:id': (a) => [{ value: a.doctorId, owner: 'A', publicBy: PUBLIC_PAGE }],
  '/api/public/organisations/:slug/services/:id': (a) => [{ value: a.scanId, owner: 'A', publicBy: PUBLIC_PAGE }],
};

/**
 * Routes that answer without a token, and why. Every other route with a path parameter must
 * answer 401 to an anonymous caller.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  '/api/uploads/public/:id': PUBLIC_IMAGE,
  '/api/uploads/private/:id': 'a private file is served to whoever holds its signed link (the signature is the credential)',
  '/api/invitations/:token': 'the invitee opens the link before having an account',
  '/api/invitations/:token/accept': 'the invitee chooses a password through the link',
  '/api/public/organisations/:slug': PUBLIC_PAGE,
  '/api/public/billing/receipts/:id/receipt.pdf': "a receipt is served to whoever holds the signed link in the patient's message (the signature is the credential)",
  '/api/public/billing/credit-notes/:id/credit-note.pdf': "a credit note is served to whoever holds the signed link in the patient's message (the signature is the credential)",
  '/api/public/organisations/:slug/doctors/:id/slots': `${PUBLIC_PAGE}: its free times come before asking for a phone`,
  '/api/public/organisations/:slug/services/:id/slots': `${PUBLIC_PAGE}: its free times come before asking for a phone`,
};

/**
 * A valid body for each write route, so a 404 comes from the id and not from a 400 for the body.
 * A write route with a required body and no entry here answers 400 and fails, naming itself.
 */
function bodyFor(route: string, b: Tenant): unknown {
  const bodies: Record<string, unknown> = {
    'PATCH /api/doctors/:id': { name: 'Dr. Cross Tenant' },
    'PUT /api/doctors/:id/days/:date': { capacity: 1 },
    'POST /api/doctors/:id/leave': { dates: [daysFromToday(7)], visits: 'cancel' },
    'PATCH /api/services/:id': { name: 'Cross tenant scan' },
    'PATCH /api/patients/:id': { name: 'Cross Tenant', notes: 'changed by another organisation' },
    'PATCH /api/facilities/:id': { name: 'Cross tenant branch' },
    'PATCH /api/staff/:id': { name: 'Cross Tenant', role: 'ADMIN', active: false },
    'POST /api/staff/:id/reset-password': { method: 'password', password: 'Cross@tenant-123' },
    'POST /api/appointments/:id/actions/:action': { reason: 'Cross-tenant probe' },
    'POST /api/appointments/:id/reschedule': { date: daysFromToday(8), startTime: '10:00' },
    'POST /api/appointments/series/:id/cancel': { reason: 'Cross-tenant probe' },
    'POST /api/appointments/series/:id/reschedule': { startTime: '10:00' },
    'POST /api/bookings/series/:id/cancel': { reason: 'Cross-tenant probe' },
    'POST /api/bookings/series/:id/reschedule': { startTime: '10:00' },
    'POST /api/bookings/:id/actions/:action': { reason: 'Cross-tenant probe' },
    'POST /api/bookings/:id/reschedule': { date: daysFromToday(8), startTime: '10:00' },
    'POST /api/bookings/:id/report': { uploadId: b.privateUploadId },
    'POST /api/bookings/:id/tests/:testId/actions/:action': { reason: 'Cross-tenant probe' },
    'POST /api/bookings/:id/tests/:testId/report': { uploadId: b.privateUploadId },
    'POST /api/tokens/doctors/:id/walk-ins': { patientId: b.patientId },
    'POST /api/tokens/services/:id/walk-ins': { patientId: b.patientId },
    'POST /api/chats/:patientId/messages': { text: 'Hello from another organisation' },
    'POST /api/patient/chats/:conversationId/messages': { text: 'Hello from another account' },
    'POST /api/patient/appointments/:id/reschedule': { date: daysFromToday(8), startTime: '10:00' },
    'POST /api/patient/bookings/:id/reschedule': { date: daysFromToday(8), startTime: '10:00' },
    'POST /api/invitations/:token/accept': { password: 'Cross@tenant-123' },
    'POST /api/billing/bills/:id/items': { serviceId: b.serviceId, quantity: 1 },
    'POST /api/billing/bills/:id/discount': { amountPaise: 0, reason: 'Cross-tenant probe' },
    'POST /api/billing/bills/:id/payments': { mode: 'CASH', amountPaise: 100 },
    'POST /api/billing/bills/:id/refunds': { mode: 'CASH', amountPaise: 100, reason: 'Cross-tenant probe' },
    'POST /api/billing/bills/:id/payment-links': { upi: true },
  };
  return bodies[route] ?? {};
}

/** Required query strings, so the answer is about the id and not a 400 for the query. */
function queryFor(path: string): string {
  const date = `date=${daysFromToday(7)}`;
  const queries: Record<string, string> = {
    '/api/doctors/:id/slots': date,
    '/api/services/:id/slots': date,
    '/api/patient/organisations/:orgId/doctors/:id/slots': date,
    '/api/patient/organisations/:orgId/services/:id/slots': date,
    '/api/public/organisations/:slug/doctors/:id/slots': date,
    '/api/public/organisations/:slug/services/:id/slots': date,
  };
  return queries[path] ? `?${queries[path]}` : '';
}

const sendable = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';

function uploadFile(app: FastifyInstance, token: string, bytes: Buffer, name: string, visibility: 'public' | 'private') {
  return app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(token), payload: uploadForm(bytes, name, { visibility }) });
}

function created<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** An organisation with one of everything a path parameter can name. */
async function createTenant(t: TestApp): Promise<Tenant> {
  const { app } = t;
  const db = t.database.db;
  const org = await createOrganisation(db, { type: 'MULTIHOSPITAL', onlineBooking: {} });
  const [adminSession, workerSession] = await Promise.all([signIn(app, org.admin.email), signIn(app, org.worker.email)]);
  const admin = apiAs(app, adminSession.access_token);
  const facility = await addFacility(db, org.id);
  const [doctor, scan, patient] = await Promise.all([addDoctor(admin), addScan(admin), addPatient(admin)]);
  const service = created<{ id: string }>(await admin.post('/api/services', serviceInput()), 'other service');
  const date = daysFromToday(7);
  const appointment = created<{ id: string }>(await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:00' }), 'appointment');
  const series = created<{ series: { id: string } }>(
    await admin.post('/api/appointments/series', {
      doctorId: doctor.id,
      patientId: patient.id,
      startDate: daysFromToday(15),
      startTime: '12:30',
      every: { n: 1, unit: 'week' },
      count: 2,
    }),
    'series',
  );
  const bookingSeries = created<{ series: { id: string } }>(
    await admin.post('/api/bookings/series', {
      serviceId: scan.id,
      patientId: patient.id,
      startDate: daysFromToday(15),
      startTime: '12:00',
      every: { n: 1, unit: 'week' },
      count: 2,
    }),
    'booking series',
  );
  // Today's (booked as at India's midnight, so no slot of it has passed): a visit is checked in and
  // completed only on its day, and a test below takes this one to COMPLETED for the report route.
  const booking = {
    id: await bookVisit(
      db,
      bookingKind,
      { organisationId: org.id, staffId: org.admin.id },
      { serviceId: scan.id, patientId: patient.id, date: indiaDate(), startTime: '09:00', source: 'CONSOLE' },
      { now: todayInIndiaAt('00:00') },
    ),
  };
  const packaged = await addScan(admin, { kind: 'TEST', name: 'Lipid profile' });
  const healthCheck = await addScan(admin, { kind: 'TEST', name: 'Health check', packageItemIds: [packaged.id] });
  const packageBookingId = await bookVisit(
    db,
    bookingKind,
    { organisationId: org.id, staffId: org.admin.id },
    { serviceId: healthCheck.id, patientId: patient.id, date: indiaDate(), startTime: '09:30', source: 'CONSOLE' },
    { now: todayInIndiaAt('00:00') },
  );
  const packageBooking = created<{ tests: { id: string }[] }>(await admin.get(`/api/bookings/${packageBookingId}`), 'package booking');
  const bill = created<{ id: string; items: { id: string }[] }>(await admin.get(`/api/billing/bills?visitId=${appointment.id}`), 'bill');
  const payment = created<{ id: string }>(await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 200 }), 'payment');
  const creditNote = created<{ id: string }>(await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 100, reason: 'Fixture refund' }), 'refund');
  const paymentLink = created<{ id: string }>(await admin.post(`/api/billing/bills/${bill.id}/payment-links`, {}), 'payment link');
  const privateUpload = created<{ id: string; url: string }>(await uploadFile(app, adminSession.access_token, sampleFiles.pdf, 'report.pdf', 'private'), 'private upload');
  const publicUpload = created<{ id: string }>(await uploadFile(app, adminSession.access_token, sampleFiles.png, 'logo.png', 'public'), 'public upload');
  created(await admin.post(`/api/chats/${patient.id}/messages`, { text: 'Your report is ready' }), 'staff message');
  // The patient writing back raises a message-received notification for the staff.
  const patientApp = await signInPatient(t, patient.phone);
  const sent = created<{ conversationId: string }>(await patientApp.post('/api/patient/chats', { organisationId: org.id, text: 'Thank you' }), 'patient message');
  const notifications = created<{ data: { id: string }[] }>(await admin.get('/api/notifications/all'), 'notifications');
  const sessions = created<{ data: { id: string; current: boolean }[] }>(await admin.get('/api/account/sessions'), 'sessions');
  const owed = created<{ data: { id: string }[] }>(await admin.get(`/api/messages?patientId=${patient.id}`), 'messages');
  const invited = created<{ member: { id: string }; invitationUrl: string }>(
    await admin.post('/api/staff', { name: 'Ivy Invitee', email: uniqueEmail('invitee'), role: 'WORKER', credential: { method: 'invitation' } }),
    'invitation',
  );
  const todayAppointmentId = await bookVisit(
    db,
    appointmentKind,
    { organisationId: org.id, staffId: org.admin.id },
    { doctorId: doctor.id, patientId: patient.id, date: indiaDate(), startTime: '09:00', source: 'CONSOLE' },
    { now: todayInIndiaAt('00:00') },
  );
  // Written as the waitlist writes it: joining through the API needs a full day.
  const waitlistEntryId = randomUUID();
  await db
    .insert(waitlistEntries)
    .values({ id: waitlistEntryId, organisationId: org.id, kind: 'appointment', ownerId: doctor.id, date: daysFromToday(20), patientId: patient.id, createdBy: org.admin.id });
  const doctorPassword = `Chosen-${randomUUID().slice(0, 8)}-9`;
  const doctorAccount = created<{ member: { email: string } }>(
    await admin.post('/api/staff', {
      name: 'Dr Own Account',
      email: uniqueEmail('doctor'),
      role: 'USER',
      doctorId: doctor.id,
      credential: { method: 'password', password: doctorPassword },
    }),
    'doctor account',
  );
  const doctorSession = await signIn(app, doctorAccount.member.email, doctorPassword);
  return {
    org,
    adminToken: adminSession.access_token,
    workerToken: workerSession.access_token,
    doctorToken: doctorSession.access_token,
    admin,
    patientId: patient.id,
    patientPhone: patient.phone,
    patientApp,
    doctorId: doctor.id,
    scanId: scan.id,
    serviceId: service.id,
    facilityId: facility.id,
    appointmentId: appointment.id,
    todayAppointmentId,
    bookingId: booking.id,
    packageBookingId,
    bookingTestId: packageBooking.tests[0]!.id,
    billId: bill.id,
    billItemId: bill.items[0]!.id,
    seriesId: series.series.id,
    bookingSeriesId: bookingSeries.series.id,
    waitlistEntryId,
    paymentId: payment.id,
    creditNoteId: creditNote.id,
    paymentLinkId: paymentLink.id,
    conversationId: sent.conversationId,
    notificationId: notifications.data[0]!.id,
    messageId: owed.data[0]!.id,
    privateUploadId: privateUpload.id,
    privateUploadUrl: privateUpload.url,
    publicUploadId: publicUpload.id,
    sessionId: sessions.data.find((session) => session.current)!.id,
    inviteeId: invited.member.id,
    invitationToken: invited.invitationUrl.split('/').pop()!,
  };
}

/**
 * Ids inside bodies and query strings, found in the OpenAPI document: a uuid field named after
 * what it points at. Each is filled with A's id of that kind in an otherwise valid request of B's.
 */
const FIELD_VALUES: Record<string, ((a: Tenant) => string) | { skip: string } | { of: (a: Tenant) => string; publicBy: string }> = {
  doctorId: (a) => a.doctorId,
  // The waitlist's owner: the bases name an appointment's, so a doctor.
  ownerId: (a) => a.doctorId,
  'visits.moveTo.doctorId': (a) => a.doctorId,
  patientId: (a) => a.patientId,
  'patient.patientId': (a) => a.patientId,
  excludeId: (a) => a.patientId,
  serviceId: (a) => a.scanId,
  facilityId: (a) => a.facilityId,
  uploadId: (a) => a.privateUploadId,
  attachmentUploadId: (a) => a.privateUploadId,
  visitId: (a) => a.appointmentId,
  staffId: (a) => a.org.admin.id,
  // Its existence may show (the unknown-id answer differs), but nothing may be done there with B's ids.
  organisationId: { of: (a) => a.org.id, publicBy: PATIENT_CATALOGUE },
  planId: { skip: 'plans are the product’s, the same for every organisation' },
  clientId: { skip: 'chosen by the sending app and unique only within its conversation: it names nothing' },
};

/** A valid request of B's own for each operation with such a field (B's ids everywhere). */
function baseRequest(operation: string, b: Tenant): { url: string; body?: Record<string, unknown>; form?: () => FormData } | undefined {
  const date = daysFromToday(9);
  const visit = { doctorId: b.doctorId, patientId: b.patientId, date, startTime: '11:00' };
  const bases: Record<string, { url: string; body?: Record<string, unknown>; form?: () => FormData }> = {
    'GET /api/audit': { url: '/api/audit' },
    'GET /api/audit/export.csv': { url: '/api/audit/export.csv' },
    'GET /api/messages': { url: '/api/messages' },
    'GET /api/messages/export.csv': { url: '/api/messages/export.csv' },
    'GET /api/doctors': { url: '/api/doctors' },
    'GET /api/doctors/export.csv': { url: '/api/doctors/export.csv' },
    'GET /api/services': { url: '/api/services' },
    'GET /api/services/export.csv': { url: '/api/services/export.csv' },
    'POST /api/patients/matches': { url: '/api/patients/matches', body: { phone: b.patientPhone } },
    'GET /api/appointments': { url: '/api/appointments' },
    'GET /api/appointments/export.csv': { url: '/api/appointments/export.csv' },
    'GET /api/bookings': { url: '/api/bookings' },
    'GET /api/bookings/export.csv': { url: '/api/bookings/export.csv' },
    'GET /api/tokens/{kind}': { url: '/api/tokens/doctors' },
    'POST /api/doctors': { url: '/api/doctors', body: { ...doctorInput(), facilityId: b.facilityId } },
    'PATCH /api/doctors/{id}': { url: `/api/doctors/${b.doctorId}`, body: { facilityId: b.facilityId } },
    // The field names where the visits go; the field is what is checked, whatever the doctor on leave.
    'POST /api/doctors/{id}/leave': { url: `/api/doctors/${b.doctorId}/leave`, body: { dates: [daysFromToday(10)], visits: { moveTo: { doctorId: b.doctorId } } } },
    'POST /api/services': { url: '/api/services', body: { ...serviceInput(), facilityId: b.facilityId } },
    'PATCH /api/services/{id}': { url: `/api/services/${b.scanId}`, body: { facilityId: b.facilityId } },
    'POST /api/appointments': { url: '/api/appointments', body: visit },
    'POST /api/appointments/{id}/reschedule': { url: `/api/appointments/${b.appointmentId}/reschedule`, body: { date, startTime: '11:30', doctorId: b.doctorId } },
    'POST /api/appointments/bulk-reschedule': { url: '/api/appointments/bulk-reschedule', body: { ids: [b.appointmentId], date, doctorId: b.doctorId } },
    'POST /api/appointments/series': {
      url: '/api/appointments/series',
      body: { doctorId: b.doctorId, patientId: b.patientId, startDate: date, startTime: '11:15', every: { n: 1, unit: 'week' }, count: 2 },
    },
    'POST /api/appointments/series/{id}/reschedule': { url: `/api/appointments/series/${b.seriesId}/reschedule`, body: { startTime: '11:45', doctorId: b.doctorId } },
    'POST /api/bookings': { url: '/api/bookings', body: { serviceId: b.scanId, patientId: b.patientId, date, startTime: '11:00' } },
    'POST /api/bookings/bulk-reschedule': { url: '/api/bookings/bulk-reschedule', body: { ids: [b.bookingId], date, serviceId: b.scanId } },
    'POST /api/bookings/series': {
      url: '/api/bookings/series',
      body: { serviceId: b.scanId, patientId: b.patientId, startDate: date, startTime: '11:30', every: { n: 1, unit: 'week' }, count: 2 },
    },
    'POST /api/bookings/series/{id}/reschedule': { url: `/api/bookings/series/${b.bookingSeriesId}/reschedule`, body: { startTime: '12:30', serviceId: b.scanId } },
    'GET /api/waitlist': { url: `/api/waitlist?kind=appointment&ownerId=${b.doctorId}&date=${date}` },
    'POST /api/waitlist': { url: '/api/waitlist', body: { kind: 'appointment', ownerId: b.doctorId, date, patientId: b.patientId } },
    'POST /api/patient/waitlist': {
      url: '/api/patient/waitlist',
      body: { organisationId: b.org.id, kind: 'appointment', ownerId: b.doctorId, date, patient: { patientId: b.patientId } },
    },
    'POST /api/bookings/{id}/reschedule': { url: `/api/bookings/${b.bookingId}/reschedule`, body: { date, startTime: '11:30', serviceId: b.scanId } },
    // B's booking is completed first (below), so the report's upload is what gets checked.
    'POST /api/bookings/{id}/report': { url: `/api/bookings/${b.bookingId}/report`, body: { uploadId: b.privateUploadId } },
    'POST /api/bookings/{id}/tests/{testId}/report': { url: `/api/bookings/${b.packageBookingId}/tests/${b.bookingTestId}/report`, body: { uploadId: b.privateUploadId } },
    'POST /api/tokens/{kind}/{id}/actions/{action}': { url: `/api/tokens/doctors/${b.doctorId}/actions/recall`, body: { visitId: b.appointmentId } },
    'POST /api/consulting/queue/actions/{action}': { url: '/api/consulting/queue/actions/recall', body: { visitId: b.todayAppointmentId } },
    'POST /api/staff': { url: '/api/staff', body: { name: 'Dr Cross Tenant', email: uniqueEmail('doctor'), role: 'USER', credential: { method: 'invitation' } } },
    'PATCH /api/staff/{id}': { url: `/api/staff/${b.org.worker.id}`, body: { role: 'USER' } },
    'POST /api/tokens/doctors/{id}/walk-ins': { url: `/api/tokens/doctors/${b.doctorId}/walk-ins`, body: { patientId: b.patientId } },
    'POST /api/tokens/services/{id}/walk-ins': { url: `/api/tokens/services/${b.scanId}/walk-ins`, body: { patientId: b.patientId } },
    'POST /api/chats/{patientId}/messages': { url: `/api/chats/${b.patientId}/messages`, body: { text: 'See the attachment', attachmentUploadId: b.privateUploadId } },
    'POST /api/patient/chats': { url: '/api/patient/chats', body: { organisationId: b.org.id, patientId: b.patientId, text: 'Hello' } },
    'POST /api/patient/chats/{conversationId}/messages': { url: `/api/patient/chats/${b.conversationId}/messages`, body: { text: 'Hello' } },
    'POST /api/patient/uploads': { url: '/api/patient/uploads', form: () => uploadForm(sampleFiles.png, 'photo.png') },
    'POST /api/patient/appointments': {
      url: '/api/patient/appointments',
      body: { organisationId: b.org.id, doctorId: b.doctorId, date, startTime: '12:00', patient: { patientId: b.patientId } },
    },
    'POST /api/patient/bookings': {
      url: '/api/patient/bookings',
      body: { organisationId: b.org.id, serviceId: b.scanId, date, startTime: '12:00', patient: { patientId: b.patientId } },
    },
    'POST /api/plan/activate': { url: '/api/plan/activate' },
    'GET /api/billing/bills': { url: `/api/billing/bills?visitId=${b.appointmentId}` },
    'POST /api/billing/bills': { url: '/api/billing/bills', body: { patientId: b.patientId, facilityId: b.facilityId, items: [{ serviceId: b.serviceId, quantity: 1 }] } },
    'POST /api/billing/bills/{id}/items': { url: `/api/billing/bills/${b.billId}/items`, body: { serviceId: b.serviceId, quantity: 1 } },
    'GET /api/billing/day-book': { url: `/api/billing/day-book?date=${indiaDate()}&facilityId=${b.facilityId}` },
    'POST /api/billing/day-book/close': { url: '/api/billing/day-book/close', body: { date: indiaDate(), facilityId: b.facilityId, countedCashPaise: 0 } },
    'GET /api/billing/export/bills.csv': { url: `/api/billing/export/bills.csv?from=${indiaDate()}&to=${indiaDate()}&facilityId=${b.facilityId}` },
    'GET /api/billing/export/payments.csv': { url: `/api/billing/export/payments.csv?from=${indiaDate()}&to=${indiaDate()}&facilityId=${b.facilityId}` },
    'GET /api/billing/export/refunds.csv': { url: `/api/billing/export/refunds.csv?from=${indiaDate()}&to=${indiaDate()}&facilityId=${b.facilityId}` },
  };
  return bases[operation];
}

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const isUuid = (schema: JsonSchema): boolean => schema.format === 'uuid' || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isUuid);

/** Dotted names of the uuid fields of a body schema. */
function uuidFieldsOf(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((part) => uuidFieldsOf(part, prefix));
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => (isUuid(property) ? [`${prefix}${name}`] : uuidFieldsOf(property, `${prefix}${name}.`)));
  return [...new Set([...nested, ...own])];
}

function withField(body: Record<string, unknown>, field: string, value: string): Record<string, unknown> {
  const [head, ...rest] = field.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...body, [head]: value };
  return { ...body, [head]: withField((body[head] as Record<string, unknown> | undefined) ?? {}, rest.join('.'), value) };
}

/**
 * A fingerprint of every row organisation A owns: each table with an organisation_id column
 * (its rows of A), each table hanging off one of those by a foreign key (its rows under A's),
 * and A's own row. Found from the catalogue, so a table added later is watched too.
 */
async function snapshotQuery(t: TestApp, organisationId: string) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const owned = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'organisation_id' order by 1`,
    ),
  ).map((row) => row.name);
  const children = rowsOf<{ child: string; column: string; parent: string }>(
    await t.database.db.execute(sql`
      select c.relname as child, a.attname as "column", p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and cardinality(k.conkey) = 1 and c.relnamespace = current_schema()::regnamespace
      order by 1, 2`),
  ).filter((row) => owned.includes(row.parent) && !owned.includes(row.child));
  // Literals, not parameters: the statement below is prepared once and run after every probe.
  if (!/^[0-9a-f-]{36}$/.test(organisationId)) throw new Error(`not a uuid: ${organisationId}`);
  const id = sql.raw(`'${organisationId}'::uuid`);
  const fingerprint = (label: string, table: string, where: ReturnType<typeof sql>) =>
    sql`select ${sql.raw(`'${label}'`)}::text as name, count(*)::int as rows, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from ${sql.identifier(table)} r where ${where}`;
  const parts = [
    fingerprint('organisations', 'organisations', sql`r.id = ${id}`),
    ...owned.map((name) => fingerprint(name, name, sql`r.organisation_id = ${id}`)),
    ...children.map((row) =>
      fingerprint(`${row.child}.${row.column}`, row.child, sql`r.${sql.identifier(row.column)} in (select id from ${sql.identifier(row.parent)} where organisation_id = ${id})`),
    ),
  ];
  const query = new PgDialect().sqlToQuery(sql.join(parts, sql` union all `));
  if (query.params.length > 0) throw new Error('the snapshot statement takes no parameters');
  // Prepared, so the 56-way union is parsed and planned once, not after each of the ~500 probes
  // of a walk (issue #18: the snapshots were most of the walk's time).
  const name = `cross_tenant_snapshot_${randomUUID().replaceAll('-', '')}`;
  const database = t.database;
  let run: () => Promise<{ name: string; rows: number; hash: string }[]>;
  if (database.driver === 'pglite') {
    await database.client.exec(`prepare ${name} as ${query.sql}`);
    run = async () => (await database.client.query<{ name: string; rows: number; hash: string }>(`execute ${name}`)).rows;
  } else {
    // node-postgres prepares a named statement on each pooled connection the first time it runs there.
    run = async () => (await database.pool.query<{ name: string; rows: number; hash: string }>({ name, text: query.sql })).rows;
  }
  // The end of the write-ahead log as it was just before the last snapshot, and that snapshot.
  // A row of A cannot change without a WAL record: while the end has not moved, the snapshot
  // stands, and the fingerprint is not computed again. On PGlite most probes write nothing; on
  // PostgreSQL other databases of the server move it, and every probe gets its snapshot.
  let last: { lsn: string; snapshot: string } | undefined;
  const walEnd = async () => rowsOf<{ lsn: string }>(await database.db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`))[0]!.lsn;
  return async (): Promise<string> => {
    // B's requests write B's audit entries off the reply's path: let them land first.
    await auditWritesSettled(database.db);
    const lsn = await walEnd();
    if (last?.lsn === lsn) return last.snapshot;
    const rows = await run();
    last = { lsn, snapshot: rows.map((row) => `${row.name}:${row.rows}:${row.hash}`).join('\n') };
    return last.snapshot;
  };
}

/** What the suite reads of the app's OpenAPI document. */
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Array<{ in: string; name: string; schema?: JsonSchema & { enum?: string[] } }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
}

/** Every id of A's the suite knows. */
function idsOf(a: Tenant): string[] {
  return [
    a.org.id,
    a.org.admin.id,
    a.org.worker.id,
    a.inviteeId,
    a.patientId,
    a.doctorId,
    a.scanId,
    a.serviceId,
    a.facilityId,
    a.appointmentId,
    a.bookingId,
    a.packageBookingId,
    a.seriesId,
    a.bookingSeriesId,
    a.billId,
    a.conversationId,
    a.notificationId,
    a.messageId,
    a.privateUploadId,
    a.publicUploadId,
  ];
}

/** The tables where a row of organisation B's mentions one of A's ids. */
async function referencesQuery(t: TestApp, organisationId: string, ids: string[]) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const owned = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'organisation_id' order by 1`,
    ),
  )
    .map((row) => row.name)
    // The audit trail records what B asked for, A's ids included: that is its purpose.
    .filter((name) => !name.startsWith('audit_'));
  const pattern = ids.join('|');
  const query = sql.join(
    owned.map((name) => sql`select ${name}::text as name from ${sql.identifier(name)} r where r.organisation_id = ${organisationId}::uuid and r::text ~ ${pattern}`),
    sql` union all `,
  );
  return async (): Promise<string[]> => {
    await auditWritesSettled(t.database.db);
    return [...new Set(rowsOf<{ name: string }>(await t.database.db.execute(query)).map((row) => row.name))];
  };
}

/** One request the suite makes: route, filled path, who calls, and what it must answer. */
interface Probe {
  route: string;
  method: string;
  url: string;
  caller: Caller;
  /** 404, or the 2xx family for A's public-by-design values. */
  expected: 404 | '2xx';
  reason?: string;
  /** The same request with every id of A replaced by an id nobody has. */
  controlUrl: string;
  /** Also names something of B's: A itself cannot read it either. */
  mixed: boolean;
  body: unknown;
}

type Caller = 'B admin' | 'B worker' | 'B doctor' | 'B patient' | 'anonymous';

/** The consulting room's routes are a doctor's own account's only: the desk's staff are refused them by role. */
const doctorsOnly = (path: string) => path.startsWith('/api/consulting/');

function cartesian(params: string[], sourceFor: (param: string, chosen: Record<string, string>) => ParamValue[]): Array<Record<string, ParamValue>> {
  let combos: Array<Record<string, ParamValue>> = [{}];
  for (const param of params) {
    combos = combos.flatMap((combo) => {
      const chosen = Object.fromEntries(Object.entries(combo).map(([name, value]) => [name, value.value]));
      return sourceFor(param, chosen).map((value) => ({ ...combo, [param]: value }));
    });
  }
  return combos;
}

const WALK_TIMEOUT_MS = 120_000;

describe.each(bothDrivers)('another organisation’s ids on every route with a path parameter (%s)', (driver) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let snapshotOfA: () => Promise<string>;
  let bSockets: Peer[];
  let aSocket: Peer;
  const probes: Probe[] = [];
  const unclassified: string[] = [];
  let openApi: OpenApi;
  const stats = { routes: 0, methods: 0, requests: 0, answers: new Map<string, number>() };

  beforeAll(async () => {
    t = await createTestApp(driver);
    b = await createTenant(t);
    // B's sockets are open while A is built and probed: none may ever carry an id of A.
    bSockets = await Promise.all([ready(t.app, b.adminToken), ready(t.app, b.workerToken), ready(t.app, b.patientApp.session.accessToken, PATIENT_EVENTS_PATH)]);
    a = await createTenant(t);
    // A's own messages and their live events are done, and delivered, before its socket opens:
    // only what the probes raise could reach it before the barrier.
    await t.app.patientMessages.drain();
    await eventsDelivered(t.app);
    aSocket = await ready(t.app, a.adminToken);
    snapshotOfA = await snapshotQuery(t, a.org.id);

    openApi = t.app.swagger() as OpenApi;
    const enumOf = (path: string, method: string, param: string): string[] | undefined => {
      const operation = openApi.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      return operation?.parameters?.find((p) => p.in === 'path' && p.name === param)?.schema?.enum;
    };

    const withParams = routesOf(t.app).filter((route) => pathParamsOf(route).length > 0);
    stats.routes = new Set(withParams.map((route) => route.split(' ')[1])).size;
    stats.methods = withParams.length;
    for (const route of withParams) {
      const [method, path] = route.split(' ') as [string, string];
      const params = pathParamsOf(path);
      let unknown: string | undefined;
      const combos = cartesian(params, (param, chosen) => {
        const key = path.slice(0, path.indexOf(`:${param}`) + param.length + 1);
        const source = ID_SOURCES[key];
        if (source) return source(a, b, chosen, path);
        const values = enumOf(path, method === 'HEAD' ? 'GET' : method, param);
        if (values) return values.map((value) => ({ value, owner: 'none' as const }));
        unknown ??= `${route}: no way to name an id of another organisation for :${param} (add "${key}" to ID_SOURCES)`;
        return [];
      });
      if (unknown) {
        unclassified.push(unknown);
        continue;
      }
      const isPublic = PUBLIC_ROUTES[path] !== undefined;
      const callers: Caller[] = path.startsWith('/api/patient/')
        ? ['B patient', 'anonymous']
        : isPublic
          ? ['anonymous', 'B admin']
          : doctorsOnly(path)
            ? ['B doctor', 'anonymous']
            : ['B admin', 'B worker', 'anonymous'];
      for (const combo of combos) {
        const values = Object.values(combo);
        const ofA = values.filter((value) => value.owner === 'A');
        // Nothing of A's in it (B's own catalogue, a list by kind): not a cross-tenant request.
        if (ofA.length === 0) continue;
        // B's organisation in the path with A's doctor under it is a cross-tenant request too.
        const mixed = values.some((value) => value.owner === 'B');
        const byDesign = !mixed && ofA.every((value) => value.publicBy);
        const fill = (replace: boolean) =>
          path.replace(/:(\w+)/g, (_, name: string) => (replace && combo[name]!.owner === 'A' ? randomUUID() : combo[name]!.value)) + queryFor(path);
        for (const caller of callers) {
          probes.push({
            route,
            method,
            url: fill(false),
            caller,
            expected: byDesign ? '2xx' : 404,
            ...(byDesign ? { reason: ofA.map((value) => value.publicBy).join('; ') } : {}),
            controlUrl: fill(true),
            mixed,
            body: sendable(method) ? bodyFor(route, b) : undefined,
          });
        }
      }
    }
  });
  afterAll(async () => {
    for (const socket of [...(bSockets ?? []), ...(aSocket ? [aSocket] : [])]) socket.socket.terminate();
    await t?.close();
  });

  const tokenOf = (caller: Caller): string | undefined =>
    caller === 'B admin'
      ? b.adminToken
      : caller === 'B worker'
        ? b.workerToken
        : caller === 'B doctor'
          ? b.doctorToken
          : caller === 'B patient'
            ? b.patientApp.session.accessToken
            : undefined;

  const send = (probe: Pick<Probe, 'method' | 'body' | 'caller'>, url: string, token = tokenOf(probe.caller)) => {
    stats.requests += 1;
    const options: InjectOptions = {
      method: probe.method as InjectOptions['method'],
      url,
      remoteAddress: randomIp(),
      ...(token ? { headers: bearer(token) } : {}),
      ...(probe.body !== undefined ? { payload: probe.body as InjectOptions['payload'] } : {}),
    };
    return t.app.inject(options);
  };

  it('can name an id of organisation A for every path parameter of every route', () => {
    expect(unclassified).toEqual([]);
    // The route table was read: routes at several depths, of staff, patients and the public.
    expect(probes.map((probe) => probe.route)).toEqual(
      expect.arrayContaining([
        'GET /api/patients/:id',
        'POST /api/tokens/:kind/:id/actions/:action',
        'POST /api/patient/chats/:conversationId/read',
        'GET /api/uploads/private/:id',
      ]),
    );
  });

  // 581 requests in one test: about 27 s on a quiet 2-core machine against the 30 s default, so
  // the walk has a timeout of its own instead of failing on a busy one.
  it(
    'answers 404 to organisation B, its worker and its patients, and changes nothing of A',
    async () => {
      const failures: string[] = [];
      let before = await snapshotOfA();
      for (const probe of probes) {
        const response = await send(probe, probe.url);
        const status = response.statusCode;
        const key = `${probe.caller} ${status}`;
        stats.answers.set(key, (stats.answers.get(key) ?? 0) + 1);
        const label = `${probe.caller}: ${probe.method} ${probe.url} (${probe.route})`;
        let expected: string;
        let ok: boolean;
        if (probe.caller === 'anonymous' && PUBLIC_ROUTES[probe.route.split(' ')[1]!] === undefined) {
          expected = '401';
          ok = status === 401;
        } else if (probe.expected === '2xx') {
          expected = `2xx (by design: ${probe.reason})`;
          ok = status >= 200 && status < 300;
        } else {
          expected = '404';
          // The router's own 404 (no such route) would prove nothing.
          ok = status === 404 && !response.body.includes('"No route ');
          // An action the worker's role never has (staff, facilities) is a 403 whatever the id:
          // it confirms nothing, so it is accepted when an id nobody has gets the same answer.
          if (!ok && status === 403 && probe.caller === 'B worker') {
            const control = await send(probe, probe.controlUrl);
            ok = control.statusCode === 403;
            expected = '404, or the 403 an unknown id gets';
          }
          if (status === 400) expected += ' (a 400 for the body: give the route a valid body in bodyFor)';
        }
        if (!ok) failures.push(`${label}: ${status}, expected ${expected} — ${probe.method === 'HEAD' ? '' : response.body.slice(0, 200)}`);
        const after = await snapshotOfA();
        if (after !== before) {
          failures.push(`${label}: changed organisation A's rows (${status})`);
          before = after;
        }
      }
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it('answers A itself on the same reads, so every 404 above was about the caller', async () => {
    const failures: string[] = [];
    for (const probe of probes.filter((p) => p.method === 'GET' && !p.mixed && p.caller !== 'anonymous' && p.caller !== 'B worker')) {
      const token = probe.caller === 'B patient' ? a.patientApp.session.accessToken : probe.caller === 'B doctor' ? a.doctorToken : a.adminToken;
      const response = await send(probe, probe.url, token);
      // A's private file through the unsigned route and A's private upload on the public route
      // are 404 to A as well; every other read of A's own id answers.
      // So is a receipt or credit note through its public route without the message's signature.
      const ownerToo404 =
        probe.route === 'GET /api/uploads/private/:id' ||
        probe.route.startsWith('GET /api/public/billing/') ||
        (probe.route === 'GET /api/uploads/public/:id' && probe.url.endsWith(a.privateUploadId));
      const inviteLink = probe.route === 'GET /api/invitations/:token';
      // A's bookings have no report yet: 404 to their own patient too (report.test.ts reads ready ones).
      const noReportYet = probe.route === 'GET /api/patient/bookings/:id/report' || probe.route === 'GET /api/patient/bookings/:id/tests/:testId/report';
      if (ownerToo404 || inviteLink || noReportYet) continue;
      if (response.statusCode !== 200) failures.push(`A: GET ${probe.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('serves links meant for anyone by design, and nothing beyond them', async () => {
    // A signed link of A opens for whoever holds it: the signature is the credential.
    const signed = await t.app.inject({ url: a.privateUploadUrl, headers: bearer(b.adminToken) });
    expect(signed.statusCode).toBe(200);
    // The same signature on another id, or no signature, is 404 like an unknown file.
    const query = a.privateUploadUrl.slice(a.privateUploadUrl.indexOf('?'));
    expect((await t.app.inject({ url: `/api/uploads/private/${a.publicUploadId}${query}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/uploads/private/${b.privateUploadId}${query}` })).statusCode).toBe(404);
    // A live invitation link names the invitee to whoever opens it: the link is theirs to hold.
    expect((await t.app.inject({ url: `/api/invitations/${a.invitationToken}` })).statusCode).toBe(200);
  });

  it('answers an id of A in a body or query string as it answers an id nobody has, and B’s rows never point at A', async () => {
    for (const id of [b.bookingId, b.packageBookingId]) {
      for (const action of ['check-in', 'start', 'complete']) expect((await b.admin.post(`/api/bookings/${id}/actions/${action}`, {})).statusCode).toBe(200);
    }
    const pointsAtA = await referencesQuery(t, b.org.id, idsOf(a));
    const failures: string[] = [];
    const unknown: string[] = [];
    let before = await snapshotOfA();
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [lowerMethod, operation] of Object.entries(operations)) {
        const method = lowerMethod.toUpperCase();
        const name = `${method} ${path}`;
        const queryFields = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.schema && isUuid(p.schema)).map((p) => `?${p.name}`);
        const bodyFields = uuidFieldsOf(operation.requestBody?.content?.['application/json']?.schema);
        for (const field of [...queryFields, ...bodyFields]) {
          const source = FIELD_VALUES[field.replace(/^\?/, '')];
          if (!source) {
            unknown.push(`${name}: no id of A for the field ${field} (add it to FIELD_VALUES)`);
            continue;
          }
          if ('skip' in source) continue;
          const base = baseRequest(name, b);
          if (!base) {
            unknown.push(`${name}: no valid request of B's to put ${field} in (add it to baseRequest)`);
            continue;
          }
          const caller: Caller = path.startsWith('/api/patient/') ? 'B patient' : doctorsOnly(path) ? 'B doctor' : 'B admin';
          const sendWith = (value: string) => {
            const url = field.startsWith('?') ? `${base.url}${base.url.includes('?') ? '&' : '?'}${field.slice(1)}=${value}` : base.url;
            const body = base.form?.() ?? (field.startsWith('?') ? base.body : withField(base.body ?? {}, field, value));
            return send({ method, caller, body }, url);
          };
          const answer = await sendWith('of' in source ? source.of(a) : source(a));
          const control = await sendWith(randomUUID());
          const label = `${caller}: ${name} with A's ${field}`;
          const messageOf = (response: LightMyRequestResponse) =>
            String(response.headers['content-type']).includes('json') ? (response.json<{ message?: string }>().message ?? '') : '';
          if (!('publicBy' in source) && (answer.statusCode !== control.statusCode || messageOf(answer) !== messageOf(control))) {
            failures.push(`${label}: ${answer.statusCode} ${messageOf(answer)}, while an id nobody has gets ${control.statusCode} ${messageOf(control)}`);
          }
          if (method !== 'GET' && answer.statusCode < 300) failures.push(`${label}: accepted (${answer.statusCode})`);
          if (idsOf(a).some((id) => answer.body.includes(id))) failures.push(`${label}: the answer names an id of A`);
          const after = await snapshotOfA();
          if (after !== before) {
            failures.push(`${label}: changed organisation A's rows`);
            before = after;
          }
          const pointing = await pointsAtA();
          if (pointing.length > 0) failures.push(`${label}: B's rows now point at A (${pointing.join(', ')})`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('never carries an id of A on B’s sockets, nor anything of B’s requests on A’s', async () => {
    // One message each side as a barrier: whatever the probes raised would have arrived first.
    const aBarrier = created<{ id: string }>(await a.admin.post(`/api/chats/${a.patientId}/messages`, { text: 'Barrier A' }), 'A barrier');
    const bBarrier = created<{ id: string }>(await b.admin.post(`/api/chats/${b.patientId}/messages`, { text: 'Barrier B' }), 'B barrier');
    await aSocket.next((message) => message.messageId === aBarrier.id);
    await Promise.all(bSockets.map((socket) => socket.next((message) => message.messageId === bBarrier.id)));

    const idsOfA = [...idsOf(a), aBarrier.id];
    for (const socket of bSockets) {
      const leaked = socket.messages.filter((message) => idsOfA.some((id) => JSON.stringify(message).includes(id)));
      expect(leaked).toEqual([]);
    }
    const beforeBarrier = aSocket.messages.slice(
      0,
      aSocket.messages.findIndex((message) => (message as { messageId?: string }).messageId === aBarrier.id),
    );
    expect(beforeBarrier.filter((message) => (message as { type: string }).type !== 'ready')).toEqual([]);
  });

  afterAll(() => {
    const answers = [...stats.answers].map(([key, count]) => `${key}: ${count}`).join(', ');
    console.info(`cross-tenant (${driver}): ${stats.routes} routes, ${stats.methods} route methods, ${probes.length} probes, ${stats.requests} requests (${answers})`);
  });
});
