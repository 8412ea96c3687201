import { randomInt, randomUUID } from 'node:crypto';
import { weekdayOf, type DoctorInput, type OrganisationType, type PatientInput, type ServiceInput, type SignInResponse, type StaffRole } from '@caredesk/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { facilities, onlineBookingSettings, plans, staff, subscriptions, wallets } from '../db/schema/index.js';
import { insertOrganisationWithSlug } from '../modules/settings/index.js';
import { hashPassword } from '../lib/passwords.js';
import { indiaDay } from './clock.js';

export const TEST_PASSWORD = 'Test@pass-123';
let passwordHash: Promise<string> | undefined;

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 12)}@test.example`;
}

export interface StaffFixture {
  id: string;
  email: string;
  role: StaffRole;
}

export interface OrganisationFixture {
  id: string;
  name: string;
  slug: string;
  admin: StaffFixture;
  worker: StaffFixture;
}

export interface OrganisationOptions {
  type?: OrganisationType;
  walletPaise?: number;
  /** Days from now the plan ends; negative for a lapsed plan; undefined for no plan. */
  planEndsInDays?: number;
  workerActive?: boolean;
  /** Turns online booking on, with these rules (else the defaults: off). */
  onlineBooking?: { horizonDays?: number; cutoffMinutes?: number };
}

/** A new organisation with one admin and one worker, unique e-mails, so tests never collide. */
export async function createOrganisation(db: Db, options: OrganisationOptions = {}): Promise<OrganisationFixture> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const name = `Test Clinic ${randomUUID().slice(0, 8)}`;
  const organisation = await db.transaction((tx) => insertOrganisationWithSlug(tx, { name, email: uniqueEmail('org'), type: options.type ?? 'HOSPITAL' }));
  const organisationId = organisation.id;
  if (options.onlineBooking) await db.insert(onlineBookingSettings).values({ organisationId, enabled: true, ...options.onlineBooking });
  await db.insert(facilities).values({ organisationId, name });
  const [admin, worker] = await db
    .insert(staff)
    .values([
      { organisationId, name: 'Asha Admin', email: uniqueEmail('admin'), role: 'ADMIN', passwordHash: hash },
      { organisationId, name: 'Wasim Worker', email: uniqueEmail('worker'), role: 'WORKER', passwordHash: hash, active: options.workerActive ?? true },
    ])
    .returning({ id: staff.id, email: staff.email, role: staff.role });
  if (options.walletPaise !== undefined) await db.insert(wallets).values({ organisationId, balancePaise: options.walletPaise });
  if (options.planEndsInDays !== undefined) {
    const [plan] = await db.insert(plans).values({ name: 'Test Plan', pricePaise: 100, durationDays: 365 }).returning({ id: plans.id });
    const day = 24 * 60 * 60 * 1000;
    const endsAt = new Date(Date.now() + options.planEndsInDays * day);
    await db.insert(subscriptions).values({ organisationId, planId: plan!.id, startsAt: new Date(endsAt.getTime() - 365 * day), endsAt });
  }
  return { id: organisationId, name, slug: organisation.slug, admin: admin!, worker: worker! };
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<SignInResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<SignInResponse>();
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A +91 mobile number no other test uses (doctors' phones are unique per organisation). */
export function uniquePhone(): string {
  return `+919${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function addFacility(db: Db, organisationId: string, name = `Branch ${randomUUID().slice(0, 8)}`): Promise<{ id: string; name: string }> {
  const [row] = await db.insert(facilities).values({ organisationId, name }).returning({ id: facilities.id, name: facilities.name });
  return row!;
}

export function doctorInput(overrides: Partial<DoctorInput> = {}): DoctorInput {
  return {
    name: 'Dr. Meera Joshi',
    specialization: 'Cardiology',
    qualifications: 'MBBS, MD (Medicine), DM (Cardiology)',
    experienceYears: 14,
    consultationFeePaise: 80_000,
    phone: uniquePhone(),
    email: uniqueEmail('doctor'),
    slotMinutes: 15,
    patientsPerSlot: 1,
    availability: [
      { weekday: 1, start: '09:00', end: '13:00' },
      { weekday: 1, start: '17:00', end: '20:00' },
    ],
    leaveDates: [],
    ...overrides,
  };
}

export function serviceInput(overrides: Partial<ServiceInput> = {}): ServiceInput {
  return { kind: 'OTHER', name: `Dressing ${randomUUID().slice(0, 6)}`, category: 'Procedure', pricePaise: 25_000, ...overrides };
}

export function patientInput(overrides: Partial<PatientInput> = {}): PatientInput {
  return { name: 'Sunita Pawar', phone: uniquePhone(), gender: 'FEMALE', dateOfBirth: '1985-06-15', bloodGroup: 'B+', ...overrides };
}

export interface ApiClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** inject() as one signed-in staff member. */
export function apiAs(app: FastifyInstance, token: string): ApiClient {
  const send = (options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  return {
    get: (url) => send({ url }),
    post: (url, payload) => send({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    patch: (url, payload) => send({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] }),
    delete: (url) => send({ method: 'DELETE', url }),
  };
}

/** Signs in an organisation's admin and worker. */
export async function staffClients(app: FastifyInstance, org: OrganisationFixture): Promise<{ admin: ApiClient; worker: ApiClient }> {
  const [admin, worker] = await Promise.all([signIn(app, org.admin.email), signIn(app, org.worker.email)]);
  return { admin: apiAs(app, admin.access_token), worker: apiAs(app, worker.access_token) };
}

/**
 * A date `daysAhead` days from the organisations' today (India's, as the server counts it, by the
 * possibly pinned clock), as YYYY-MM-DD. Not UTC's: from 18:30 UTC that is a day behind.
 */
export function daysFromToday(daysAhead: number): string {
  return indiaDay(daysAhead);
}

/** The first date at least two days ahead that falls on `weekday` (0 = Sunday). */
export function upcoming(weekday: number): string {
  for (let days = 2; ; days += 1) {
    const date = daysFromToday(days);
    if (weekdayOf(date) === weekday) return date;
  }
}

/** Morning hours every day of the week, so any date has slots. */
export const EVERY_MORNING = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '13:00' }));

export async function addDoctor(client: ApiClient, overrides: Partial<DoctorInput> = {}): Promise<{ id: string; name: string }> {
  const response = await client.post('/api/doctors', doctorInput({ availability: EVERY_MORNING, ...overrides }));
  if (response.statusCode !== 201) throw new Error(`add doctor failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function addPatient(client: ApiClient, overrides: Partial<PatientInput> = {}): Promise<{ id: string; name: string; phone: string }> {
  const response = await client.post('/api/patients', patientInput(overrides));
  if (response.statusCode !== 201) throw new Error(`add patient failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A scan taking bookings every morning in 30-minute slots (capacity 1 unless overridden). */
export async function addScan(client: ApiClient, overrides: Partial<ServiceInput> = {}): Promise<{ id: string; name: string }> {
  const response = await client.post(
    '/api/services',
    serviceInput({
      kind: 'SCAN',
      name: `MRI Brain ${randomUUID().slice(0, 6)}`,
      category: 'MRI',
      pricePaise: 650_000,
      durationMinutes: 30,
      availability: EVERY_MORNING,
      ...overrides,
    }),
  );
  if (response.statusCode !== 201) throw new Error(`add scan failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
