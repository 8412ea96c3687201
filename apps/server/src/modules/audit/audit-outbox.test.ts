import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import { auditChainHeads, auditOutbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, patientInput, TEST_PASSWORD } from '../../test/fixtures.js';
import { auditEntriesOf, clientFrom, signInFrom, testAuditKeys } from './test-support.js';
import { auditWritesSettled } from './hook.js';
import { appendIfHeadAt } from './chain.js';
import { chainStoredEntries, chainWaitingEntries, enqueueAuditEntry } from './outbox.js';
import { verifyAuditChain } from './verify.js';

async function signedInAdmin(t: TestApp) {
  const org = await createOrganisation(t.database.db);
  const admin = clientFrom(t.app, await signInFrom(t.app, org.admin.email, TEST_PASSWORD));
  await auditWritesSettled(t.database.db);
  return { org, admin };
}

/** Entries chained or waiting, counted in one statement so a drain in between cannot hide one. */
async function storedEntries(t: TestApp, organisationId: string): Promise<number> {
  const result = await t.database.db.execute<{ stored: number }>(
    sql`select ((select count(*) from audit_events where organisation_id = ${organisationId}) + (select count(*) from audit_outbox where organisation_id = ${organisationId}))::int as stored`,
  );
  return Number(result.rows[0]!.stored);
}

/** Entries from one user agent, chained or waiting, counted in one statement. */
async function storedEntriesFrom(t: TestApp, organisationId: string, userAgent: string): Promise<number> {
  const result = await t.database.db.execute<{ stored: number }>(
    sql`select ((select count(*) from audit_events where organisation_id = ${organisationId} and user_agent = ${userAgent}) + (select count(*) from audit_outbox where organisation_id = ${organisationId} and user_agent = ${userAgent}))::int as stored`,
  );
  return Number(result.rows[0]!.stored);
}

