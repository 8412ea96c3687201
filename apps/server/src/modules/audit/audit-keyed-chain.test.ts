import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditVerifySchema } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { auditChainHeads, auditEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, patientInput, TEST_PASSWORD } from '../../test/fixtures.js';
import { anchorFile, exportAnchors } from './anchors.js';
import { auditEntriesOf, clientFrom, settingsChange, signInFrom, tamper, testAuditKeys } from './test-support.js';
import { appendAuditEvent, entryHash, GENESIS_HASH, legacyEntryHash } from './chain.js';
import { KEY_FILE, loadAuditKeys } from './keys.js';
import { runAuditVerify } from './verify-command.js';
import { verifyAuditChain } from './verify.js';

type Entry = typeof auditEvents.$inferSelect;

/** A fresh directory for anchors (and a generated key), removed after the file. */
const dirs: string[] = [];
function auditDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caredesk-audit-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * What a database owner without the key can do: rewrite entries from `from` on with `change`,
 * re-hash them with `rehash` and relink the chain, and move the head, all around the trigger.
 */
async function rewriteTail(db: Db, entries: Entry[], from: number, change: Partial<Entry>, rehash: (prevHash: string, entry: Entry) => { hash: string; hashVersion: number }) {
  let prevHash = from === 0 ? GENESIS_HASH : entries[from - 1]!.hash;
  for (const entry of entries.slice(from)) {
    const changed = { ...entry, ...change, prevHash };
    const { hash, hashVersion } = rehash(prevHash, changed);
    await tamper(db, sql`update audit_events set entity = ${changed.entity}, prev_hash = ${prevHash}, hash = ${hash}, hash_version = ${hashVersion} where id = ${entry.id}`);
    prevHash = hash;
  }
  await tamper(db, sql`update audit_chain_heads set hash = ${prevHash} where organisation_id = ${entries[0]!.organisationId}`);
}

