import type { AuditDetails } from '@caredesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bearerToken } from '../../lib/auth.js';
import { startAnchorExports } from './anchor-exports.js';
import { revokedCallerOf } from './attribution.js';
import type { AuditEntryInput } from './chain.js';
import { classifyStaffRequest, deniedReason } from './classify.js';
import { isDeclared } from './declaration.js';
import { auditKeysOf } from './keys.js';
import { capture, isRecord, type Captured, type PatientAppList, type PatientAppWrite, type ProviderWrite, type StaffWrite } from './reply-capture.js';
import { chainStoredEntries, chainWaitingEntries, enqueueAuditEntry, organisationsWithWaitingEntries, type StoredEntry } from './outbox.js';

const MAX_TEXT = 500;

/** How long a drain waits for more entries before it chains what is waiting (registerAuditTrail). */
export const DRAIN_GATHER_MS = 100;

const gather = () => new Promise<void>((done) => setTimeout(done, DRAIN_GATHER_MS));

export type { PatientAppList, PatientAppWrite, ProviderWrite, StaffWrite };

const capturedByRequest = new WeakMap<FastifyRequest, Captured>();
const pendingByDb = new WeakMap<Db, Set<Promise<void>>>();

function clip(text: string | undefined): string | null {
  return text ? text.slice(0, MAX_TEXT) : null;
}

function detailsText(details: AuditDetails | undefined): string | null {
  return details && Object.keys(details).length > 0 ? JSON.stringify(details) : null;
}

/** The entry a finished request makes, or null when its route records nothing (declaration.ts). */
async function entryOf(request: FastifyRequest, reply: FastifyReply, jwtKey: Uint8Array): Promise<AuditEntryInput | null> {
  const audit = request.routeOptions.config.audit;
  if (!isDeclared(audit)) return null;
  const captured = capturedByRequest.get(request);
  const common = {
    route: `${request.method} ${request.routeOptions.url}`,
    statusCode: reply.statusCode,
    ip: request.ip || null,
    userAgent: clip(request.headers['user-agent']),
    details: null,
    createdAt: new Date(),
  };
  if (!request.staff) {
    const denied = reply.statusCode === 401 && !request.patientAccount ? deniedReason(audit, reply.statusCode) : undefined;
    if (denied) {
      // A token we signed whose session was ended (signed out, staff deactivated) names its
      // organisation; anything else (no token, a forged or expired one) names none, and an
      // unnamed caller must not be able to fill every organisation's trail, so it is not kept.
      const token = bearerToken(request);
      const caller = token ? await revokedCallerOf(jwtKey, token) : undefined;
      if (!caller) return null;
      return {
        ...common,
        organisationId: caller.organisationId,
        staffId: caller.staffId,
        action: 'denied',
        entity: audit.entity,
        entityId: null,
        details: detailsText({ denied }),
      };
    }
    if ('actor' in audit && request.patientAccount && captured?.patientWrite && reply.statusCode < 300) {
      // No staff member acted: the patient app's account, by the phone it signed in with.
      const { organisationId, id } = captured.patientWrite;
      const action = audit.action === 'read' ? 'read' : reply.statusCode === 201 ? 'create' : 'update';
      return { ...common, organisationId, staffId: null, staffName: `Patient app (${request.patientAccount.phone})`, action, entity: audit.entity, entityId: id };
    }
    if (audit.action !== 'sign-in' || !captured?.signedIn) return null;
    const { staffId, organisationId, staffName } = captured.signedIn;
    return { ...common, organisationId, staffId, staffName, action: 'sign-in', entity: audit.entity, entityId: null };
  }
  const classified = classifyStaffRequest(audit, {
    method: request.method,
    statusCode: reply.statusCode,
    params: isRecord(request.params) ? (request.params as Record<string, string | undefined>) : {},
    createdId: captured?.createdId,
    query: request.query,
    count: captured?.count,
  });
  if (!classified) return null;
  const { details, ...rest } = classified;
  return {
    ...common,
    ...rest,
    entityId: classified.entityId?.slice(0, MAX_TEXT) ?? null,
    details: detailsText(details),
    organisationId: request.staff.organisationId,
    staffId: request.staff.id,
  };
}

/**
 * Names what a patient app write changed, or the record it read, when its reply does not (a chat
 * message's reply names no organisation); its route declares `recordFrom: 'handler'`. Call only
 * once the write (or the read) has happened.
 */
export function auditPatientAppWrite(request: FastifyRequest, write: PatientAppWrite): void {
  capturedByRequest.set(request, { patientWrite: write });
}

/**
 * Names every record a patient app write changed when it may change several, in several
 * organisations (the account's language, on each record carrying its phone): one 'update' entry
 * each, in its organisation's trail. Call once the writes have happened.
 */
