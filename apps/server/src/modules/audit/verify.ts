import type { AuditVerify } from '@caredesk/shared';
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditChainHeads, auditEvents } from '../../db/schema/index.js';
import { readAnchor } from './anchors.js';
import { entryHash, GENESIS_HASH, KEYED_HASH_VERSION, legacyEntryHash } from './chain.js';
import type { AuditKeys } from './keys.js';

const PAGE_SIZE = 500;
/** No entry holds this id: the break is entries missing after the last one left. */
export const NO_ENTRY_ID = '00000000-0000-0000-0000-000000000000';

type EventRow = typeof auditEvents.$inferSelect;

/** Why a row's own hash is wrong, or null when it is right for its version and place. */
function hashProblem(keys: AuditKeys, row: EventRow, keyedSeen: boolean, legacySeq: number | null): string | null {
  if (row.hashVersion === KEYED_HASH_VERSION) return entryHash(keys.chain, row.prevHash, row) === row.hash ? null : 'hash does not match its fields';
  if (row.hashVersion !== 1) return `unknown hash version ${row.hashVersion}`;
  // An unkeyed entry is one written before the switch: never after a keyed one, never past the
  // last unkeyed entry the first anchor recorded.
  if (keyedSeen || (legacySeq !== null && row.seq > legacySeq)) return 'unkeyed entry after the chain was keyed';
  return legacyEntryHash(row.prevHash, row) === row.hash ? null : 'hash does not match its fields';
}

/**
 * Walks one organisation's chain in seq order, a page at a time, recomputing every hash and
 * link. Reports the first entry that does not match; an entry deleted in the middle shows as
 * the gap before the next one, and entries deleted at the end as a gap before the chain head or
 * before the entry the exported anchor names (the head row is in the database; the anchor is not).
 */
export async function verifyAuditChain(db: Db, keys: AuditKeys, organisationId: string, pageSize = PAGE_SIZE): Promise<AuditVerify> {
  // The head first: entries appended while we walk lie beyond it and are left for next time.
  const [head] = await db.select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash }).from(auditChainHeads).where(eq(auditChainHeads.organisationId, organisationId));
  const anchorRead = await readAnchor(keys, organisationId);
  const anchor = anchorRead.state === 'valid' ? anchorRead.anchor : null;
  let previous = { seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  let keyedSeen = false;
  const anchored = anchor ? { seq: anchor.seq, at: anchor.at } : null;
  const broken = (seq: number, id: string, reason: string): AuditVerify => ({ ok: false, checked, firstBroken: { seq, id, reason }, anchor: anchored });
  if (anchorRead.state === 'invalid') return broken(1, NO_ENTRY_ID, anchorRead.reason);

  const upTo = Math.max(head?.seq ?? 0, anchor?.seq ?? 0);
  for (;;) {
    const conditions: SQL[] = [eq(auditEvents.organisationId, organisationId), gt(auditEvents.seq, previous.seq)];
    if (head || anchor) conditions.push(lte(auditEvents.seq, upTo));
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(...conditions))
      .orderBy(asc(auditEvents.seq))
      .limit(pageSize);
    for (const row of rows) {
      if (row.seq !== previous.seq + 1) return broken(row.seq, row.id, `entry ${previous.seq + 1} is missing`);
      if (row.prevHash !== previous.hash) return broken(row.seq, row.id, 'link does not match the previous entry');
      const problem = hashProblem(keys, row, keyedSeen, anchor?.legacySeq ?? null);
      if (problem) return broken(row.seq, row.id, problem);
      if (anchor && row.seq === anchor.seq && row.hash !== anchor.hash) return broken(row.seq, row.id, `does not match the anchor exported at ${anchor.at}`);
      keyedSeen ||= row.hashVersion === KEYED_HASH_VERSION;
      checked += 1;
      previous = row;
    }
    if (rows.length < pageSize) break;
  }

  if (anchor && anchor.seq > previous.seq) return broken(previous.seq + 1, NO_ENTRY_ID, `entries ${previous.seq + 1} to ${anchor.seq} are missing (anchored at ${anchor.at})`);
  if (head && head.seq > previous.seq) return broken(previous.seq + 1, NO_ENTRY_ID, `entry ${previous.seq + 1} is missing`);
  if (head && head.hash !== previous.hash) return broken(head.seq, NO_ENTRY_ID, 'the chain head does not match the last entry');
  return { ok: true, checked, firstBroken: null, anchor: anchored };
}

/** Every organisation with an audit trail: those with a chain head, and any whose head is lost. */
export async function auditedOrganisations(db: Db): Promise<string[]> {
  const [heads, withEntries] = await Promise.all([
    db.select({ id: auditChainHeads.organisationId }).from(auditChainHeads),
    db.selectDistinct({ id: auditEvents.organisationId }).from(auditEvents),
  ]);
  return [...new Set([...heads, ...withEntries].map((row) => row.id))].sort();
}