describe.each(bothDrivers)('the keyed audit chain (%s)', (driver) => {
  let t: TestApp;
  const keys = { ...testAuditKeys(), dir: auditDir() };
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  async function chainOf(writes: number) {
    const org = await createOrganisation(t.database.db);
    const admin = clientFrom(t.app, await signInFrom(t.app, org.admin.email, TEST_PASSWORD));
    for (let i = 0; i < writes; i += 1) await admin.post('/api/patients', patientInput());
    return { org, admin, entries: await auditEntriesOf(t.database.db, org.id) };
  }

  const verify = (organisationId: string) => verifyAuditChain(t.database.db, keys, organisationId);

  it('hashes every entry with HMAC under the audit key, not plain sha256', async () => {
    const { entries } = await chainOf(2);
    const other = loadAuditKeys({ DATA_DIR: '/nonexistent', AUDIT_DIR: undefined, AUDIT_HMAC_KEY: 'another-key-of-at-least-thirty-two-chars' });
    for (const entry of entries) {
      expect(entry.hashVersion).toBe(2);
      expect(entry.hash).toBe(entryHash(keys.chain, entry.prevHash, entry));
      expect(entry.hash).not.toBe(entryHash(other.chain, entry.prevHash, entry));
      expect(entry.hash).not.toBe(legacyEntryHash(entry.prevHash, entry));
    }
  });

  it('detects a tail rewritten and re-hashed by someone without the key, however they hash it', async () => {
    const guessed = loadAuditKeys({ DATA_DIR: '/nonexistent', AUDIT_DIR: undefined, AUDIT_HMAC_KEY: 'a-guess-at-the-key-thirty-two-chars-long' });
    const withGuess = await chainOf(3);
    await rewriteTail(t.database.db, withGuess.entries, 1, { entity: 'doctors' }, (prev, entry) => ({ hash: entryHash(guessed.chain, prev, entry), hashVersion: 2 }));
    expect(await verify(withGuess.org.id)).toMatchObject({ ok: false, checked: 1, firstBroken: { seq: 2, reason: 'hash does not match its fields' } });

    // Passing the rewritten entries off as ones written before the chain was keyed.
    const asLegacy = await chainOf(3);
    await rewriteTail(t.database.db, asLegacy.entries, 1, { entity: 'doctors' }, (prev, entry) => ({ hash: legacyEntryHash(prev, entry), hashVersion: 1 }));
    expect(await verify(asLegacy.org.id)).toMatchObject({ ok: false, firstBroken: { seq: 2, reason: 'unkeyed entry after the chain was keyed' } });
  });

  it('detects the whole chain rewritten as unkeyed entries, by its anchor', async () => {
    const { org, entries } = await chainOf(2);
    expect(await exportAnchors(t.database.db, keys, { organisationId: org.id })).toEqual({ written: 1, problems: [] });
    await rewriteTail(t.database.db, entries, 0, { entity: 'doctors' }, (prev, entry) => ({ hash: legacyEntryHash(prev, entry), hashVersion: 1 }));
    expect(await verify(org.id)).toMatchObject({ ok: false, checked: 0, firstBroken: { seq: 1, id: entries[0]!.id, reason: 'unkeyed entry after the chain was keyed' } });
  });

  it('detects entries truncated after the last anchor, head moved back and all', async () => {
    const { org, admin, entries } = await chainOf(4);
    const at = new Date('2026-05-01T10:00:00.000Z');
    await exportAnchors(t.database.db, keys, { organisationId: org.id, now: at });
    const anchor = JSON.parse(readFileSync(anchorFile(keys, org.id), 'utf8')) as Record<string, unknown>;
    expect(anchor).toMatchObject({ organisationId: org.id, seq: 5, hash: entries[4]!.hash, legacySeq: 0, at: at.toISOString(), keyId: keys.keyId });
    expect(JSON.stringify(anchor)).not.toContain(keys.chain.toString('hex'));

    // The last two entries go, and the head row is made to agree with what is left.
    await tamper(t.database.db, sql`delete from audit_events where organisation_id = ${org.id} and seq > 3`);
    await tamper(t.database.db, sql`update audit_chain_heads set seq = 3, hash = ${entries[2]!.hash} where organisation_id = ${org.id}`);

    const expected = {
      ok: false,
      checked: 3,
      firstBroken: { seq: 4, id: '00000000-0000-0000-0000-000000000000', reason: `entries 4 to 5 are missing (anchored at ${at.toISOString()})` },
      anchor: { seq: 5, at: at.toISOString() },
    };
    expect(await verify(org.id)).toEqual(expected);
    const lines: string[] = [];
    expect(await runAuditVerify(t.database.db, { organisationId: org.id, keys, write: (line) => lines.push(line) })).toBe(1);
    expect(lines).toEqual([`${org.id} BROKEN at entry 4: entries 4 to 5 are missing (anchored at ${at.toISOString()})`]);
    // The next export leaves the anchor where it was rather than pinning the shorter chain.
    expect(await exportAnchors(t.database.db, keys, { organisationId: org.id })).toEqual({
      written: 0,
      problems: [{ organisationId: org.id, reason: `entry 5 no longer matches its anchor of ${at.toISOString()}` }],
    });
    // Nor do new entries at the cut paper over it.
    await admin.post('/api/patients', patientInput());
    await admin.post('/api/patients', patientInput());
    await auditEntriesOf(t.database.db, org.id);
    expect((await verify(org.id)).firstBroken).toMatchObject({ seq: 5, reason: `does not match the anchor exported at ${at.toISOString()}` });
  });

  it('an anchor signed with another key, or edited, is itself reported', async () => {
    const { org } = await chainOf(1);
    await exportAnchors(t.database.db, keys, { organisationId: org.id });
    const otherKeys = { ...loadAuditKeys({ DATA_DIR: '/nonexistent', AUDIT_DIR: undefined, AUDIT_HMAC_KEY: 'another-key-of-at-least-thirty-two-chars' }), dir: keys.dir };
    expect((await verifyAuditChain(t.database.db, otherKeys, org.id)).firstBroken?.reason).toBe('the anchor was signed with another audit key (check AUDIT_HMAC_KEY)');
  });

  it('still verifies entries written before the chain was keyed, and keyed ones after them', async () => {
    const organisationId = randomUUID();
    // Three entries as the unkeyed chain wrote them (version 1), and its head.
    let prevHash = GENESIS_HASH;
    for (let seq = 1; seq <= 3; seq += 1) {
      const entry = { ...settingsChange(organisationId), id: randomUUID(), seq, createdAt: new Date(Date.UTC(2025, 0, seq)) };
      const hash = legacyEntryHash(prevHash, entry);
      await t.database.db.insert(auditEvents).values({ ...entry, prevHash, hash, hashVersion: 1 });
      prevHash = hash;
    }
    await t.database.db.insert(auditChainHeads).values({ organisationId, seq: 3, hash: prevHash });
    expect(await verify(organisationId)).toEqual({ ok: true, checked: 3, firstBroken: null, anchor: null });

    // The first anchor pins where the unkeyed entries end; keyed ones follow.
    await exportAnchors(t.database.db, keys, { organisationId });
    const input = settingsChange(organisationId);
    await appendAuditEvent(t.database.db, keys.chain, { ...input, createdAt: new Date() });
    await appendAuditEvent(t.database.db, keys.chain, { ...input, createdAt: new Date() });
    await exportAnchors(t.database.db, keys, { organisationId });
    expect(JSON.parse(readFileSync(anchorFile(keys, organisationId), 'utf8'))).toMatchObject({ seq: 5, legacySeq: 3 });
    expect(await verify(organisationId)).toMatchObject({ ok: true, checked: 5, firstBroken: null, anchor: { seq: 5 } });
    const versions = await t.database.db.select({ v: auditEvents.hashVersion }).from(auditEvents).where(eq(auditEvents.organisationId, organisationId));
    expect(versions.map((row) => row.v).sort()).toEqual([1, 1, 1, 2, 2]);
  });
});