export function auditPatientAppWrites(request: FastifyRequest, writes: PatientAppWrite[]): void {
  capturedByRequest.set(request, { patientWrites: writes });
}

/**
 * Names what a staff member's request to an 'each' route did to each record it named (a bulk
 * cancel, a broadcast): one entry each. Call once the writes have happened.
 */
export function auditStaffWrites(request: FastifyRequest, writes: StaffWrite[]): void {
  capturedByRequest.set(request, { staffWrites: writes });
}

/** Names what a provider's webhook changed; call once the writes have happened (several calls add up). */
export function auditProviderWrites(request: FastifyRequest, writes: ProviderWrite[]): void {
  const captured = capturedByRequest.get(request) ?? {};
  capturedByRequest.set(request, { ...captured, providerWrites: [...(captured.providerWrites ?? []), ...writes] });
}

/**
 * Names what a patient app list returned, per organisation (several when the account is a
 * patient of several); its route declares `action: 'list'`. Call once the records are read.
 */
export function auditPatientAppList(request: FastifyRequest, lists: PatientAppList[]): void {
  capturedByRequest.set(request, { patientLists: lists });
}

/** One entry of a patient app request, in the organisation of the record it read or changed. */
function patientAppEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  phone: string,
  entity: AuditEntryInput['entity'],
  entry: Pick<AuditEntryInput, 'organisationId' | 'action' | 'entityId' | 'details'>,
): AuditEntryInput {
  return {
    ...entry,
    staffId: null,
    staffName: `Patient app (${phone})`,
    entity,
    route: `${request.method} ${request.routeOptions.url}`,
    statusCode: reply.statusCode,
    ip: request.ip || null,
    userAgent: clip(request.headers['user-agent']),
    createdAt: new Date(),
  };
}

/** The entries of a patient app list: one per organisation whose records it returned. */
function patientListEntriesOf(request: FastifyRequest, reply: FastifyReply): AuditEntryInput[] {
  const audit = request.routeOptions.config.audit;
  const account = request.patientAccount;
  if (!isDeclared(audit) || !('actor' in audit) || audit.action !== 'list' || !account || reply.statusCode >= 300) return [];
  return (capturedByRequest.get(request)?.patientLists ?? []).map((list) =>
    patientAppEntry(request, reply, account.phone, audit.entity, {
      organisationId: list.organisationId,
      action: 'list',
      entityId: null,
      details: detailsText({ count: list.count }),
    }),
  );
}

/** The entries of a patient app write of several records: one per record it changed. */
function patientWriteEntriesOf(request: FastifyRequest, reply: FastifyReply): AuditEntryInput[] {
  const audit = request.routeOptions.config.audit;
  const account = request.patientAccount;
  if (!isDeclared(audit) || !('actor' in audit) || audit.actor !== 'patient-app' || !account || reply.statusCode >= 300) return [];
  return (capturedByRequest.get(request)?.patientWrites ?? []).map((write) =>
    patientAppEntry(request, reply, account.phone, audit.entity, { organisationId: write.organisationId, action: 'update', entityId: write.id, details: null }),
  );
}

/** The entries of a staff member's request to an 'each' route: one per record it acted on. */
function staffWriteEntriesOf(request: FastifyRequest, reply: FastifyReply): AuditEntryInput[] {
  const audit = request.routeOptions.config.audit;
  const caller = request.staff;
  if (!isDeclared(audit) || audit.action !== 'each' || !caller || reply.statusCode >= 300) return [];
  return (capturedByRequest.get(request)?.staffWrites ?? []).map((write) => ({
    organisationId: caller.organisationId,
    staffId: caller.id,
    action: write.action,
    entity: write.entity ?? audit.entity,
    entityId: write.id,
    route: `${request.method} ${request.routeOptions.url}`,
    statusCode: reply.statusCode,
    ip: request.ip || null,
    userAgent: clip(request.headers['user-agent']),
    details: write.action === 'denied' ? detailsText({ denied: 'not-found' }) : null,
    createdAt: new Date(),
  }));
}

/** The entries of a provider webhook's request: one per record it changed. */
function providerEntriesOf(request: FastifyRequest, reply: FastifyReply): AuditEntryInput[] {
  const audit = request.routeOptions.config.audit;
  if (!isDeclared(audit) || !('actor' in audit) || audit.actor !== 'provider') return [];
  const writes = capturedByRequest.get(request)?.providerWrites ?? [];
  return writes.map((write) => ({
    organisationId: write.organisationId,
    staffId: null,
    staffName: `${audit.provider} (webhook)`,
    action: write.action,
    entity: write.entity,
    entityId: write.id,
    route: `${request.method} ${request.routeOptions.url}`,
    statusCode: reply.statusCode,
    ip: request.ip || null,
    userAgent: clip(request.headers['user-agent']),
    details: null,
    createdAt: new Date(),
  }));
}

