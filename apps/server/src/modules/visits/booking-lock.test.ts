import type { AppEvent } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers, databaseUrl } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { createMessageSettingsCache, messageSubscriber } from '../messages/test-support.js';
import { bookVisit, bookVisitIn } from './book.js';
import { appointmentKind } from './kinds.js';
import { createVisitLifecycle, visitTransaction } from './lifecycle.js';

/** Where the doctor's day is locked: its token counter row, for update. */
function dayLock(statements: string[]): number {
  return statements.findIndex((s) => s.includes('from "doctor_day_tokens"') && s.includes('for update'));
}

/** The test database through a Drizzle that records every statement it sends, in order. */
function recording(database: Database): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const db = database.driver === 'pglite' ? drizzlePglite(database.client, { schema, logger }) : drizzleNodePg(database.pool, { schema, logger });
  return { db: db as unknown as Db, statements };
}

describe.each(bothDrivers)('booking under the lock of the doctor’s day (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin } = await staffClients(t.app, org));
  });

  // Every statement between the day's lock (its token counter row) and the commit holds up the
  // other bookings of that doctor's day: reads that need no lock come before it, in one statement.
  it('reads the doctor (only shared), its organisation, the patient and the staff to notify in one statement before it locks the day', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '10:00', source: 'CONSOLE' as const };
    expect(await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input)).toMatch(/^[0-9a-f-]{36}$/);

    const lock = dayLock(statements);
    expect(lock).toBeGreaterThan(-1);
    expect(statements.filter((s) => s.includes('from "doctors"') && s.includes('for update'))).toEqual([]);
    const reads = statements.slice(0, lock).filter((s) => s.startsWith('select'));
    expect(reads).toHaveLength(1);
    for (const table of ['from "doctors"', 'join "organisations"', '"patients" p', '"staff" s', 'for share of "doctors"']) expect(reads[0]).toContain(table);
    expect(statements.findIndex((s) => s.includes('insert into "appointments"'))).toBeGreaterThan(lock);
  });

  it('notifies the staff who see appointments, read before the day’s lock', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db } = recording(t.database);
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '10:30', source: 'CONSOLE' as const };
    const id = await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input);

    const notified = await t.database.db
      .select({ recipient: schema.notifications.recipientStaffId, details: schema.notifications.details })
      .from(schema.notifications)
      .where(eq(schema.notifications.organisationId, org.id));
    expect(notified.filter((n) => (n.details as { appointmentId?: string }).appointmentId === id).map((n) => n.recipient)).toContain(org.admin.id);
  });

  it('under the lock, checks the room, takes the token and writes the visit, its history, the notifications, their pushes and the live events in one statement', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    // The messages subscriber of a server with no channel: the booking owes no message.
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    lifecycle.subscribe(messageSubscriber({ db, providers: { WHATSAPP: null, SMS: null }, wake: () => undefined, settings: createMessageSettingsCache(t.app.events) }));
    const published: AppEvent[] = [];
    const stop = t.app.events.onPublish((_organisationId, event) => published.push(event));
    const book = (startTime: string) =>
      bookVisit(
        db,
        appointmentKind,
        { organisationId: org.id, staffId: org.admin.id },
        { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime, source: 'CONSOLE' },
        { lifecycle, events: t.app.events },
      );
    await book('11:00');
    statements.length = 0;
    published.length = 0;
    const id = await book('11:15');
    stop();

    // The reads, the day's lock, then the token and the writes in one statement (and begin,
    // commit): the message settings are remembered.
    expect(statements.filter((s) => !/^(begin|commit)\b/i.test(s))).toHaveLength(3);
    const underLock = statements.slice(dayLock(statements) + 1);
    expect(underLock[0]).toMatch(/^\s*with claimed as \(update "doctor_day_tokens"/);
    expect(underLock[0]).toContain('select count(*) from "appointments"');
    expect(underLock.filter((s) => s.includes('count(*)'))).toHaveLength(1);
    for (const part of ['insert into "appointments"', 'insert into "appointment_history"', 'insert into "notifications"', 'insert into "push_outbox"', 'pg_notify']) {
      expect(underLock[0]).toContain(part);
    }
    expect(statements.filter((s) => s.includes('from "message_settings"') || s.includes('"appointments" v'))).toEqual([]);
    // The bus heard what the statement announced, in order: the notifications, then the appointment.
    expect(published.at(-1)).toEqual({ type: 'appointment.updated', appointmentId: id, doctorId: doctor.id, date: upcoming(2), status: 'BOOKED', patientId: patient.id });
    expect(published.slice(0, -1).map((event) => event.type)).toEqual(published.slice(0, -1).map(() => 'notification.created'));
    expect(published.length).toBeGreaterThan(1);
  });

  it('announces the staff notifications and the appointment’s update in one statement, in that order', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    const published: AppEvent[] = [];
    const events = {
      publish: () => Promise.reject(new Error('one at a time')),
      publishMany: async (_organisationId: string, list: readonly AppEvent[], tx?: Db) => {
        published.push(...list);
        await t.app.events.publishMany(org.id, list, tx);
      },
    };
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '11:30', source: 'CONSOLE' as const };
    const id = await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input, { events });

    expect(statements.filter((s) => s.includes('pg_notify'))).toHaveLength(1);
    expect(published.at(-1)).toEqual({ type: 'appointment.updated', appointmentId: id, doctorId: doctor.id, date: input.date, status: 'BOOKED', patientId: patient.id });
    expect(published.slice(0, -1).map((event) => event.type)).toEqual(published.slice(0, -1).map(() => 'notification.created'));
    expect(published.length).toBeGreaterThan(1);
  });

  // The room is checked in the insert's own statement: a full slot must roll back what that
  // statement wrote, and leave the day's token counter where it was.
  it('refuses a full slot with 409 and writes nothing: no visit, no notification, no event, no token taken', async () => {
    const doctor = await addDoctor(admin);
    const [first, second, third] = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    const date = upcoming(4);
    const book = (patientId: string, startTime: string) => admin.post('/api/appointments', { doctorId: doctor.id, patientId, date, startTime });
    const booked = await book(first!.id, '10:00');
    expect(booked.statusCode).toBe(201);
    const notificationsBefore = await t.database.db.select({ id: schema.notifications.id }).from(schema.notifications).where(eq(schema.notifications.organisationId, org.id));
    const published: AppEvent[] = [];
    const stop = t.app.events.onPublish((_organisationId, event) => published.push(event));
    const refused = await book(second!.id, '10:00');
    stop();

    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This slot is full: choose another time');
    expect(published).toEqual([]);
    const notificationsAfter = await t.database.db.select({ id: schema.notifications.id }).from(schema.notifications).where(eq(schema.notifications.organisationId, org.id));
    expect(notificationsAfter).toHaveLength(notificationsBefore.length);
    const visits = () =>
      t.database.db
        .select({ patientId: schema.appointments.patientId, token: schema.appointments.tokenNumber })
        .from(schema.appointments)
        .where(and(eq(schema.appointments.doctorId, doctor.id), eq(schema.appointments.date, date)))
        .orderBy(schema.appointments.tokenNumber);
    expect(await visits()).toEqual([{ patientId: first!.id, token: 1 }]);
    expect((await book(third!.id, '10:15')).statusCode).toBe(201);
    expect(await visits()).toEqual([
      { patientId: first!.id, token: 1 },
      { patientId: third!.id, token: 2 },
    ]);
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

describe.runIf(databaseUrl)('the lock of a doctor’s day (postgres)', () => {
  const t = useTestApp('postgres');

  it('holds up a booking of the same day until the first commits, and none of another day of the same doctor', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin);
    const [first, second, third] = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    const actor = { organisationId: org.id, staffId: org.admin.id };
    const day = upcoming(2);
    const at = (patientId: string, date: string, startTime: string) => ({ doctorId: doctor.id, patientId, date, startTime, source: 'CONSOLE' as const });

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const booked = new Promise<void>((resolve) => (inside = resolve));
    const open = visitTransaction(t.database.db, {}, async (write) => {
      const id = await bookVisitIn(write, appointmentKind, actor, at(first!.id, day, '10:00'));
      inside();
      await held;
      return id;
    });
    await booked;

    // Another day of the same doctor books while the first day is held (it would wait forever otherwise).
    expect(await bookVisit(t.database.db, appointmentKind, actor, at(second!.id, upcoming(3), '10:00'))).toMatch(/^[0-9a-f-]{36}$/);

    // The same day waits on the held day's counter row…
    const sameDay = bookVisit(t.database.db, appointmentKind, actor, at(third!.id, day, '10:30'));
    const { database } = t;
    if (database.driver !== 'postgres') throw new Error('postgres only');
    for (;;) {
      const waiting = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%doctor_day_tokens%'`,
      );
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await open;
    // …and takes the next token once the first has committed.
    const visits = await t.database.db
      .select({ patientId: schema.appointments.patientId, token: schema.appointments.tokenNumber })
      .from(schema.appointments)
      .where(and(eq(schema.appointments.doctorId, doctor.id), eq(schema.appointments.date, day)));
    expect(visits).toEqual([{ patientId: first!.id, token: 1 }]);
    await sameDay;
    const after = await t.database.db
      .select({ patientId: schema.appointments.patientId, token: schema.appointments.tokenNumber })
      .from(schema.appointments)
      .where(and(eq(schema.appointments.doctorId, doctor.id), eq(schema.appointments.date, day)))
      .orderBy(schema.appointments.tokenNumber);
    expect(after).toEqual([
      { patientId: first!.id, token: 1 },
      { patientId: third!.id, token: 2 },
    ]);
  });
});
