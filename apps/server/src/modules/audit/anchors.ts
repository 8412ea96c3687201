import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditChainHeads, auditEvents } from '../../db/schema/index.js';
import type { AuditKeys } from './keys.js';

/**
 * A signed copy of an organisation's chain head, exported to a file outside the database. A
 * database owner can delete the last entries and move the head row back, or rewrite the chain
 * as unkeyed version-1 entries; the anchor still names the entry that was there, so verify
 * catches both. It only moves forward along the same chain (exportAnchors).
 */
export interface AuditAnchor {
  organisationId: string;
  seq: number;
  hash: string;
  /**
   * The last unkeyed (version 1) entry when the organisation was first anchored: fixed from
   * then on, so entries after it can never pass as unkeyed ones.
   */
  legacySeq: number;
  at: string;
  keyId: string;
  mac: string;
}

type Unsigned = Omit<AuditAnchor, 'mac'>;

function macOf(keys: AuditKeys, anchor: Unsigned): string {
  const fields = [anchor.organisationId, anchor.seq, anchor.hash, anchor.legacySeq, anchor.at, anchor.keyId];
  return createHmac('sha256', keys.anchor).update(JSON.stringify(fields)).digest('hex');
}

const UUID = /^[0-9a-f-]{36}$/;

export function anchorFile(keys: AuditKeys, organisationId: string): string {
  if (!UUID.test(organisationId)) throw new Error('not an organisation id');
  return join(keys.dir, 'anchors', `${organisationId}.json`);
}

export type AnchorRead = { state: 'none' } | { state: 'invalid'; reason: string } | { state: 'valid'; anchor: AuditAnchor };

/** The organisation's anchor, checked against its signature. */
export async function readAnchor(keys: AuditKeys, organisationId: string): Promise<AnchorRead> {
  let text: string;
  try {
    text = await readFile(anchorFile(keys, organisationId), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' };
    throw error;
  }
  let anchor: AuditAnchor;
  try {
    anchor = JSON.parse(text) as AuditAnchor;
  } catch {
    return { state: 'invalid', reason: 'the anchor file is not readable' };
  }
  if (anchor.organisationId !== organisationId || typeof anchor.mac !== 'string') return { state: 'invalid', reason: 'the anchor file is not readable' };
  if (anchor.keyId !== keys.keyId) return { state: 'invalid', reason: 'the anchor was signed with another audit key (check AUDIT_HMAC_KEY)' };
  const expected = Buffer.from(macOf(keys, anchor), 'hex');
  const given = Buffer.from(anchor.mac, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { state: 'invalid', reason: 'the anchor signature does not match' };
  return { state: 'valid', anchor };
}

async function writeAnchor(keys: AuditKeys, anchor: Unsigned): Promise<void> {
  const file = anchorFile(keys, anchor.organisationId);
  await mkdir(join(keys.dir, 'anchors'), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ ...anchor, mac: macOf(keys, anchor) })}\n`, { mode: 0o600 });
  // rename is atomic: a crash leaves the old anchor or the new one, never half of one.
  await rename(temporary, file);
}

async function entryAt(db: Db, organisationId: string, seq: number) {
  const [row] = await db
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .where(and(eq(auditEvents.organisationId, organisationId), eq(auditEvents.seq, seq)));
  return row;
}

async function lastLegacySeq(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(auditEvents.seq) })
    .from(auditEvents)
    .where(and(eq(auditEvents.organisationId, organisationId), eq(auditEvents.hashVersion, 1)));
  return row?.seq ?? 0;
}

export interface AnchorProblem {
  organisationId: string;
  reason: string;
}

/**
 * Anchors every organisation's last entry. An anchor moves only forward along the same chain: when
 * the entry it names is gone or changed, or the chain is shorter, it is left as it is (and the
 * problem returned) so verify keeps reporting the break rather than a fresh anchor hiding it.
 */
export async function exportAnchors(db: Db, keys: AuditKeys, options: { organisationId?: string; now?: Date } = {}): Promise<{ written: number; problems: AnchorProblem[] }> {
  const now = options.now ?? new Date();
  const heads = await db
    .select({ organisationId: auditChainHeads.organisationId, seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditChainHeads)
    .innerJoin(auditEvents, and(eq(auditEvents.organisationId, auditChainHeads.organisationId), eq(auditEvents.seq, auditChainHeads.seq)))
    .where(options.organisationId ? eq(auditChainHeads.organisationId, options.organisationId) : undefined);
  let written = 0;
  const problems: AnchorProblem[] = [];
  for (const head of heads) {
    const previous = await readAnchor(keys, head.organisationId);
    if (previous.state === 'invalid') {
      problems.push({ organisationId: head.organisationId, reason: previous.reason });
      continue;
    }
    let legacySeq: number;
    if (previous.state === 'valid') {
      const { anchor } = previous;
      if (anchor.seq === head.seq && anchor.hash === head.hash) continue;
      const anchored = head.seq >= anchor.seq ? await entryAt(db, head.organisationId, anchor.seq) : undefined;
      if (anchored?.hash !== anchor.hash) {
        problems.push({ organisationId: head.organisationId, reason: `entry ${anchor.seq} no longer matches its anchor of ${anchor.at}` });
        continue;
      }
      legacySeq = anchor.legacySeq;
    } else {
      legacySeq = await lastLegacySeq(db, head.organisationId);
    }
    await writeAnchor(keys, { organisationId: head.organisationId, seq: head.seq, hash: head.hash, legacySeq, at: now.toISOString(), keyId: keys.keyId });
    written += 1;
  }
  return { written, problems };
}

/** Organisations with an anchor file. */
export async function anchoredOrganisations(keys: AuditKeys): Promise<string[]> {
  try {
    const names = await readdir(join(keys.dir, 'anchors'));
    return names.filter((name) => /^[0-9a-f-]{36}\.json$/.test(name)).map((name) => name.slice(0, -'.json'.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
