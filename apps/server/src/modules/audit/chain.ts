import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { AuditAction } from '@caredesk/shared';
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { auditChainHeads, auditEvents, auditOutbox, staff } from '../../db/schema/index.js';

/** The link of an organisation's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What one entry says, before it takes its place in the chain. */
export interface AuditEntryInput {
  organisationId: string;
  staffId: string | null;
  /** The name at the time; looked up from staffId when undefined. */
  staffName?: string | null;
  action: AuditAction;
  entity: string;
  entityId: string | null;
  route: string;
  statusCode: number;
  ip: string | null;
  userAgent: string | null;
  /** Canonical JSON of what a list read or why a request was denied (auditDetails), else null. */
  details: string | null;
  createdAt: Date;
}

/** An entry whose staff name is settled (the name at the time, or null). */
export type ResolvedEntryInput = Omit<AuditEntryInput, 'staffName'> & { staffName: string | null };

/** The fields a hash covers, as stored: the entry and its place in the chain. */
export type ChainedFields = ResolvedEntryInput & { id: string; seq: number };

/** Entries written from now on: HMAC-SHA256 with the audit key (keys.ts). */
export const KEYED_HASH_VERSION = 2;

function legacyFields(entry: Omit<ChainedFields, 'details'>): unknown[] {
  return [
    entry.id,
    entry.organisationId,
    entry.seq,
    entry.staffId,
    entry.staffName,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.route,
    entry.statusCode,
    entry.ip,
    entry.userAgent,
    entry.createdAt.toISOString(),
  ];
}

/**
 * Version 1, the chain before it was keyed: sha256 over the previous hash and the entry's fields
 * in a fixed order. Kept only so entries written then still verify. A JSON array keeps the order
 * and separates the fields unambiguously; createdAt is the ISO string, whose millisecond
 * precision is exactly what timestamp(3) stores, so a re-read hashes the same.
 */
export function legacyEntryHash(prevHash: string, entry: Omit<ChainedFields, 'details'>): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(JSON.stringify(legacyFields(entry)))
    .digest('hex');
}

/**
 * Version 2: HMAC-SHA256 with the audit key over the version, the previous hash and the fields
 * (details included). Without the key no one can make a changed entry's hash, so a database
 * owner's rewrite of the tail shows at its first entry.
 */
export function entryHash(key: Buffer, prevHash: string, entry: ChainedFields): string {
  return createHmac('sha256', key)
    .update(`v${KEYED_HASH_VERSION}\n${prevHash}\n`)
    .update(JSON.stringify([...legacyFields(entry), entry.details]))
    .digest('hex');
}

async function staffNameOf(tx: Tx, organisationId: string, staffId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: staff.name })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.organisationId, organisationId)));
  return row?.name ?? null;
}

function selectHeadForUpdate(tx: Tx, organisationId: string) {
  return tx.select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash }).from(auditChainHeads).where(eq(auditChainHeads.organisationId, organisationId)).for('update');
}

/**
 * Locks the organisation's chain head, so concurrent appends (in any process) take turns and
 * never fork the chain. The first append creates it; a head row lost since continues from the
 * last entry instead of colliding with seq 1 forever.
 */
async function lockChainHead(tx: Tx, organisationId: string): Promise<{ seq: number; hash: string }> {
  const [head] = await selectHeadForUpdate(tx, organisationId);
  if (head) return head;
  const [last] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.organisationId, organisationId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  // Two first appends both get here: the second insert waits for the first and does nothing.
  await tx
    .insert(auditChainHeads)
    .values({ organisationId, seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH })
    .onConflictDoNothing();
  const [locked] = await selectHeadForUpdate(tx, organisationId);
  return locked!;
}

/** An entry to chain, and the outbox row it was read from (deleted in the same statement). */
export type ChainInput = ResolvedEntryInput & { outboxId?: number };

const p = (name: string) => sql.placeholder(name);

/** Each audit_events column's value, from one row of the arrays (`e`) the statement unnests. */
const chainedColumns: Record<keyof typeof auditEvents._.columns, SQL> = {
  id: sql`e.id`,
  organisationId: sql`${p('organisationId')}::uuid`,
  seq: sql`e.seq`,
  staffId: sql`e.staff_id`,
  staffName: sql`e.staff_name`,
  action: sql`e.action`,
  entity: sql`e.entity`,
  entityId: sql`e.entity_id`,
  route: sql`e.route`,
  statusCode: sql`e.status_code`,
  ip: sql`e.ip`,
  userAgent: sql`e.user_agent`,
  details: sql`e.details`,
  createdAt: sql`e.created_at`,
  prevHash: sql`e.prev_hash`,
  hash: sql`e.hash`,
  hashVersion: sql.raw(`${KEYED_HASH_VERSION}::smallint`),
};

