import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditOutbox, staff } from '../../db/schema/index.js';
import { appendToChain, type AuditEntryInput } from './chain.js';

/** Rows chained per transaction: bounds the head lock's hold time when a backlog builds up. */
const DRAIN_BATCH = 200;

/**
 * Writes an entry where no crash can lose it, before its reply goes out. One plain insert: the
 * staff name at the time is read in the same statement, and no lock is taken.
 */
export async function enqueueAuditEntry(db: Db, input: AuditEntryInput): Promise<void> {
  const staffName =
    input.staffName !== undefined
      ? input.staffName
      : input.staffId
        ? sql`(select ${staff.name} from ${staff} where ${staff.id} = ${input.staffId} and ${staff.organisationId} = ${input.organisationId})`
        : null;
  await db.insert(auditOutbox).values({ ...input, staffName });
}

/**
 * Moves an organisation's waiting entries into its chain, oldest first, and returns how many.
 * The head's lock (appendToChain reads the rows only once it holds it) makes drains in several
 * processes take turns, so none is chained twice and seq follows the rows' order.
 */
export async function chainWaitingEntries(db: Db, key: Buffer, organisationId: string): Promise<number> {
  let chained = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const chainedIds: number[] = [];
      await appendToChain(tx, key, organisationId, async () => {
        const rows = await tx.select().from(auditOutbox).where(eq(auditOutbox.organisationId, organisationId)).orderBy(asc(auditOutbox.id)).limit(DRAIN_BATCH);
        chainedIds.push(...rows.map((row) => row.id));
        return rows;
      });
      if (chainedIds.length > 0) await tx.delete(auditOutbox).where(and(eq(auditOutbox.organisationId, organisationId), inArray(auditOutbox.id, chainedIds)));
      return chainedIds.length;
    });
    chained += batch;
    if (batch < DRAIN_BATCH) return chained;
  }
}

/** The organisations with entries waiting, e.g. left by a process that stopped mid-drain. */
export async function organisationsWithWaitingEntries(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ organisationId: auditOutbox.organisationId }).from(auditOutbox);
  return rows.map((row) => row.organisationId);
}
