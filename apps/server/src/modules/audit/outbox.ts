import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { auditChainHeads, auditOutbox, staff } from '../../db/schema/index.js';
import { appendAfterHead, appendIfHeadAt, appendToChain, type AuditEntryInput, type ChainHead, type ChainInput } from './chain.js';

/** Rows chained per transaction: bounds the head lock's hold time when a backlog builds up. */
const DRAIN_BATCH = 200;

/** Entries written by one insert at most. */
const GROUP_MAX = 200;

/** An entry as the outbox stored it (its staff name settled), to chain: its outbox row's id is `outboxId`. */
export type StoredEntry = ChainInput & { outboxId: number };

interface Waiting {
  entry: AuditEntryInput;
  written: (stored: StoredEntry) => void;
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
export function enqueueAuditEntry(db: Db, input: AuditEntryInput): Promise<StoredEntry> {
  let group = groups.get(db);
  if (!group) {
    group = { waiting: [], writing: false };
    groups.set(db, group);
  }
  const pending = new Promise<StoredEntry>((written, failed) => group.waiting.push({ entry: input, written, failed }));
  if (!group.writing) void writeGroups(db, group);
  return pending;
}

async function writeGroups(db: Db, group: { waiting: Waiting[]; writing: boolean }): Promise<void> {
  group.writing = true;
  while (group.waiting.length > 0) {
    const batch = group.waiting.splice(0, GROUP_MAX);
    try {
      const stored = await insertEntries(
        db,
        batch.map((waiting) => waiting.entry),
      );
      batch.forEach((waiting, i) => waiting.written(stored[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.failed(error);
      else for (const waiting of batch) await insertEntries(db, [waiting.entry]).then(([stored]) => waiting.written(stored!), waiting.failed);
    }
  }
  group.writing = false;
}

const p = (name: string) => sql.placeholder(name);

/** Each audit_outbox column's value, from one row of the arrays (`e`) the insert unnests. */
const outboxColumns: Record<keyof typeof auditOutbox._.columns, SQL> = {
  // Rows come out of unnest in the arrays' order, so ids keep the entries' order.
  id: sql`nextval(pg_get_serial_sequence('audit_outbox', 'id'))`,
  organisationId: sql`e.organisation_id`,
  staffId: sql`e.staff_id`,
  // The name at the time: given, or read in the same statement (no lock is taken).
  staffName: sql`case when e.staff_name_given then e.staff_name else (select ${staff.name} from ${staff} where ${staff.id} = e.staff_id and ${staff.organisationId} = e.organisation_id) end`,
  action: sql`e.action`,
  entity: sql`e.entity`,
  entityId: sql`e.entity_id`,
  route: sql`e.route`,
  statusCode: sql`e.status_code`,
  ip: sql`e.ip`,
  userAgent: sql`e.user_agent`,
  details: sql`e.details`,
  createdAt: sql`e.created_at`,
};

// Every audited request writes an entry, and under load a group holds many: one statement whose
// text is the same for any number of entries (arrays, not a parameter per field), prepared once,
// instead of a multi-row insert drizzle rebuilds parameter by parameter (a tenth of the server's
// CPU under load on GET /api/patients).
const insertGroup = preparedPerDb((db) => {
  // In table order: insert … select fills every column in the order drizzle lists them.
  const values = sql.join(
    Object.keys(getTableColumns(auditOutbox)).map((key) => outboxColumns[key as keyof typeof outboxColumns]),
    sql`, `,
  );
  return (
    db
      .insert(auditOutbox)
      .select(
        sql`select ${values} from unnest(${p('organisationIds')}::uuid[], ${p('staffIds')}::uuid[], ${p('staffNames')}::text[], ${p('staffNamesGiven')}::boolean[], ${p('actions')}::text[], ${p('entities')}::text[], ${p('entityIds')}::text[], ${p('routes')}::text[], ${p('statusCodes')}::integer[], ${p('ips')}::text[], ${p('userAgents')}::text[], ${p('details')}::text[], ${p('createdAts')}::timestamptz[]) as e(organisation_id, staff_id, staff_name, staff_name_given, action, entity, entity_id, route, status_code, ip, user_agent, details, created_at)`,
      )
      // Only what the database chose: the rest of each row is the entry as given (insertEntries).
      .returning({ id: auditOutbox.id, staffName: auditOutbox.staffName })
      .prepare('audit_outbox_insert')
  );
});

/** An outbox row as an entry to chain. */
function storedEntry({ id, ...row }: typeof auditOutbox.$inferSelect): StoredEntry {
  return { ...row, outboxId: id };
}

/**
 * One plain insert of the group, in order; the rows as stored, in the same order (ids are given
 * in the arrays' order). The drain chains what was stored (the staff name the insert looked up),
 * exactly as a read of the outbox would return it: every other column is stored as given (the
 * instant to the millisecond, which is what timestamp(3) keeps), so only the id and the name come
 * back, not the whole row to be parsed again on every audited request (issue #18).
 */
async function insertEntries(db: Db, inputs: AuditEntryInput[]): Promise<StoredEntry[]> {
  const rows = await insertGroup(db).execute({
    organisationIds: inputs.map((input) => input.organisationId),
    staffIds: inputs.map((input) => input.staffId),
    staffNames: inputs.map((input) => input.staffName ?? null),
    staffNamesGiven: inputs.map((input) => input.staffName !== undefined),
    actions: inputs.map((input) => input.action),
    entities: inputs.map((input) => input.entity),
    entityIds: inputs.map((input) => input.entityId),
    routes: inputs.map((input) => input.route),
    statusCodes: inputs.map((input) => input.statusCode),
    ips: inputs.map((input) => input.ip),
    userAgents: inputs.map((input) => input.userAgent),
    details: inputs.map((input) => input.details),
    // The instant as text: timestamp(3) keeps exactly the milliseconds the chain's hash covers.
    createdAts: inputs.map((input) => input.createdAt.toISOString()),
  });
  const byId = rows.sort((a, b) => a.id - b.id);
  return inputs.map((input, i): StoredEntry => {
    const row = byId[i]!;
    return {
      organisationId: input.organisationId,
      staffId: input.staffId,
      staffName: row.staffName,
      action: input.action,
      entity: input.entity,
      entityId: input.entityId,
      route: input.route,
      statusCode: input.statusCode,
      ip: input.ip,
      userAgent: input.userAgent,
      details: input.details,
      createdAt: input.createdAt,
      outboxId: row.id,
    };
  });
}

/**
 * The organisation's oldest waiting entries and, from the same snapshot, its chain head (null
 * when it has none yet): what is waiting is exactly what the head has not chained.
 */
const waitingWithHead = preparedPerDb((db) =>
  db
    .select({
      ...getTableColumns(auditOutbox),
      headSeq: sql<number | null>`(select ${auditChainHeads.seq} from ${auditChainHeads} where ${auditChainHeads.organisationId} = ${p('organisationId')})`,
      headHash: sql<string | null>`(select ${auditChainHeads.hash} from ${auditChainHeads} where ${auditChainHeads.organisationId} = ${p('organisationId')})`,
    })
    .from(auditOutbox)
    .where(eq(auditOutbox.organisationId, p('organisationId')))
    .orderBy(asc(auditOutbox.id))
    .limit(DRAIN_BATCH)
    .prepare('audit_outbox_waiting'),
);

/**
 * One batch under the head's lock, in a transaction: the way that creates a missing head. The
 * organisation's oldest waiting entries, or of `outboxIds` those still waiting (another drain
 * may have chained the others meanwhile).
 */
async function chainUnderLock(db: Db, key: Buffer, organisationId: string, outboxIds?: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    // Chained and removed from the outbox in one statement (appendToChain): both or neither.
    const appended = await appendToChain(tx, key, organisationId, async () => {
      const waiting = eq(auditOutbox.organisationId, organisationId);
      const where = outboxIds ? and(waiting, sql`${auditOutbox.id} = any(${sql.param(outboxIds)}::bigint[])`) : waiting;
      const rows = await tx.select().from(auditOutbox).where(where).orderBy(asc(auditOutbox.id)).limit(DRAIN_BATCH);
      return rows.map(storedEntry);
    });
    return appended.length;
  });
}

/** The head this process last chained to, per organisation: where its next append most likely goes. */
const knownHeads = new WeakMap<Db, Map<string, ChainHead>>();

const headOf = preparedPerDb((db) =>
  db
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.organisationId, p('organisationId')))
    .prepare('audit_chain_head'),
);