/** The unnested arrays of the entries' columns, as `e` (appendStatement, appendIfHeadAt). */
function entryArrays(): SQL {
  return sql`unnest(${p('ids')}::uuid[], ${p('seqs')}::bigint[], ${p('staffIds')}::uuid[], ${p('staffNames')}::text[], ${p('actions')}::text[], ${p('entities')}::text[], ${p('entityIds')}::text[], ${p('routes')}::text[], ${p('statusCodes')}::integer[], ${p('ips')}::text[], ${p('userAgents')}::text[], ${p('details')}::text[], ${p('createdAts')}::timestamptz[], ${p('prevHashes')}::text[], ${p('hashes')}::text[]) as e(id, seq, staff_id, staff_name, action, entity, entity_id, route, status_code, ip, user_agent, details, created_at, prev_hash, hash)`;
}

/** audit_events' columns in table order (insert … select fills them in the order drizzle lists them). */
function chainedValues(): SQL {
  return sql.join(
    Object.keys(getTableColumns(auditEvents)).map((key) => chainedColumns[key as keyof typeof chainedColumns]),
    sql`, `,
  );
}

/**
 * The entries, the head's new place and the removal of the outbox rows they came from, in one
 * statement: one round trip while the head is locked instead of three, and a statement whose
 * text is the same for any number of entries (arrays, not a parameter per field), so drizzle
 * builds no per-entry SQL and PostgreSQL parses it once per connection. Data-modifying CTEs all
 * run, referenced or not, and commit or fail together.
 */
function appendStatement(tx: Tx) {
  const appended = tx.$with('appended').as(tx.insert(auditEvents).select(sql`select ${chainedValues()} from ${entryArrays()}`));
  const chained = tx
    .$with('chained')
    .as(tx.delete(auditOutbox).where(and(eq(auditOutbox.organisationId, p('organisationId')), sql`${auditOutbox.id} = any(${p('outboxIds')}::bigint[])`)));
  return tx
    .with(appended, chained)
    .update(auditChainHeads)
    .set({ seq: sql`${p('seq')}::bigint`, hash: sql`${p('hash')}::text` })
    .where(eq(auditChainHeads.organisationId, p('organisationId')))
    .prepare('audit_chain_append');
}

/**
 * appendStatement without a lock held: the head moves only if it is still where the entries were
 * chained from (seq and hash) and every outbox row they came from is still there, and the
 * entries are inserted and the outbox rows removed only if it moved, all in one statement. A
 * drain of another process that moved the head first makes this one change nothing (the update
 * waits for that drain's row lock, then finds another seq), so the chain never forks; and
 * entries another drain chained before the head was read are gone from the outbox, so no entry
 * is chained twice. The caller reads again and retries. One round trip for what took four under
 * the lock (begin, lock, append, commit).
 */
const appendIfHeadAtStatement = preparedPerDb((db) => {
  const outboxIds = sql`${p('outboxIds')}::bigint[]`;
  // Each looked up by (organisation, id) in the outbox's index, never a walk of the
  // organisation's range, which holds every row deleted since the table's last vacuum.
  const stillWaiting = sql`(select count(*) from ${auditOutbox} where ${auditOutbox.id} = any(${outboxIds}) and ${auditOutbox.organisationId} = ${p('organisationId')}) = cardinality(${outboxIds})`;
  const head = db.$with('head').as(
    db
      .update(auditChainHeads)
      .set({ seq: sql`${p('seq')}::bigint`, hash: sql`${p('hash')}::text` })
      .where(
        and(
          eq(auditChainHeads.organisationId, p('organisationId')),
          eq(auditChainHeads.seq, sql`${p('fromSeq')}::bigint`),
          eq(auditChainHeads.hash, sql`${p('fromHash')}::text`),
          stillWaiting,
        ),
      )
      .returning({ organisationId: auditChainHeads.organisationId }),
  );
  const moved = sql`exists (select 1 from "head")`;
  const appended = db.$with('appended').as(db.insert(auditEvents).select(sql`select ${chainedValues()} from ${entryArrays()} where ${moved}`));
  const chained = db
    .$with('chained')
    .as(db.delete(auditOutbox).where(and(eq(auditOutbox.organisationId, p('organisationId')), sql`${auditOutbox.id} = any(${p('outboxIds')}::bigint[])`, moved)));
  return db
    .with(head, appended, chained)
    .select({ moved: sql<number>`count(*)`.mapWith(Number) })
    .from(head)
    .prepare('audit_chain_append_if_head_at');
});

