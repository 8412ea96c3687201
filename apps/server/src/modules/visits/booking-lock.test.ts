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

/** Where the doctor's day is locked: its token counter row, for update (read on its own, or joined to the facts). */
function dayLock(statements: string[]): number {
  return statements.findIndex((s) => /(from|join) "doctor_day_tokens"/.test(s) && s.includes('for update'));
}

/** The doctor's row is never locked for update by a booking: only shared, so bookings of its other days run side by side. */
function lockingDoctorForUpdate(statements: string[]): string[] {
  return statements.filter((s) => s.includes('from "doctors"') && /for update(?! of "doctor_day_tokens")/.test(s));
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
  // other bookings of that doctor's day: reads that need no lock come before it, or with it.
  it('reads the doctor (only shared), its organisation, the patient and the staff to notify and locks the day in one statement, doctor first', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const actor = { organisationId: org.id, staffId: org.admin.id };
    const input = (startTime: string) => ({ doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime, source: 'CONSOLE' as const });
    await bookVisit(t.database.db, appointmentKind, actor, input('09:00'));
    const { db, statements } = recording(t.database);
    expect(await bookVisit(db, appointmentKind, actor, input('10:00'))).toMatch(/^[0-9a-f-]{36}$/);

    const work = statements.filter((s) => !/^(begin|commit)\b/i.test(s));
    expect(work).toHaveLength(2);
    expect(dayLock(statements)).toBe(statements.indexOf(work[0]!));
    expect(lockingDoctorForUpdate(statements)).toEqual([]);
    // The doctor share-locked in a CTE the rest joins to, the day's counter locked last.
    expect(work[0]).toMatch(/^with "owner" as \(select .* from "doctors" where .* for share\) select /);
    expect(work[0]).toMatch(/inner join "doctor_day_tokens" on .* for update of "doctor_day_tokens"$/);
    for (const part of ['join "organisations"', '"patients" p', '"staff" s', 'from "doctor_day_overrides"']) expect(work[0]).toContain(part);
    expect(work[1]).toContain('insert into "appointments"');
  });

  it('reads the facts, then creates and locks the counter of a day’s first booking', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const { db, statements } = recording(t.database);
    const input = { doctorId: doctor.id, patientId: patient.id, date: upcoming(2), startTime: '10:00', source: 'CONSOLE' as const };
    expect(await bookVisit(db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, input)).toMatch(/^[0-9a-f-]{36}$/);

    expect(lockingDoctorForUpdate(statements)).toEqual([]);
    // The joined statement found no counter; the facts alone, then the counter's insert and lock.
    const facts = statements.findIndex((s) => s.startsWith('select') && s.includes('for share of "doctors"'));
    expect(facts).toBeGreaterThan(0);
    for (const table of ['from "doctors"', 'join "organisations"', '"patients" p', '"staff" s']) expect(statements[facts]).toContain(table);
    const created = statements.findIndex((s) => s.startsWith('insert into "doctor_day_tokens"'));
    expect(created).toBeGreaterThan(facts);
    const lock = statements.findIndex((s, i) => i > created && s.includes('from "doctor_day_tokens"') && s.includes('for update'));
    expect(lock).toBeGreaterThan(created);
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

    // The reads with the day's lock, then the token and the writes in one statement (and begin,
    // commit): the message settings are remembered.
    expect(statements.filter((s) => !/^(begin|commit)\b/i.test(s))).toHaveLength(2);
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

/**
 * Until a booking's statement waits for a row lock: one that locks the day alone, or the one that
 * reads the facts with it (whose text pg_stat_activity cuts before its day's table).
 */
async function waitingOnALock(database: Database): Promise<void> {
  if (database.driver !== 'postgres') throw new Error('postgres only');
  for (;;) {
    const waiting = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and (query like '%doctor_day_tokens%' or query like 'with "owner" as %')`,
    );
    if (waiting.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(databaseUrl)('the lock of a doctor’s day (postgres)', () => {
  const t = useTestApp('postgres');

  /** A day change as modules/doctors/days.ts makes it (the doctor locked first), held open until `commit`. */
  async function openDayChange(doctorId: string, organisationId: string, date: string, windows: { start: string; end: string }[] | null) {
    const { database } = t;
    if (database.driver !== 'postgres') throw new Error('postgres only');
    const client = await database.pool.connect();
    await client.query('begin');
    await client.query('select id from doctors where id = $1 for no key update', [doctorId]);
    if (windows) {
      await client.query('insert into doctor_day_overrides (organisation_id, doctor_id, date, windows) values ($1, $2, $3, $4::jsonb)', [
        organisationId,
        doctorId,
        date,
        JSON.stringify(windows),
      ]);
    }
    return {
      client,
      async commit() {
        await client.query('commit');
        client.release();
      },
    };
  }

  it('takes the doctor’s share lock before the day’s: a booking waiting on a day change holds no lock of the day', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin);
    const [first, second] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const actor = { organisationId: org.id, staffId: org.admin.id };
    const date = upcoming(2);
    const at = (patientId: string, startTime: string) => ({ doctorId: doctor.id, patientId, date, startTime, source: 'CONSOLE' as const });
    await bookVisit(t.database.db, appointmentKind, actor, at(first!.id, '09:00'));

    const change = await openDayChange(doctor.id, org.id, date, null);
    const waiting = bookVisit(t.database.db, appointmentKind, actor, at(second!.id, '10:00'));
    await waitingOnALock(t.database);
    // Were the day locked first, this would wait (nowait: fail), and a change that then locks the
    // day (a doctor's leave moving its visits) would deadlock with the booking.
    const counter = await change.client.query('select last_token from doctor_day_tokens where doctor_id = $1 and date = $2 for update nowait', [doctor.id, date]);
    expect(counter.rows).toEqual([{ last_token: 1 }]);
    await change.commit();
    const id = await waiting;
    const [booked] = await t.database.db.select({ token: schema.appointments.tokenNumber }).from(schema.appointments).where(eq(schema.appointments.id, id));
    expect(booked).toEqual({ token: 2 });
  });

  // The statement that waited for the doctor's lock read the day's hours from before the change:
  // the booking must answer what it answers once the change has committed.
  it('checks the slot against a day change that committed while the booking waited for the doctor', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin);
    const patients = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin), addPatient(admin)]);
    const actor = { organisationId: org.id, staffId: org.admin.id };
    const afternoonOnly = [{ start: '11:00', end: '13:00' }];
    const [before, during] = [upcoming(3), upcoming(4)];
    const book = (patientId: string, date: string, startTime: string) =>
      bookVisit(t.database.db, appointmentKind, actor, { doctorId: doctor.id, patientId, date, startTime, source: 'CONSOLE' }).then(
        () => 'booked',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    expect(await book(patients[0]!.id, before, '12:00')).toBe('booked');
    expect(await book(patients[1]!.id, during, '12:00')).toBe('booked');

    // The change committed first: the booking's answer for a time the day no longer has.
    await (await openDayChange(doctor.id, org.id, before, afternoonOnly)).commit();
    const afterChange = await book(patients[2]!.id, before, '10:00');
    expect(afterChange).not.toBe('booked');

    // The same change committing while the booking waits for the doctor.
    const change = await openDayChange(doctor.id, org.id, during, afternoonOnly);
    const waiting = book(patients[3]!.id, during, '10:00');
    await waitingOnALock(t.database);
    await change.commit();
    expect((await waiting).replace(during, 'the day')).toBe(afterChange.replace(before, 'the day'));
    const visits = await t.database.db
      .select({ startTime: schema.appointments.startTime })
      .from(schema.appointments)
      .where(and(eq(schema.appointments.doctorId, doctor.id), eq(schema.appointments.date, during)));
    expect(visits).toEqual([{ startTime: '12:00' }]);
  });

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
    await waitingOnALock(t.database);
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
