// What the audit trail takes from a reply's object before it is serialised: the created record's
// id, who signed in, how many records a list returned; never the body itself (hook.ts records it).
import type { AuditEntity } from '@caredesk/shared';
import type { AuditDeclaration } from './declaration.js';

/** Taken from a reply's object before it is serialised, as its route declares: ids only, never the body itself. */
export interface Captured {
  createdId?: string;
  signedIn?: { staffId: string; organisationId: string; staffName: string };
  /** A patient app write: the organisation it changed and the record. */
  patientWrite?: PatientAppWrite;
  /** Records in a list's reply (its data, or the visits in token queues). */
  count?: number;
  /** What a provider's webhook changed (declaration.ts ProviderWebhook). */
  providerWrites?: ProviderWrite[];
  /** A patient app list: how many records it returned of each organisation. */
  patientLists?: PatientAppList[];
  /** A patient app write that changed several records, possibly in several organisations. */
  patientWrites?: PatientAppWrite[];
  /** What a staff member's request to an 'each' route did to each record it named. */
  staffWrites?: StaffWrite[];
}

/**
 * One record a staff member's bulk request acted on: created or changed, or 'denied' when it is
 * out of the caller's reach (another organisation's id: a security event, as a 404 is).
 */
export interface StaffWrite {
  id: string;
  action: 'create' | 'update' | 'denied';
  /** A record of another area than the route's (a doctor's leave changes the doctor and its appointments). */
  entity?: AuditEntity | undefined;
}

/** What a patient app list returned of one organisation's records. */
export interface PatientAppList {
  organisationId: string;
  count: number;
}

/** One record a provider's webhook changed, in its organisation. */
export interface ProviderWrite {
  organisationId: string;
  entity: AuditEntity;
  id: string;
  action: 'create' | 'update';
}

/** What a patient app route changed in an organisation (the request names no staff member). */
export interface PatientAppWrite {
  organisationId: string;
  id: string;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The string at a declared path of the reply ('reply.member.id'). */
function replyString(payload: Record<string, unknown>, path: string): string | undefined {
  let value: unknown = payload;
  for (const key of path.split('.').slice(1)) value = isRecord(value) ? value[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Distinct visits in a token queue (nowServing and next are also in its lists). */
function queueVisits(queue: Record<string, unknown>, into: Set<unknown>): void {
  for (const value of Object.values(queue)) {
    for (const entry of Array.isArray(value) ? value : [value]) if (isRecord(entry) && 'visitId' in entry) into.add(entry.visitId);
  }
}

/** The visits of a reply of token queues ({queues}) or of one queue. */
function queueVisitCount(payload: Record<string, unknown>): number {
  const visits = new Set<unknown>();
  for (const queue of Array.isArray(payload.queues) ? payload.queues : [payload]) if (isRecord(queue)) queueVisits(queue, visits);
  return visits.size;
}

function arrayCount(payload: Record<string, unknown>, key = 'data'): number | undefined {
  const records = payload[key];
  return Array.isArray(records) ? records.length : undefined;
}

/** What a finished request's reply tells its audit entry, as its route declares (declaration.ts). */
export function capture(audit: AuditDeclaration, statusCode: number, payload: unknown): Captured | undefined {
  if (!isRecord(payload) || statusCode >= 300) return undefined;
  switch (audit.action) {
    case 'list': {
      if ('actor' in audit) return undefined;
      const count = audit.count === 'queue-visits' ? queueVisitCount(payload) : arrayCount(payload, audit.count);
      return count === undefined ? undefined : { count };
    }
    case 'lookup': {
      const count = arrayCount(payload);
      return count === undefined ? undefined : { count };
    }
    case 'sign-in': {
      // The request had no staff member yet: the reply names who signed in, and where.
      if (typeof payload.access_token !== 'string' || !isRecord(payload.user)) return undefined;
      const { id, adminId, name } = payload.user;
      return typeof id === 'string' && typeof adminId === 'string' && typeof name === 'string'
        ? { signedIn: { staffId: id, organisationId: adminId, staffName: name } }
        : undefined;
    }
    case 'create': {
      const createdId = statusCode === 201 && audit.createdIdFrom ? replyString(payload, audit.createdIdFrom) : undefined;
      return createdId ? { createdId } : undefined;
    }
    case 'create-or-update': {
      if (!('actor' in audit) || audit.recordFrom !== 'reply') return undefined;
      const { organisationId, id } = payload;
      return typeof organisationId === 'string' && typeof id === 'string' ? { patientWrite: { organisationId, id } } : undefined;
    }
    case 'read':
    case 'export':
    case 'each':
    case 'update':
    case 'delete':
    case 'sign-out':
      return undefined;
  }
}
