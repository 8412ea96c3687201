import type { AuditDetails } from '@caredesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bearerToken } from '../../lib/auth.js';
import { startAnchorExports } from './anchor-exports.js';
import { revokedCallerOf } from './attribution.js';
import type { AuditEntryInput } from './chain.js';
import { classifyStaffRequest, deniedReason, isPatientLookup } from './classify.js';
import { auditKeysOf } from './keys.js';
import { chainWaitingEntries, enqueueAuditEntry, organisationsWithWaitingEntries } from './outbox.js';

const MAX_TEXT = 500;
// The patient app's sign-in also answers a user and a token, but its user is no staff member.
const NOT_AUDITED_SIGN_IN = /^\/api\/patient\//;
// The patient app's writes that change an organisation's records name it in their reply: a
// booked or cancelled appointment or booking (entity = the segment after /api/patient).
const PATIENT_VISIT_WRITE = /^\/api\/patient\/(appointments|bookings)(\/|$)/;

/** Taken from a reply's object before it is serialised: ids only, never the body itself. */
interface Captured {
  createdId?: string;
  signedIn?: { staffId: string; organisationId: string; staffName: string };
  /** A patient app write: the organisation it changed and the record. */
  patientWrite?: PatientAppWrite;
  /** Records in a list's reply (its data, or the visits in token queues). */
  count?: number;
}

/** What a patient app route changed in an organisation (the request names no staff member). */
export interface PatientAppWrite {
  organisationId: string;
  entity: string;
  id: string;
}

const capturedByRequest = new WeakMap<FastifyRequest, Captured>();
const pendingByDb = new WeakMap<Db, Set<Promise<void>>>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The id of a created record: the reply's own, else that of the record it wraps ({member: {id}}). */
function createdIdOf(payload: Record<string, unknown>): string | undefined {
  if (typeof payload.id === 'string') return payload.id;
  for (const value of Object.values(payload)) if (isRecord(value) && typeof value.id === 'string') return value.id;
  return undefined;
}

/** Distinct visits in a token queue (nowServing and next are also in its lists). */
function queueVisits(queue: Record<string, unknown>, into: Set<unknown>): void {
  for (const value of Object.values(queue)) {
    for (const entry of Array.isArray(value) ? value : [value]) if (isRecord(entry) && 'visitId' in entry) into.add(entry.visitId);
  }
}

/** The records a list reply holds: `data`, else the visits of its token queue(s). */
function recordCount(payload: Record<string, unknown>): number | undefined {
  if (Array.isArray(payload.data)) return payload.data.length;
  const queues = Array.isArray(payload.queues) ? payload.queues : 'waiting' in payload ? [payload] : undefined;
  if (!queues) return undefined;
  const visits = new Set<unknown>();
  for (const queue of queues) if (isRecord(queue)) queueVisits(queue, visits);
  return visits.size;
}

function capture(request: FastifyRequest, statusCode: number, payload: unknown): Captured | undefined {
  if (!isRecord(payload) || statusCode >= 300) return undefined;
  if (request.method === 'GET' || isPatientLookup(request.method, request.routeOptions.url)) {
    const count = recordCount(payload);
    return count === undefined ? undefined : { count };
  }
  if (request.patientAccount) {
    const visit = request.routeOptions.url ? PATIENT_VISIT_WRITE.exec(request.routeOptions.url) : null;
    const { organisationId, id } = payload;
    return visit && typeof organisationId === 'string' && typeof id === 'string' ? { patientWrite: { organisationId, entity: visit[1]!, id } } : undefined;
  }
  // A reply that signs someone in (the sign-in form, an accepted invitation, a finished
  // onboarding) names the staff member and organisation: the request itself had no staff yet.
  if (typeof payload.access_token === 'string' && isRecord(payload.user)) {
    const { id, adminId, name } = payload.user;
    if (typeof id === 'string' && typeof adminId === 'string' && typeof name === 'string') return { signedIn: { staffId: id, organisationId: adminId, staffName: name } };
  }
  const createdId = statusCode === 201 ? createdIdOf(payload) : undefined;
  return createdId ? { createdId } : undefined;
}

function clip(text: string | undefined): string | null {
  return text ? text.slice(0, MAX_TEXT) : null;
}

function detailsText(details: AuditDetails | undefined): string | null {
  return details && Object.keys(details).length > 0 ? JSON.stringify(details) : null;
}

