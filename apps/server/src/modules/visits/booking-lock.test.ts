import { eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { messageSubscriber } from '../messages/test-support.js';
import { bookVisit } from './engine.js';
import { appointmentKind } from './kinds.js';
import { createVisitLifecycle } from './lifecycle.js';

/** The test database through a Drizzle that records every statement it sends, in order. */
function recording(database: Database): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const db = database.driver === 'pglite' ? drizzlePglite(database.client, { schema, logger }) : drizzleNodePg(database.pool, { schema, logger });
  return { db: db as unknown as Db, statements };
}

describe.each(bothDrivers)('booking under the owner’s lock (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin } = await staffClients(t.app, org));
  });

  // Every statement between the doctor's row lock and the commit holds up the doctor's other
  // bookings: reads that need no lock come before it.
  it('reads the patient and the organisation before it locks the doctor', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '10:00', source: 'CONSOLE' as const };
    expect(await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input)).toMatch(/^[0-9a-f-]{36}$/);

    const lock = statements.findIndex((s) => s.includes('from "doctors"') && s.includes('for update'));
    const patientRead = statements.findIndex((s) => s.includes('from "patients"'));
    const organisationRead = statements.findIndex((s) => s.includes('from "organisations"'));
    const insert = statements.findIndex((s) => s.startsWith('insert into "appointments"'));
    expect(lock).toBeGreaterThan(-1);
    expect(patientRead).toBeGreaterThan(-1);
    expect(organisationRead).toBeGreaterThan(-1);
    expect(patientRead).toBeLessThan(lock);
    expect(organisationRead).toBeLessThan(lock);
    expect(insert).toBeGreaterThan(lock);
  });

  it('reads the staff it notifies before it locks the doctor, and notifies them', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '10:30', source: 'CONSOLE' as const };
    const id = await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input);

    const lock = statements.findIndex((s) => s.includes('from "doctors"') && s.includes('for update'));
    const staffRead = statements.findIndex((s) => s.includes('from "staff"'));
    expect(staffRead).toBeGreaterThan(-1);
    expect(staffRead).toBeLessThan(lock);
    const notified = await t.database.db
      .select({ recipient: schema.notifications.recipientStaffId, details: schema.notifications.details })
      .from(schema.notifications)
      .where(eq(schema.notifications.organisationId, org.id));
    expect(notified.filter((n) => (n.details as { appointmentId?: string }).appointmentId === id).map((n) => n.recipient)).toContain(org.admin.id);
  });

  it('under the lock, checks the room and takes the token in one statement, and reads no visit for messages it cannot send', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    // The messages subscriber of a server with no channel: the booking owes no message.
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    lifecycle.subscribe(messageSubscriber({ db, providers: { WHATSAPP: null, SMS: null }, wake: () => undefined }));
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '11:00', source: 'CONSOLE' as const };
    await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input, { lifecycle });

    const lock = statements.findIndex((s) => s.includes('from "doctors"') && s.includes('for update'));
    const underLock = statements.slice(lock + 1);
    const token = underLock.findIndex((s) => s.includes('insert into "doctor_day_tokens"'));
    expect(token).toBeGreaterThan(-1);
    expect(underLock[token]).toContain('select count(*) from "appointments"');
    expect(underLock.filter((s) => s.includes('count(*)'))).toHaveLength(1);
    expect(underLock.findIndex((s) => s.startsWith('insert into "appointments"'))).toBeGreaterThan(token);
    expect(underLock.some((s) => s.includes('from "message_settings"'))).toBe(true);
    expect(underLock.filter((s) => s.includes('"appointments" v'))).toEqual([]);
  });

  it('still answers an unknown doctor before an unknown patient, and books nothing for either', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const date = upcoming(3);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const noDoctor = await admin.post('/api/appointments', { doctorId: unknown, patientId: unknown, date, startTime: '10:00' });
    expect(noDoctor.statusCode).toBe(404);
    expect(noDoctor.json<{ message: string }>().message).toBe('Doctor not found');
    const noPatient = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: unknown, date, startTime: '10:00' });
    expect(noPatient.statusCode).toBe(404);
    expect(noPatient.json<{ message: string }>().message).toBe('Patient not found');
    const listed = (await admin.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}`)).json<{ total: number }>();
    expect(listed.total).toBe(0);
    expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '10:00' })).statusCode).toBe(201);
  });
});
