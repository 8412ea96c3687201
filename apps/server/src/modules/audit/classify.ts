import type { AuditAction, AuditDetails } from '@caredesk/shared';
import { phoneSearchDigits } from '../../lib/list-query.js';
import type { AuditDeclaration } from './declaration.js';

/** What the hook knows of a finished request. Never its body or query string. */
export interface FinishedRequest {
  method: string;
  statusCode: number;
  params: Record<string, string | undefined>;
  /** The created record's id, from the reply where the route declares it (createdIdFrom). */
  createdId: string | undefined;
  /** The parsed query string (a list's filter); only its safe values are kept (listDetails). */
  query?: unknown;
  /** Records a list's reply holds. */
  count?: number | undefined;
}

export interface Classified {
  action: AuditAction;
  entity: string;
  entityId: string | null;
  details?: AuditDetails;
}

/** Routes of patient data: a request to one answered 401, 403 or 404 is a security event. */
export function isPatientDataRoute(declaration: AuditDeclaration): boolean {
  return 'patientData' in declaration && declaration.patientData === true;
}

const DENIED_STATUS: Record<number, NonNullable<AuditDetails['denied']>> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not-found' };

/** 'unauthenticated', 'forbidden' or 'not-found' for a denied request to patient data, else undefined. */
export function deniedReason(declaration: AuditDeclaration, statusCode: number): AuditDetails['denied'] {
  return isPatientDataRoute(declaration) ? DENIED_STATUS[statusCode] : undefined;
}

// Query parameters that carry what was typed: patient data, so only the kind of search is kept.
const SEARCH_PARAMS = new Set(['search', 'q', 'phone']);
// An opaque position (it can encode a patient's name or time) or another patient's id to leave out.
const DROPPED_PARAMS = new Set(['cursor', 'excludeId']);
// Ids, enums, dates, numbers and flags: a value of any other shape is not kept, so a free-text
// parameter added to a list tomorrow cannot leak into the trail.
const SAFE_VALUE = /^[\w.:+-]{1,64}$/;

function filterValue(value: unknown): string | undefined {
  const parts = Array.isArray(value) ? value : [value];
  const texts = parts.map((part) => (typeof part === 'string' || typeof part === 'number' || typeof part === 'boolean' ? String(part) : ''));
  return texts.length > 0 && texts.every((text) => SAFE_VALUE.test(text)) ? texts.join(',') : undefined;
}

/**
 * The filter a list was read with and what it returned, without any search term. `always`: the
 * route is a search whatever its query, of this kind when no term was typed.
 */
export function listDetails(query: unknown, count: number | undefined, always?: AuditDetails['search']): AuditDetails {
  const filters: Record<string, string> = {};
  let search: AuditDetails['search'];
  if (typeof query === 'object' && query !== null) {
    for (const [name, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) {
      if (value === undefined || DROPPED_PARAMS.has(name)) continue;
      if (SEARCH_PARAMS.has(name)) {
        if (typeof value === 'string' && value !== '') search = name === 'phone' || phoneSearchDigits(value) ? 'phone' : 'name';
        continue;
      }
      const kept = filterValue(value);
      if (kept !== undefined) filters[name] = kept;
    }
  }
  search ??= always;
  return { ...(count === undefined ? {} : { count }), ...(Object.keys(filters).length > 0 ? { filters } : {}), ...(search ? { search } : {}) };
}

/** A query parameter's value when it is an id-like value (never free text). */
function queryValue(query: unknown, name: string): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  return filterValue((query as Record<string, unknown>)[name]);
}

/**
 * The entry a staff member's request to a declared route makes, or null: failed requests (they
 * changed nothing) other than denied ones to patient data, and a HEAD of a read. Sign-in and the
 * patient app's writes have no staff on the request: the hook records them from the reply.
 */
export function classifyStaffRequest(declaration: AuditDeclaration, request: FinishedRequest): Classified | null {
  if ('actor' in declaration || declaration.action === 'sign-in') return null;
  const { entity } = declaration;
  const id = (declaration.idParam && request.params[declaration.idParam]) || null;
  if (request.statusCode >= 400) {
    const denied = deniedReason(declaration, request.statusCode);
    return denied ? { action: 'denied', entity, entityId: id, details: { denied } } : null;
  }
  const created = request.statusCode === 201 ? { action: 'create' as const, entity, entityId: id ?? request.createdId ?? null } : null;
  switch (declaration.action) {
    case 'read': {
      const named = declaration.idQuery ? queryValue(request.query, declaration.idQuery) : undefined;
      return request.method === 'GET' ? { action: 'read', entity, entityId: id ?? named ?? null } : null;
    }
    case 'list': {
      if (request.method !== 'GET') return null;
      const details = listDetails(request.query, request.count, declaration.search);
      // The queue of one doctor or service names it; a list has no one record.
      return { action: details.search ? 'search' : 'list', entity, entityId: id, details };
    }
    case 'lookup':
      return { action: 'search', entity, entityId: null, details: { ...(request.count === undefined ? {} : { count: request.count }), search: declaration.search } };
    case 'export':
      return request.method === 'GET' ? { action: 'export', entity, entityId: null, details: listDetails(request.query, undefined) } : null;
    case 'create':
      return created ?? { action: 'create', entity, entityId: id };
    case 'create-or-update':
      return created ?? { action: 'update', entity, entityId: id };
    case 'each':
      // One entry per record, from what the handler passed (hook.ts, auditStaffWrites).
      return null;
    case 'update':
    case 'delete':
    case 'sign-out':
      return { action: declaration.action, entity, entityId: id };
  }
}