/** The entries chained after `head`, in order, with their hashes. */
function chainedRows(key: Buffer, organisationId: string, head: { seq: number; hash: string }, inputs: readonly ChainInput[]) {
  let { seq, hash } = head;
  const rows = inputs.map((input) => {
    const entry: ChainedFields = {
      id: randomUUID(),
      organisationId,
      seq: ++seq,
      staffId: input.staffId,
      staffName: input.staffName,
      action: input.action,
      entity: input.entity,
      entityId: input.entityId,
      route: input.route,
      statusCode: input.statusCode,
      ip: input.ip,
      userAgent: input.userAgent,
      details: input.details,
      createdAt: input.createdAt,
    };
    const prevHash = hash;
    hash = entryHash(key, prevHash, entry);
    return { ...entry, prevHash, hash };
  });
  return {
    rows,
    values: {
      organisationId,
      seq,
      hash,
      outboxIds: inputs.flatMap((input) => (input.outboxId === undefined ? [] : [input.outboxId])),
      ids: rows.map((row) => row.id),
      seqs: rows.map((row) => row.seq),
      staffIds: rows.map((row) => row.staffId),
      staffNames: rows.map((row) => row.staffName),
      actions: rows.map((row) => row.action),
      entities: rows.map((row) => row.entity),
      entityIds: rows.map((row) => row.entityId),
      routes: rows.map((row) => row.route),
      statusCodes: rows.map((row) => row.statusCode),
      ips: rows.map((row) => row.ip),
      userAgents: rows.map((row) => row.userAgent),
      details: rows.map((row) => row.details),
      // The instant as text: timestamp(3) keeps exactly the milliseconds the hash covers.
      createdAts: rows.map((row) => row.createdAt.toISOString()),
      prevHashes: rows.map((row) => row.prevHash),
      hashes: rows.map((row) => row.hash),
    },
  };
}

/**
 * Locks the organisation's chain head inside the caller's transaction, then appends the entries
 * `read` returns, in that order, and deletes the outbox rows they name. They are read only once
 * the lock is held, so an entry read from a shared table by another process's drain meanwhile is
 * already gone (READ COMMITTED).
 */
export async function appendToChain(tx: Tx, key: Buffer, organisationId: string, read: () => Promise<readonly ChainInput[]>): Promise<{ id: string; seq: number; hash: string }[]> {
  const head = await lockChainHead(tx, organisationId);
  const inputs = await read();
  if (inputs.length === 0) return [];
  const { rows, values } = chainedRows(key, organisationId, head, inputs);
  await appendStatement(tx).execute(values);
  return rows.map((row) => ({ id: row.id, seq: row.seq, hash: row.hash }));
}

/**
 * Appends the entries after `head` as read (with them, in one snapshot) if the head is still
 * there, without a transaction (appendIfHeadAtStatement); false if another drain moved it first.
 */
export async function appendIfHeadAt(db: Db, key: Buffer, organisationId: string, head: ChainHead, inputs: readonly ChainInput[]): Promise<boolean> {
  return (await appendAfterHead(db, key, organisationId, head, inputs)) !== undefined;
}

/** An organisation's chain head: the last entry's seq and hash. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** appendIfHeadAt, answering the head after the entries when they were appended, else undefined. */
export async function appendAfterHead(db: Db, key: Buffer, organisationId: string, head: ChainHead, inputs: readonly ChainInput[]): Promise<ChainHead | undefined> {
  if (inputs.length === 0) return head;
  const { values } = chainedRows(key, organisationId, head, inputs);
  const [result] = await appendIfHeadAtStatement(db).execute({ ...values, fromSeq: head.seq, fromHash: head.hash });
  return (result?.moved ?? 0) > 0 ? { seq: values.seq, hash: values.hash } : undefined;
}

/** Appends one entry at the end of its organisation's chain, in one transaction. */
export async function appendAuditEvent(db: Db, key: Buffer, input: AuditEntryInput): Promise<{ id: string; seq: number; hash: string }> {
  return db.transaction(async (tx) => {
    const staffName = input.staffName !== undefined ? input.staffName : input.staffId ? await staffNameOf(tx, input.organisationId, input.staffId) : null;
    const [appended] = await appendToChain(tx, key, input.organisationId, async () => [{ ...input, staffName }]);
    return appended!;
  });
}