/**
 * Chains entries this process stored (enqueueAuditEntry's answers), in the order given, and
 * returns how many it chained. Nothing is read from the outbox: the entries are at hand, and the
 * head is where this process's last append left it, so a batch is one statement
 * (appendAfterHead), which only appends if the head has not moved since. A drain that finds it
 * moved (another process appended, and may have chained some of these entries itself) takes the
 * batch under the head's lock, where only the entries still waiting are chained; one read of the
 * outbox's range for the organisation would instead walk every row deleted since the last vacuum.
 */
export async function chainStoredEntries(db: Db, key: Buffer, organisationId: string, entries: readonly StoredEntry[]): Promise<number> {
  let heads = knownHeads.get(db);
  if (!heads) {
    heads = new Map();
    knownHeads.set(db, heads);
  }
  let chained = 0;
  for (let start = 0; start < entries.length; start += DRAIN_BATCH) {
    const batch = entries.slice(start, start + DRAIN_BATCH);
    const known = heads.get(organisationId);
    const head = known ?? (await headOf(db).execute({ organisationId }))[0];
    const moved = head ? await appendAfterHead(db, key, organisationId, { seq: Number(head.seq), hash: head.hash }, batch) : undefined;
    if (moved) {
      heads.set(organisationId, moved);
      chained += batch.length;
      continue;
    }
    heads.delete(organisationId);
    chained += await chainUnderLock(
      db,
      key,
      organisationId,
      batch.map((entry) => entry.outboxId),
    );
  }
  return chained;
}