/**
 * Records the audit trail of every write and every read of patient data (issue #8), as each
 * route declares in its options (declaration.ts), registered on the /api instance. The entry is written to the outbox before the reply goes
 * out — a client that saw its change succeed can count on the entry surviving any crash — and
 * chained right after, off the reply's path (outbox.ts). A failed write is logged and never
 * reaches the caller: the change itself has already been made.
 */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext): void {
  const pending = pendingByDb.get(ctx.db) ?? new Set<Promise<void>>();
  pendingByDb.set(ctx.db, pending);

  const keys = auditKeysOf(ctx.config);
  // Both hooks run on every request and most record nothing (GET /api/me…): callback hooks, so
  // those pay no promise for them.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const audit = request.routeOptions.config.audit;
    if ((request.method === 'POST' || request.method === 'GET') && isDeclared(audit) && !capturedByRequest.has(request)) {
      const captured = capture(audit, reply.statusCode, payload);
      if (captured) capturedByRequest.set(request, captured);
    }
    done(null, payload);
  });

  // One drain at a time per organisation in this process; entries stored while one runs are
  // picked up by one more pass of it rather than by a queue of drains. Each pass first waits
  // DRAIN_GATHER_MS so that the entries of the requests arriving meanwhile go in the same append:
  // they are already committed (the outbox), so only the chain lags, and a busy organisation
  // pays one statement per pass instead of two per request. A pass chains the entries this
  // process stored (chainStoredEntries); after a failure, or for what a stopped process left, it
  // reads everything waiting (`rescan`, chainWaitingEntries).
  const drains = new Map<string, StoredEntry[]>();
  const rescans = new Set<string>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const drain = (organisationId: string, stored?: StoredEntry) => {
    if (!stored) rescans.add(organisationId);
    const running = drains.get(organisationId);
    if (running) {
      if (stored) running.push(stored);
      return;
    }
    const queue = stored ? [stored] : [];
    drains.set(organisationId, queue);
    track(
      (async () => {
        while (queue.length > 0 || rescans.has(organisationId)) {
          await gather();
          const taken = queue.splice(0);
          try {
            // What is waiting when the read runs includes `taken`: they were committed before.
            if (rescans.delete(organisationId)) await chainWaitingEntries(ctx.db, keys.chain, organisationId);
            else await chainStoredEntries(ctx.db, keys.chain, organisationId, taken);
          } catch (error) {
            // The entries stay in the outbox: the organisation's next pass reads them from there,
            // when its next entry comes rather than in a loop here.
            rescans.add(organisationId);
            app.log.error({ err: error, organisationId }, 'audit trail: entries not chained yet');
            if (queue.length === 0) break;
          }
        }
        drains.delete(organisationId);
      })(),
    );
  };

  const record = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const many = [
        ...providerEntriesOf(request, reply),
        ...patientListEntriesOf(request, reply),
        ...patientWriteEntriesOf(request, reply),
        ...staffWriteEntriesOf(request, reply),
      ];
      for (const entry of many) {
        drain(entry.organisationId, await enqueueAuditEntry(ctx.db, entry));
      }
      const entry = await entryOf(request, reply, ctx.jwtKey);
      if (!entry) return;
      drain(entry.organisationId, await enqueueAuditEntry(ctx.db, entry));
    } catch (error) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'audit trail: entry not written');
    }
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    // An undeclared route records nothing (entryOf, providerEntriesOf): nothing to wait for.
    if (!isDeclared(request.routeOptions.config.audit)) {
      done(null, payload);
      return;
    }
    void record(request, reply).then(() => done(null, payload));
  });

  // Entries a stopped process wrote but never chained (it died between the two steps).
  app.addHook('onReady', async () => {
    track(
      organisationsWithWaitingEntries(ctx.db).then(
        (organisationIds) => organisationIds.forEach((organisationId) => drain(organisationId)),
        (error: unknown) => app.log.error({ err: error }, 'audit trail: waiting entries not read'),
      ),
    );
  });

  // The database closes after the app: entries still being chained finish first.
  app.addHook('onClose', () => auditWritesSettled(ctx.db));
  startAnchorExports(app, ctx, keys, auditWritesSettled);
}

/** Resolves once every audit entry started so far on this database is chained (or logged as failed). */
export async function auditWritesSettled(db: Db): Promise<void> {
  const pending = pendingByDb.get(db);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
