import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { messageSettings, wallets } from '../db/schema/index.js';
import { createTestDatabase, drivers } from './database.js';
import { addFacility, apiAs, createOrganisation, daysFromToday, doctorInput, EVERY_MORNING, patientInput, signIn, uniquePhone, type ApiClient } from './fixtures.js';
import { createLoggedApp, type CapturedLog } from './log-capture.js';

/**
 * design.md §10: logs carry request id, route, status, error class and SQL state, never values.
 * A trigger makes PostgreSQL refuse exactly this test's patient, quoting the row in its message
 * and detail as a constraint or a cast error would; drizzle adds every parameter to its own
 * message. None of it may reach the log or the reply.
 */
describe.each(drivers)('no patient data in the log (%s)', (driver) => {
  const marker = `zebra${randomUUID().slice(0, 8)}`;
  const name = `Quokka ${marker}`;
  const phone = uniquePhone();
  const notes = `HIV+ ${marker}`;
  const trigger = `refuse_${marker}`;
  let database: Database;
  let app: FastifyInstance;
  let log: CapturedLog;
  let admin: ApiClient;
  let organisationId: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    ({ app, log } = await createLoggedApp(database));
    const org = await createOrganisation(database.db, { type: 'MULTIHOSPITAL', walletPaise: 10_000 });
    organisationId = org.id;
    admin = apiAs(app, (await signIn(app, org.admin.email)).access_token);
    await database.db.execute(
      sql.raw(`
        create function ${trigger}() returns trigger language plpgsql as $$
        begin
          if new.notes like '%${marker}%' then
            raise exception 'refused patient % (%)', new.name, new.phone using detail = 'notes: ' || new.notes, errcode = 'P0001';
          end if;
          return new;
        end $$`),
    );
    await database.db.execute(sql.raw(`create trigger ${trigger} before insert or update on patients for each row execute function ${trigger}()`));
  });

  afterAll(async () => {
    await database.db.execute(sql.raw(`drop trigger if exists ${trigger} on patients`));
    await database.db.execute(sql.raw(`drop function if exists ${trigger}()`));
    await app.close();
    await database.close();
  });

  const expectNoPatientData = (text: string) => {
    for (const value of [marker, 'Quokka', phone, phone.slice(3), 'HIV+']) expect(text).not.toContain(value);
  };

  it('logs a statement PostgreSQL refused by class and SQL state, never its values', async () => {
    const created = await admin.post('/api/patients', patientInput({ name, phone, notes }));
    expect(created.statusCode).toBe(500);
    expectNoPatientData(created.body);

    const existing = await admin.post('/api/patients', patientInput({ name: 'Plain Patient' }));
    expect(existing.statusCode).toBe(201);
    const changed = await admin.patch(`/api/patients/${existing.json<{ id: string }>().id}`, { name, phone, notes });
    expect(changed.statusCode).toBe(500);
    expectNoPatientData(changed.body);

    const failures = log.entries().filter((entry) => entry.msg === 'request failed');
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      expect(failure.err).toMatchObject({ type: 'DrizzleQueryError', code: 'P0001' });
      expect(failure).toMatchObject({ reqId: expect.any(String), route: expect.stringMatching(/^\/api\/patients/) });
    }
    expectNoPatientData(log.text());
  });

  it('refuses NUL and control characters with a 400 naming the field, before the database', async () => {
    const nul = await admin.post('/api/patients', patientInput({ name: `Quokka\u0000${marker}`, phone, notes }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ issues: [{ path: 'name', message: 'Remove control characters from this text' }] });

    const bell = await admin.post('/api/patients', patientInput({ name: 'Asha Rao', notes: `line one\nline two\u0007 ${marker}` }));
    expect(bell.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'notes' }] });
    // Multi-line text keeps its line breaks and tabs.
    const lines = await admin.post('/api/patients', patientInput({ name: 'Asha Rao', notes: 'line one\r\n\tline two' }));
    expect(lines.statusCode).toBe(201);

    for (const url of [`/api/patients?search=Quokka%00${marker}`, `/api/chats?search=%00`, `/api/search?q=ab%00cd`, '/api/patients/export.csv?search=%00']) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ issues: { path: string }[] }>().issues[0]!.path, url).toMatch(/^(search|q)$/);
    }
    expectNoPatientData(log.text());
  });

  it('answers an empty facility change and a recharge under one paisa 400, naming what is wrong', async () => {
    const facility = await addFacility(database.db, organisationId);
    for (const body of [{}, { unknownField: 'x' }]) {
      const response = await admin.patch(`/api/facilities/${facility.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ issues: [{ path: 'body', message: 'Send at least one field to change' }] });
    }
    const renamed = await admin.patch(`/api/facilities/${facility.id}`, { name: 'North Wing' });
    expect(renamed.json()).toMatchObject({ name: 'North Wing' });

    for (const amount of [1e-9, 0.001, 0]) {
      const order = await admin.post('/api/wallet/order', { amount });
      expect(order.statusCode, String(amount)).toBe(400);
      expect(order.json<{ issues: { path: string; message: string }[] }>().issues[0]).toEqual({ path: 'amount', message: 'Enter valid amount' });
    }
  });

  it('logs messages to patients by id, channel and masked phone: never the name, the phone or the text', async () => {
    await database.db
      .insert(wallets)
      .values({ organisationId, balancePaise: 100_000 })
      .onConflictDoUpdate({ target: wallets.organisationId, set: { balancePaise: 100_000 } });
    await database.db
      .insert(messageSettings)
      .values({ organisationId, settings: { quietHours: null } })
      .onConflictDoNothing();
    const patient = (await admin.post('/api/patients', patientInput({ name, phone, messageConsent: true }))).json<{ id: string }>();
    const doctor = (await admin.post('/api/doctors', doctorInput({ name: 'Dr. Log Check', availability: EVERY_MORNING }))).json<{ id: string }>();
    const booked = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(3), startTime: '09:00' });
    expect(booked.statusCode).toBe(201);
    expect((await admin.post(`/api/chats/${patient.id}/messages`, { text: `Your results ${marker}` })).statusCode).toBe(201);
    await app.patientMessages.drain();
    const sent = log.entries().filter((entry) => entry.msg === 'message not sent (log provider): recorded as delivered');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]).toMatchObject({ channel: expect.any(String), to: `${phone.slice(0, -4).replace(/\d/g, '*')}${phone.slice(-4)}` });
    expectNoPatientData(log.text());
  });
});