/**
 * Moves an organisation's waiting entries into its chain, oldest first, and returns how many.
 * Each batch is two statements and no transaction: the entries with the head, then an append
 * that only happens if the head has not moved since (appendIfHeadAt), so drains in several
 * processes never chain an entry twice or fork the chain; one that lost the race takes its next
 * batch under the head's lock.
 * A drain runs after every audited request, so this is most of the audit trail's database work
 * (the locked way took five round trips a batch). An organisation without a head yet takes the
 * locked way, which creates it.
 */
export async function chainWaitingEntries(db: Db, key: Buffer, organisationId: string): Promise<number> {
  let chained = 0;
  for (;;) {
    const rows = await waitingWithHead(db).execute({ organisationId });
    const first = rows[0];
    if (!first) return chained;
    const inputs = rows.map(({ id, headSeq: _seq, headHash: _hash, ...row }) => ({ ...row, outboxId: id }));
    const head = first.headSeq === null || first.headHash === null ? undefined : { seq: Number(first.headSeq), hash: first.headHash };
    // No head yet, or another drain moved it first: this batch the locked way, which waits its turn.
    const batch = head && (await appendIfHeadAt(db, key, organisationId, head, inputs)) ? inputs.length : await chainUnderLock(db, key, organisationId);
    chained += batch;
    if (batch < DRAIN_BATCH) return chained;
  }
}

/** The organisations with entries waiting, e.g. left by a process that stopped mid-drain. */
export async function organisationsWithWaitingEntries(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ organisationId: auditOutbox.organisationId }).from(auditOutbox);
  return rows.map((row) => row.organisationId);
}
