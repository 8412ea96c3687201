import { randomUUID } from 'node:crypto';
import { auditVerifySchema } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditChainHeads, auditEvents } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, patientInput, TEST_PASSWORD } from '../../test/fixtures.js';
import { auditEntriesOf, clientFrom, settingsChange, signInFrom, tamper, testAuditKeys } from './test-support.js';
import { appendAuditEvent, entryHash } from './chain.js';
import { parseVerifyArgs, runAuditVerify } from './verify-command.js';
import { verifyAuditChain } from './verify.js';

const keys = testAuditKeys();

describe.each(bothDrivers)('the audit chain (%s)', (driver) => {
  const t = useTestApp(driver);

  /** An organisation with `writes` patient creations after its admin's sign-in. */
  async function chainOf(writes: number) {
    const org = await createOrganisation(t.database.db);
    const token = await signInFrom(t.app, org.admin.email, TEST_PASSWORD);
    const admin = clientFrom(t.app, token);
    for (let i = 0; i < writes; i += 1) await admin.post('/api/patients', patientInput());
    const entries = await auditEntriesOf(t.database.db, org.id);
    return { org, admin, entries };
  }

  async function verifyRoute(admin: ReturnType<typeof clientFrom>) {
    const response = await admin.get('/api/audit/verify');
    expect(response.statusCode).toBe(200);
    return auditVerifySchema.parse(response.json());
  }

  async function cli(organisationId: string) {
    const lines: string[] = [];
    const code = await runAuditVerify(t.database.db, { organisationId, keys, write: (line) => lines.push(line) });
    return { code, lines };
  }

  it('links every entry to the one before, and verifies intact', async () => {
    const { org, admin, entries } = await chainOf(3);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(entries[0]!.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < entries.length; i += 1) expect(entries[i]!.prevHash).toBe(entries[i - 1]!.hash);
    const [head] = await t.database.db.select().from(auditChainHeads).where(eq(auditChainHeads.organisationId, org.id));
    expect(head).toMatchObject({ seq: 4, hash: entries[3]!.hash });

    expect(await verifyRoute(admin)).toEqual({ ok: true, checked: 4, firstBroken: null, anchor: null });
    expect(await cli(org.id)).toEqual({ code: 0, lines: [`${org.id} ok: 4 entries`] });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries in the database itself', async () => {
    const { org, entries } = await chainOf(1);
    const db = t.database.db;
    await expect(db.update(auditEvents).set({ entity: 'nothing' }).where(eq(auditEvents.id, entries[0]!.id))).rejects.toThrow();
    await expect(db.delete(auditEvents).where(eq(auditEvents.organisationId, org.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await auditEntriesOf(db, org.id)).toEqual(entries);
  });

  it('detects an entry changed around the trigger, at exactly that entry', async () => {
    const { org, admin, entries } = await chainOf(4);
    const target = entries[2]!;
    await tamper(t.database.db, sql`update audit_events set entity = 'doctors' where id = ${target.id}`);

    const expected = { seq: 3, id: target.id, reason: 'hash does not match its fields' };
    expect(await verifyRoute(admin)).toEqual({ ok: false, checked: 2, firstBroken: expected, anchor: null });
    expect(await verifyAuditChain(t.database.db, keys, org.id, 2)).toEqual({ ok: false, checked: 2, firstBroken: expected, anchor: null });
    expect(await cli(org.id)).toEqual({ code: 1, lines: [`${org.id} BROKEN at entry 3 (id ${target.id}): hash does not match its fields`] });
  });

  it('detects an entry rewritten with a fresh hash, by the next link', async () => {
    const { admin, entries } = await chainOf(3);
    const target = entries[1]!;
    const rehashed = entryHash(keys.chain, target.prevHash, { ...target, entity: 'doctors' });
    await tamper(t.database.db, sql`update audit_events set entity = 'doctors', hash = ${rehashed} where id = ${target.id}`);
    expect((await verifyRoute(admin)).firstBroken).toEqual({ seq: 3, id: entries[2]!.id, reason: 'link does not match the previous entry' });
  });

  it('reports an entry deleted in the middle, and at the end, as missing', async () => {
    const { org, admin, entries } = await chainOf(4);
    await tamper(t.database.db, sql`delete from audit_events where id = ${entries[2]!.id}`);
    expect(await verifyRoute(admin)).toEqual({ ok: false, checked: 2, firstBroken: { seq: 4, id: entries[3]!.id, reason: 'entry 3 is missing' }, anchor: null });
    expect((await cli(org.id)).lines).toEqual([`${org.id} BROKEN at entry 4 (id ${entries[3]!.id}): entry 3 is missing`]);

    const tail = await chainOf(2);
    await tamper(t.database.db, sql`delete from audit_events where id = ${tail.entries[2]!.id}`);
    expect((await verifyRoute(tail.admin)).firstBroken).toMatchObject({ seq: 3, reason: 'entry 3 is missing' });
    expect((await cli(tail.org.id)).lines).toEqual([`${tail.org.id} BROKEN at entry 3: entry 3 is missing`]);
  });

  it('gives 20 concurrent writes in one organisation seq 1..20 with no gaps and an intact chain', async () => {
    const { org, admin } = await chainOf(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.post('/api/patients', patientInput())));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    const entries = await auditEntriesOf(t.database.db, org.id);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(new Set(entries.slice(1).map((e) => e.entityId)).size).toBe(20);
    expect(await verifyRoute(admin)).toMatchObject({ ok: true, checked: 21 });
  });

  it('never forks when appends race on the database lock (no in-process queue)', async () => {
    const organisationId = randomUUID();
    const entry = settingsChange(organisationId);
    const appended = await Promise.all(Array.from({ length: 20 }, () => appendAuditEvent(t.database.db, keys.chain, { ...entry, createdAt: new Date() })));
    expect(appended.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await verifyAuditChain(t.database.db, keys, organisationId)).toEqual({ ok: true, checked: 20, firstBroken: null, anchor: null });
  });

  it('continues the chain when its head row is lost', async () => {
    const { org, admin } = await chainOf(1);
    await t.database.db.delete(auditChainHeads).where(and(eq(auditChainHeads.organisationId, org.id)));
    await admin.post('/api/patients', patientInput());
    expect((await auditEntriesOf(t.database.db, org.id)).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await verifyRoute(admin)).toMatchObject({ ok: true, checked: 3 });
  });

  it("checks every organisation's chain by default, exiting 1 when one is broken", async () => {
    const intact = await chainOf(1);
    const broken = await chainOf(1);
    await tamper(t.database.db, sql`update audit_events set ip = '10.0.0.1' where id = ${broken.entries[1]!.id}`);
    const lines: string[] = [];
    expect(await runAuditVerify(t.database.db, { keys, write: (line) => lines.push(line) })).toBe(1);
    expect(lines).toContain(`${intact.org.id} ok: 2 entries`);
    expect(lines).toContain(`${broken.org.id} BROKEN at entry 2 (id ${broken.entries[1]!.id}): hash does not match its fields`);
  });
});

describe('audit:verify arguments', () => {
  it('takes one organisation, else all', () => {
    const id = randomUUID();
    expect(parseVerifyArgs([])).toEqual({});
    expect(parseVerifyArgs(['--organisation', id])).toEqual({ organisationId: id });
    expect(parseVerifyArgs([`--organisation=${id.toUpperCase()}`])).toEqual({ organisationId: id });
    for (const bad of [['--organisation'], ['--organisation', 'acme'], ['--org', id], ['--organisation', id, 'extra']]) {
      expect(() => parseVerifyArgs(bad)).toThrow(/Usage: npm run audit:verify/);
    }
  });
});
