import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { appendAuditEvent, type AuditEntryInput } from './chain.js';
import { classifyStaffRequest } from './classify.js';

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
  /** A patient app write: the organisation and visit its reply names. */
  patientVisit?: { organisationId: string; id: string };
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

function capture(statusCode: number, payload: unknown, patientApp: boolean): Captured | undefined {
  if (!isRecord(payload) || statusCode >= 300) return undefined;
  if (patientApp) {
    const { organisationId, id } = payload;
    return typeof organisationId === 'string' && typeof id === 'string' ? { patientVisit: { organisationId, id } } : undefined;
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

/** The entry a finished request makes, or null when it is not audited (classify.ts). */
function entryOf(request: FastifyRequest, reply: FastifyReply): AuditEntryInput | null {
  const routeUrl = request.routeOptions.url;
  const captured = capturedByRequest.get(request);
  const common = {
    route: `${request.method} ${routeUrl}`,
    statusCode: reply.statusCode,
    ip: request.ip || null,
    userAgent: clip(request.headers['user-agent']),
    createdAt: new Date(),
  };
  if (!request.staff) {
    const visit = request.patientAccount && routeUrl ? PATIENT_VISIT_WRITE.exec(routeUrl) : null;
    if (visit && captured?.patientVisit) {
      // No staff member acted: the patient app's account, by the phone it signed in with.
      const { organisationId, id } = captured.patientVisit;
      const action = reply.statusCode === 201 ? 'create' : 'update';
      return { ...common, organisationId, staffId: null, staffName: `Patient app (${request.patientAccount!.phone})`, action, entity: visit[1]!, entityId: id };
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
  });
  if (!classified) return null;
  return { ...common, ...classified, entityId: classified.entityId?.slice(0, MAX_TEXT) ?? null, organisationId: request.staff.organisationId, staffId: request.staff.id };
}

/**
 * Records the audit trail of every write and every read of a patient record (issue #8),
 * registered on the /api instance. The entry is appended after the reply has gone out, so it
 * never delays it; a failed append is logged and never reaches the caller.
 */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext): void {
  const pending = pendingByDb.get(ctx.db) ?? new Set<Promise<void>>();
  pendingByDb.set(ctx.db, pending);

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method === 'POST') {
      const captured = capture(reply.statusCode, payload, Boolean(request.patientAccount));
      if (captured) capturedByRequest.set(request, captured);
    }
    return payload;
  });

  // One append at a time per organisation in this process: entries take their seq in the order
  // the replies went out, and waiting happens here rather than on the database's row lock.
  const tails = new Map<string, Promise<void>>();

  app.addHook('onResponse', async (request, reply) => {
    const entry = entryOf(request, reply);
    if (!entry) return;
    const write = (tails.get(entry.organisationId) ?? Promise.resolve())
      .then(() => appendAuditEvent(ctx.db, entry))
      .then(
        () => undefined,
        (error: unknown) => request.log.error({ err: error, route: entry.route }, 'audit trail: entry not written'),
      );
    tails.set(entry.organisationId, write);
    pending.add(write);
    void write.finally(() => {
      pending.delete(write);
      if (tails.get(entry.organisationId) === write) tails.delete(entry.organisationId);
    });
  });

  // The database closes after the app: entries still being written finish first.
  app.addHook('onClose', () => auditWritesSettled(ctx.db));
}

/** Resolves once every audit entry started so far on this database is written (or logged as failed). */
export async function auditWritesSettled(db: Db): Promise<void> {
  const pending = pendingByDb.get(db);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