// A fresh PGlite only: the app anchors every organisation of its database at start, and the
// shared PostgreSQL test database holds every other test file's organisations too.
describe.each(bothDrivers.filter((driver) => driver === 'pglite'))('the audit key and anchors of a running server (%s)', (driver) => {
  it('generates the key into AUDIT_DIR (never the database), anchors at start and at shutdown', async () => {
    const dir = auditDir();
    const t = await createTestApp(driver, { AUDIT_HMAC_KEY: undefined, AUDIT_DIR: dir, AUDIT_ANCHOR_INTERVAL_MINUTES: 60 });
    let org: Awaited<ReturnType<typeof createOrganisation>>;
    try {
      org = await createOrganisation(t.database.db);
      const admin = clientFrom(t.app, await signInFrom(t.app, org.admin.email, TEST_PASSWORD));
      expect((await admin.post('/api/patients', patientInput())).statusCode).toBe(201);

      const keyFile = join(dir, KEY_FILE);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const keys = loadAuditKeys({ DATA_DIR: '/nonexistent', AUDIT_DIR: dir, AUDIT_HMAC_KEY: undefined }, false);
      const secrets = [readFileSync(keyFile, 'utf8').trim(), keys.chain.toString('hex'), keys.chain.toString('base64'), keys.anchor.toString('hex')];
      const tables = await t.database.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
      const names = ('rows' in tables ? tables.rows : tables) as { table_name: string }[];
      expect(names.map((row) => row.table_name)).toContain('audit_events');
      for (const { table_name: table } of names) {
        for (const secret of secrets) {
          const found = await t.database.db.execute(sql`select 1 from ${sql.identifier(table)} as t where t::text like ${`%${secret}%`} limit 1`);
          expect(('rows' in found ? found.rows : found) as unknown[], `${table} holds the audit key`).toHaveLength(0);
        }
      }

      await auditEntriesOf(t.database.db, org.id);
      const response = await admin.get('/api/audit/verify');
      expect(auditVerifySchema.parse(response.json())).toMatchObject({ ok: true, checked: 2 });
    } finally {
      await t.close();
    }
    // The shutdown anchor names the last entry, which the start-time one could not have seen.
    const keys = loadAuditKeys({ DATA_DIR: '/nonexistent', AUDIT_DIR: dir, AUDIT_HMAC_KEY: undefined }, false);
    expect(JSON.parse(readFileSync(anchorFile(keys, org.id), 'utf8'))).toMatchObject({ organisationId: org.id, seq: 2, legacySeq: 0, keyId: keys.keyId });
  });
});
