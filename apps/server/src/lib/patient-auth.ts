import { phoneDigits } from '@caredesk/shared';
import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { patientAccounts, patients, patientSessions } from '../db/schema/index.js';
import { bearerToken } from './auth.js';
import { UnauthorizedError } from './errors.js';
import { verifyPatientToken } from './tokens.js';

/** The signed-in patient app account. Its phone decides which patient records it may see. */
export interface PatientCaller {
  accountId: string;
  sessionId: string;
  /** E.164, as stored on patient records. */
  phone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the patient pre-handler on /api/patient/* routes only. */
    patientAccount: PatientCaller | null;
  }
}

/** A session neither signed out nor expired. */
function liveSession(): SQL {
  return and(isNull(patientSessions.revokedAt), gt(patientSessions.expiresAt, new Date()))!;
}

export function patientOf(request: FastifyRequest): PatientCaller {
  if (!request.patientAccount) throw new UnauthorizedError();
  return request.patientAccount;
}

/**
 * A patient token (a staff token fails its audience check) whose session is neither signed out
 * nor expired: one indexed query. The caller, else UnauthorizedError.
 */
export async function verifyPatientCaller(db: Db, key: Uint8Array, token: string): Promise<PatientCaller> {
  const claims = await verifyPatientToken(key, token);
  if (!claims) throw new UnauthorizedError('Your session has expired. Sign in again.');
  const [row] = await db
    .select({ phone: patientAccounts.phone })
    .from(patientSessions)
    .innerJoin(patientAccounts, eq(patientAccounts.id, patientSessions.accountId))
    .where(and(eq(patientSessions.id, claims.sessionId), eq(patientSessions.accountId, claims.accountId), liveSession()))
    .limit(1);
  if (!row) throw new UnauthorizedError('Your session has ended. Sign in again.');
  return { accountId: claims.accountId, sessionId: claims.sessionId, phone: row.phone };
}

/** Of these sessions, those neither signed out nor expired (the patient socket checks them at each heartbeat). */
export async function livePatientSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: patientSessions.id })
    .from(patientSessions)
    .where(and(inArray(patientSessions.id, sessionIds), liveSession()));
  return new Set(rows.map((row) => row.id));
}

/**
 * The pre-handler of every signed-in patient route: verifyPatientCaller on the bearer token, on
 * every request, so signing out ends access at once.
 */
export function createPatientAuthenticate(db: Db, key: Uint8Array): preHandlerAsyncHookHandler {
  return async function authenticatePatient(request) {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    request.patientAccount = await verifyPatientCaller(db, key, token);
  };
}

/**
 * The patient records an account may act for: those of any organisation carrying its phone
 * (a family sharing a phone shares its visits, as at the front desk). phone_digits is what the
 * patient indexes cover.
 */
export function ownPatients(caller: PatientCaller): SQL {
  return eq(patients.phoneDigits, phoneDigits(caller.phone));
}