describe.each(bothDrivers)('audit entries outlive the process that wrote them (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('are stored before the reply goes out', async () => {
    const { org, admin } = await signedInAdmin(t);
    expect(await storedEntries(t, org.id)).toBe(1);
    const created = await admin.post('/api/patients', patientInput());
    expect(created.statusCode).toBe(201);
    // No waiting for the chain: the moment the client has its answer the entry is on disk.
    expect(await storedEntries(t, org.id)).toBe(2);
    expect((await auditEntriesOf(t.database.db, org.id)).map((entry) => [entry.seq, entry.route])).toEqual([
      [1, 'POST /api/admin/auth'],
      [2, 'POST /api/patients'],
    ]);
    expect(await t.database.db.select().from(auditOutbox).where(eq(auditOutbox.organisationId, org.id))).toEqual([]);
  });

  it('are stored before each reply goes out when many audited reads come at once', async () => {
    const { org, admin } = await signedInAdmin(t);
    expect((await admin.get('/api/me')).statusCode).toBe(200);
    const token = await signInFrom(t.app, org.admin.email, TEST_PASSWORD);
    const agents = Array.from({ length: 24 }, (_, i) => `ConcurrentReader/${i}`);
    // Each reply, the moment it arrives, must find its own entry (told apart by its user agent) stored.
    const foundOnReply = await Promise.all(
      agents.map(async (agent) => {
        const reply = await t.app.inject({ url: '/api/notifications/all', headers: { authorization: `Bearer ${token}`, 'user-agent': agent } });
        expect(reply.statusCode).toBe(200);
        return storedEntriesFrom(t, org.id, agent);
      }),
    );
    expect(foundOnReply).toEqual(agents.map(() => 1));
    const chained = await auditEntriesOf(t.database.db, org.id);
    expect(chained.filter((entry) => entry.route === 'GET /api/notifications/all')).toHaveLength(agents.length);
    expect(await verifyAuditChain(t.database.db, testAuditKeys(), org.id)).toMatchObject({ ok: true });
  });

  it('written together are not lost to one that fails', async () => {
    const { org } = await signedInAdmin(t);
    const entry = (userAgent: string, staffId: string | null = null) => ({
      organisationId: org.id,
      staffId,
      staffName: 'Script',
      action: 'read' as const,
      entity: 'patients',
      entityId: null,
      route: 'GET /api/patients/:id',
      statusCode: 200,
      ip: null,
      userAgent,
      details: null,
      createdAt: new Date(),
    });
    // Enqueued in one tick: the first goes alone, the other three wait and are written as one group.
    const outcomes = await Promise.allSettled([
      enqueueAuditEntry(t.database.db, entry('first')),
      enqueueAuditEntry(t.database.db, entry('second')),
      // Not a uuid: the database refuses this row, and with it the insert of its whole group.
      enqueueAuditEntry(t.database.db, entry('refused', 'not-a-uuid')),
      enqueueAuditEntry(t.database.db, entry('third')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const agent of ['first', 'second', 'third']) expect(await storedEntriesFrom(t, org.id, agent)).toBe(1);
  });

  it('stored by this process are chained from memory once, even when another drain chained some of them first', async () => {
    const { org } = await signedInAdmin(t);
    const key = testAuditKeys().chain;
    const entry = (i: number) => ({
      organisationId: org.id,
      staffId: org.admin.id,
      action: 'read' as const,
      entity: 'patients',
      entityId: `patient-${i}`,
      route: 'GET /api/patients/:id',
      statusCode: 200,
      ip: null,
      userAgent: null,
      details: null,
      createdAt: new Date(Date.parse('2026-11-20T09:00:00.000Z') + i),
    });
    const first = [];
    for (let i = 0; i < 3; i += 1) first.push(await enqueueAuditEntry(t.database.db, entry(i)));
    // The name the insert looked up is the one chained, as a read of the outbox would give it.
    expect(first.map((stored) => stored.staffName)).toEqual(['Asha Admin', 'Asha Admin', 'Asha Admin']);
    expect(await chainStoredEntries(t.database.db, key, org.id, first)).toBe(3);

    // Another process's drain reads the outbox and chains the next two before this one gets to
    // them: this process's head is then stale, and the entries are no longer waiting.
    const next = [];
    for (let i = 3; i < 5; i += 1) next.push(await enqueueAuditEntry(t.database.db, entry(i)));
    expect(await chainWaitingEntries(t.database.db, key, org.id)).toBe(2);
    expect(await chainStoredEntries(t.database.db, key, org.id, next)).toBe(0);
    // Read afresh, the head is right, yet these entries were chained already: still not twice.
    expect(await chainStoredEntries(t.database.db, key, org.id, next)).toBe(0);

    const last = await enqueueAuditEntry(t.database.db, entry(5));
    expect(await chainStoredEntries(t.database.db, key, org.id, [last])).toBe(1);

    const entries = await auditEntriesOf(t.database.db, org.id);
    expect(entries.map((e) => [e.seq, e.entityId])).toEqual([[1, null], ...Array.from({ length: 6 }, (_, i) => [i + 2, `patient-${i}`])]);
    expect(await verifyAuditChain(t.database.db, testAuditKeys(), org.id)).toMatchObject({ ok: true, checked: 7 });
    expect(await storedEntries(t, org.id)).toBe(7);
  });

  it('left waiting by a process that stopped are chained, in order, when the next one starts', async () => {
    const { org } = await signedInAdmin(t);
    const base = Date.parse('2026-11-20T09:00:00.000Z');
    // What a process that died between writing and chaining leaves behind.
    for (const [i, route] of ['POST /api/patients', 'PATCH /api/patients/:id', 'GET /api/patients/:id'].entries()) {
      await enqueueAuditEntry(t.database.db, {
        organisationId: org.id,
        staffId: org.admin.id,
        action: route.startsWith('GET') ? 'read' : route.startsWith('PATCH') ? 'update' : 'create',
        entity: 'patients',
        entityId: null,
        route,
        statusCode: 200,
        ip: '198.51.100.4',
        userAgent: null,
        details: null,
        createdAt: new Date(base + i * 1000),
      });
    }
    const next = await buildApp({ config: testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist' }), database: t.database });
    try {
      await next.ready();
      await auditWritesSettled(t.database.db);
    } finally {
      await next.close();
    }

    const entries = await auditEntriesOf(t.database.db, org.id);
    expect(entries.map((entry) => [entry.seq, entry.route, entry.staffName, entry.createdAt.toISOString()])).toEqual([
      [1, 'POST /api/admin/auth', 'Asha Admin', entries[0]!.createdAt.toISOString()],
      [2, 'POST /api/patients', 'Asha Admin', '2026-11-20T09:00:00.000Z'],
      [3, 'PATCH /api/patients/:id', 'Asha Admin', '2026-11-20T09:00:01.000Z'],
      [4, 'GET /api/patients/:id', 'Asha Admin', '2026-11-20T09:00:02.000Z'],
    ]);
    expect(await verifyAuditChain(t.database.db, testAuditKeys(), org.id)).toEqual({ ok: true, checked: 4, firstBroken: null, anchor: null });
    expect(await storedEntries(t, org.id)).toBe(4);
  });
});

// Only PostgreSQL has a second connection to hold the chain's lock from.
describe.each(bothDrivers.filter((driver) => driver === 'postgres'))('a reply never waits for the chain (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('answers a write while another connection holds the chain head, and chains the entry once it is let go', async () => {
    const { org, admin } = await signedInAdmin(t);
    let locked!: () => void;
    let letGo!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.select().from(auditChainHeads).where(eq(auditChainHeads.organisationId, org.id)).for('update');
      locked();
      await released;
    });
    await holding;
    try {
      const created = await admin.post('/api/patients', patientInput());
      expect(created.statusCode).toBe(201);
      expect(await t.database.db.select({ route: auditOutbox.route }).from(auditOutbox).where(eq(auditOutbox.organisationId, org.id))).toEqual([{ route: 'POST /api/patients' }]);
    } finally {
      letGo();
      await holder;
    }
    expect((await auditEntriesOf(t.database.db, org.id)).map((entry) => entry.route)).toEqual(['POST /api/admin/auth', 'POST /api/patients']);
  });

  it('chains each entry once, in order, when drains of several processes race without a lock', async () => {
    const { org } = await signedInAdmin(t);
    const key = testAuditKeys().chain;
    const base = Date.parse('2026-11-20T09:00:00.000Z');
    const entry = (i: number) => ({
      organisationId: org.id,
      staffId: org.admin.id,
      action: 'read' as const,
      entity: 'patients',
      entityId: `patient-${i}`,
      route: 'GET /api/patients/:id',
      statusCode: 200,
      ip: '198.51.100.4',
      userAgent: null,
      details: null,
      createdAt: new Date(base + i),
    });
    for (let i = 0; i < 40; i += 1) await enqueueAuditEntry(t.database.db, entry(i));

    // Each drain on its own pooled connection, as separate processes' would be.
    const chained = await Promise.all(Array.from({ length: 4 }, () => chainWaitingEntries(t.database.db, key, org.id)));

    expect(chained.reduce((sum, n) => sum + n, 0)).toBe(40);
    const entries = await auditEntriesOf(t.database.db, org.id);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(entries.slice(1).map((e) => e.entityId)).toEqual(Array.from({ length: 40 }, (_, i) => `patient-${i}`));
    expect(await verifyAuditChain(t.database.db, testAuditKeys(), org.id)).toMatchObject({ ok: true, checked: 41 });
    expect(await t.database.db.select().from(auditOutbox).where(eq(auditOutbox.organisationId, org.id))).toEqual([]);

    // A drain that read the head before another moved it changes nothing.
    const last = entries[entries.length - 1]!;
    const stale = { seq: last.seq - 1, hash: last.prevHash };
    expect(await appendIfHeadAt(t.database.db, key, org.id, stale, [{ ...entry(99), staffName: 'Asha Admin' }])).toBe(false);
    expect(await auditEntriesOf(t.database.db, org.id)).toHaveLength(41);
  });
});
