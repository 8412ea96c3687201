import type { AuditVerify } from '@caredesk/shared';
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditChainHeads, auditEvents } from '../../db/schema/index.js';
import { entryHash, GENESIS_HASH } from './chain.js';

const PAGE_SIZE = 500;
/** No entry holds this id: the break is entries missing after the last one left. */
export const NO_ENTRY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Walks one organisation's chain in seq order, a page at a time, recomputing every hash and
 * link. Reports the first entry that does not match; an entry deleted in the middle shows as
 * the gap before the next one, and entries deleted at the end as a gap before the chain head.
 */
export async function verifyAuditChain(db: Db, organisationId: string, pageSize = PAGE_SIZE): Promise<AuditVerify> {
  // The head first: entries appended while we walk lie beyond it and are left for next time.
  const [head] = await db.select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash }).from(auditChainHeads).where(eq(auditChainHeads.organisationId, organisationId));
  let previous = { seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  const broken = (seq: number, id: string, reason: string): AuditVerify => ({ ok: false, checked, firstBroken: { seq, id, reason } });

  for (;;) {
    const conditions: SQL[] = [eq(auditEvents.organisationId, organisationId), gt(auditEvents.seq, previous.seq)];
    if (head) conditions.push(lte(auditEvents.seq, head.seq));
    const rows = await db.select().from(auditEvents).where(and(...conditions)).orderBy(asc(auditEvents.seq)).limit(pageSize);
    for (const row of rows) {
      if (row.seq !== previous.seq + 1) return broken(row.seq, row.id, `entry ${previous.seq + 1} is missing`);
      if (row.prevHash !== previous.hash) return broken(row.seq, row.id, 'link does not match the previous entry');
      if (entryHash(row.prevHash, row) !== row.hash) return broken(row.seq, row.id, 'hash does not match its fields');
      checked += 1;
      previous = row;
    }
    if (rows.length < pageSize) break;
  }

  if (head && head.seq > previous.seq) return broken(previous.seq + 1, NO_ENTRY_ID, `entry ${previous.seq + 1} is missing`);
  if (head && head.hash !== previous.hash) return broken(head.seq, NO_ENTRY_ID, 'the chain head does not match the last entry');
  return { ok: true, checked, firstBroken: null };
}

/** Every organisation with an audit trail: those with a chain head, and any whose head is lost. */
export async function auditedOrganisations(db: Db): Promise<string[]> {
  const [heads, withEntries] = await Promise.all([
    db.select({ id: auditChainHeads.organisationId }).from(auditChainHeads),
    db.selectDistinct({ id: auditEvents.organisationId }).from(auditEvents),
  ]);
  return [...new Set([...heads, ...withEntries].map((row) => row.id))].sort();
}