/** The entry a finished request makes, or null when it is not audited (classify.ts). */
async function entryOf(request: FastifyRequest, reply: FastifyReply, jwtKey: Uint8Array): Promise<AuditEntryInput | null> {
  const routeUrl = request.routeOptions.url;
  const captured = capturedByRequest.get(request);
  const common = {
    route: `${request.method} ${routeUrl}`,
    statusCode: reply.statusCode,
    ip: request.ip || null,
    userAgent: clip(request.headers['user-agent']),
    details: null,
    createdAt: new Date(),
  };
  if (!request.staff) {
    const denied = reply.statusCode === 401 && !request.patientAccount ? deniedReason(routeUrl, reply.statusCode) : undefined;
    if (denied) {
      // A token we signed whose session was ended (signed out, staff deactivated) names its
      // organisation; anything else (no token, a forged or expired one) names none, and an
      // unnamed caller must not be able to fill every organisation's trail, so it is not kept.
      const token = bearerToken(request);
      const caller = token ? await revokedCallerOf(jwtKey, token) : undefined;
      if (!caller) return null;
      return { ...common, organisationId: caller.organisationId, staffId: caller.staffId, action: 'denied', entity: routeUrl!.split('/')[2] ?? 'api', entityId: null, details: detailsText({ denied }) };
    }
    if (request.patientAccount && captured?.patientWrite && reply.statusCode < 300) {
      // No staff member acted: the patient app's account, by the phone it signed in with.
      const { organisationId, entity, id } = captured.patientWrite;
      const action = reply.statusCode === 201 ? 'create' : 'update';
      return { ...common, organisationId, staffId: null, staffName: `Patient app (${request.patientAccount.phone})`, action, entity, entityId: id };
    }
    if (!captured?.signedIn || !routeUrl || NOT_AUDITED_SIGN_IN.test(routeUrl)) return null;
    const { staffId, organisationId, staffName } = captured.signedIn;
    return { ...common, organisationId, staffId, staffName, action: 'sign-in', entity: 'auth', entityId: null };
  }
  const classified = classifyStaffRequest({
    method: request.method,
    routeUrl,
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
 * Names what a patient app write changed when its reply does not (a chat message's reply names
 * no organisation). Call only once the write has happened.
 */
export function auditPatientAppWrite(request: FastifyRequest, write: PatientAppWrite): void {
  capturedByRequest.set(request, { patientWrite: write });
}

/**
 * Records the audit trail of every write and every read of a patient record (issue #8),
 * registered on the /api instance. The entry is written to the outbox before the reply goes
 * out — a client that saw its change succeed can count on the entry surviving any crash — and
 * chained right after, off the reply's path (outbox.ts). A failed write is logged and never
 * reaches the caller: the change itself has already been made.
 */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext): void {
  const pending = pendingByDb.get(ctx.db) ?? new Set<Promise<void>>();
  pendingByDb.set(ctx.db, pending);

  const keys = auditKeysOf(ctx.config);
  app.addHook('preSerialization', async (request, reply, payload) => {
    if ((request.method === 'POST' || request.method === 'GET') && !capturedByRequest.has(request)) {
      const captured = capture(request, reply.statusCode, payload);
      if (captured) capturedByRequest.set(request, captured);
    }
    return payload;
  });

  // One drain at a time per organisation in this process; entries enqueued while one runs are
  // picked up by one more pass of it rather than by a queue of drains.
  const drains = new Map<string, { again: boolean }>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const drain = (organisationId: string) => {
    const running = drains.get(organisationId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    drains.set(organisationId, state);
    track(
      (async () => {
        while (state.again) {
          state.again = false;
          await chainWaitingEntries(ctx.db, keys.chain, organisationId).catch((error: unknown) => app.log.error({ err: error, organisationId }, 'audit trail: entries not chained yet'));
        }
        drains.delete(organisationId);
      })(),
    );
  };

  app.addHook('onSend', async (request, reply, payload) => {
    try {
      const entry = await entryOf(request, reply, ctx.jwtKey);
      if (!entry) return payload;
      await enqueueAuditEntry(ctx.db, entry);
      drain(entry.organisationId);
    } catch (error) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'audit trail: entry not written');
    }
    return payload;
  });

  // Entries a stopped process wrote but never chained (it died between the two steps).
  app.addHook('onReady', async () => {
    track(
      organisationsWithWaitingEntries(ctx.db).then(
        (organisationIds) => organisationIds.forEach(drain),
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
