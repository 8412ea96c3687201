import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { auditOutbox, staff } from '../../db/schema/index.js';
import { appendToChain, type AuditEntryInput } from './chain.js';

/** Rows chained per transaction: bounds the head lock's hold time when a backlog builds up. */
const DRAIN_BATCH = 200;

/** Entries written by one insert at most. */
const GROUP_MAX = 200;

interface Waiting {
  entry: AuditEntryInput;
  written: () => void;
  failed: (error: unknown) => void;
}

/** Per database: entries waiting for the insert in flight to finish, and whether one is. */
const groups = new WeakMap<Db, { waiting: Waiting[]; writing: boolean }>();

/**
 * Writes an entry where no crash can lose it, before its reply goes out: resolves once the insert
 * that holds it has committed. Group commit: while one insert is in flight, the entries of
 * concurrent requests wait and then go together in the next one (one round trip and one WAL
 * flush for all of them instead of one each); a lone entry goes at once. Entries keep their
 * order. If a group's insert fails, its entries are retried one by one, so one bad entry fails
 * alone.
 */
export function enqueueAuditEntry(db: Db, input: AuditEntryInput): Promise<void> {
  let group = groups.get(db);
  if (!group) {
    group = { waiting: [], writing: false };
    groups.set(db, group);
  }
  const pending = new Promise<void>((written, failed) => group.waiting.push({ entry: input, written, failed }));
  if (!group.writing) void writeGroups(db, group);
  return pending;
}

async function writeGroups(db: Db, group: { waiting: Waiting[]; writing: boolean }): Promise<void> {
  group.writing = true;
  while (group.waiting.length > 0) {
    const batch = group.waiting.splice(0, GROUP_MAX);
    try {
      await insertEntries(
        db,
        batch.map((waiting) => waiting.entry),
      );
      for (const waiting of batch) waiting.written();
    } catch (error) {
      if (batch.length === 1) batch[0]!.failed(error);
      else for (const waiting of batch) await insertEntries(db, [waiting.entry]).then(waiting.written, waiting.failed);
    }
  }
  group.writing = false;
}

const placeholders = {
  organisationId: sql.placeholder('organisationId'),
  staffId: sql.placeholder('staffId'),
  action: sql.placeholder('action'),
  entity: sql.placeholder('entity'),
  entityId: sql.placeholder('entityId'),
  route: sql.placeholder('route'),
  statusCode: sql.placeholder('statusCode'),
  ip: sql.placeholder('ip'),
  userAgent: sql.placeholder('userAgent'),
  details: sql.placeholder('details'),
  createdAt: sql.placeholder('createdAt'),
};

// Every audited request writes one entry, and a lone entry is the usual group: its insert is
// prepared once (with the staff name given, or read in the statement) instead of rebuilt by
// drizzle each time.
const insertOne = preparedPerDb((db) => ({
  named: db
    .insert(auditOutbox)
    .values({ ...placeholders, staffName: sql.placeholder('staffName') })
    .prepare('audit_outbox_insert_named'),
  staffNameRead: db
    .insert(auditOutbox)
    .values({
      ...placeholders,
      staffName: sql`(select ${staff.name} from ${staff} where ${staff.id} = ${sql.placeholder('staffId')} and ${staff.organisationId} = ${sql.placeholder('organisationId')})`,
    })
    .prepare('audit_outbox_insert_staff_name'),
}));

/** One plain insert: each staff name at the time is read in the same statement, and no lock is taken. */
async function insertEntries(db: Db, inputs: AuditEntryInput[]): Promise<void> {
  if (inputs.length === 1) {
    const { staffName, ...input } = inputs[0]!;
    const statements = insertOne(db);
    await (staffName !== undefined ? statements.named.execute({ ...input, staffName }) : statements.staffNameRead.execute(input));
    return;
  }
  await db.insert(auditOutbox).values(
    inputs.map((input) => {
      const staffName =
        input.staffName !== undefined
          ? input.staffName
          : input.staffId
            ? sql`(select ${staff.name} from ${staff} where ${staff.id} = ${input.staffId} and ${staff.organisationId} = ${input.organisationId})`
            : null;
      return { ...input, staffName };
    }),
  );
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
