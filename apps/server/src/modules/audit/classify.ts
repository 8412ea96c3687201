import type { AuditAction, AuditDetails } from '@caredesk/shared';
import { phoneSearchDigits } from '../../lib/list-query.js';

/** What the hook knows of a finished request. Never its body or query string. */
export interface FinishedRequest {
  method: string;
  /** The route's pattern with the /api prefix ('/api/patients/:id'); undefined when none matched. */
  routeUrl: string | undefined;
  statusCode: number;
  params: Record<string, string | undefined>;
  /** The id in a created record's JSON reply, if any. */
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

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Reads that open one patient's records (design.md §5: every read of a patient record is
// audited): the record and anything under it, the chat thread, a visit (its patient, reason and
// notes) and a private file (reports, chat attachments). Lists and searches are not.
const PATIENT_RECORD_READS = [
  /^\/api\/patients\/:id(\/|$)/,
  /^\/api\/chats\/:patientId(\/|$)/,
  /^\/api\/appointments\/:id$/,
  /^\/api\/bookings\/:id$/,
  /^\/api\/uploads\/:id\/signed-url$/,
];

// Reads of many patients' data at once (issue 13): lists, queues, the header search and the
// phone check. Each is audited with its filter and the number of records it returned.
const PATIENT_LISTS = [
  /^\/api\/patients$/,
  /^\/api\/appointments$/,
  /^\/api\/bookings$/,
  /^\/api\/chats$/,
  /^\/api\/search$/,
  /^\/api\/tokens\/:kind(\/:id)?$/,
];

// Searches sent as a POST so that what is looked up (a phone number) stays out of URLs: reads,
// audited like a list with the number of records found, never as a write.
const PATIENT_LOOKUPS = [/^\/api\/patients\/matches$/];

/** A POST that only reads patient data (PATIENT_LOOKUPS): its reply's records are counted. */
export function isPatientLookup(method: string, routeUrl: string | undefined): boolean {
  return method === 'POST' && routeUrl !== undefined && PATIENT_LOOKUPS.some((pattern) => pattern.test(routeUrl));
}

/** Routes of patient data: a request to one answered 401, 403 or 404 is a security event. */
export function isPatientDataRoute(routeUrl: string): boolean {
  return (
    PATIENT_RECORD_READS.some((pattern) => pattern.test(routeUrl)) ||
    PATIENT_LISTS.some((pattern) => pattern.test(routeUrl)) ||
    /^\/api\/(patients|appointments|bookings|chats|tokens)(\/|$)/.test(routeUrl)
  );
}

const DENIED_STATUS: Record<number, NonNullable<AuditDetails['denied']>> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not-found' };

/** 'unauthenticated', 'forbidden' or 'not-found' for a denied request to patient data, else undefined. */
export function deniedReason(routeUrl: string | undefined, statusCode: number): AuditDetails['denied'] {
  return routeUrl && isPatientDataRoute(routeUrl) ? DENIED_STATUS[statusCode] : undefined;
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

/** The filter a list was read with and what it returned, without any search term. */
export function listDetails(routeUrl: string, query: unknown, count: number | undefined): AuditDetails {
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
  if (routeUrl === '/api/search' && !search) search = 'name';
  return { ...(count === undefined ? {} : { count }), ...(Object.keys(filters).length > 0 ? { filters } : {}), ...(search ? { search } : {}) };
}

// Routes whose first segment does not name what they act on.
const ENTITY_OF_ROUTE: Record<string, string> = {
  '/api/admin/auth': 'auth',
  '/api/admin/upload': 'uploads',
  '/api/auth/logout': 'auth',
  '/api/fcm/save': 'push',
  '/api/fcm/remove': 'push',
};

// The patient app's routes have no staff actor; health, the sockets and the docs change and
// reveal nothing. (Reading the audit log is a plain GET, so it never records itself.)
const NOT_AUDITED = [/^\/api\/patient\//, /^\/api\/(health|events|docs)(\/|$)/];

export function entityOf(routeUrl: string): string {
  return ENTITY_OF_ROUTE[routeUrl] ?? routeUrl.split('/')[2] ?? 'api';
}

/** params.id, else the first named id (':patientId'), else none. */
function paramId(params: FinishedRequest['params']): string | undefined {
  if (params.id) return params.id;
  const named = Object.entries(params).find(([name, value]) => name.endsWith('Id') && value);
  return named?.[1];
}

function writeAction(request: FinishedRequest): AuditAction {
  if (request.method === 'DELETE') return 'delete';
  if (request.method !== 'POST') return 'update';
  if (request.statusCode === 201) return 'create';
  // A POST on an existing record is an action on it (check in, reschedule, mark read).
  const actsOnRecord = request.routeUrl!.includes('/:') || /\/read\/all$/.test(request.routeUrl!);
  return actsOnRecord ? 'update' : 'create';
}

/**
 * The audit action of a request a staff member made, or null when it is not audited: failed
 * requests (they changed nothing) other than denied ones to patient data, reads of anything but
 * patient data, and NOT_AUDITED. Sign-in has no staff on the request yet: the hook handles it
 * from the reply.
 */
export function classifyStaffRequest(request: FinishedRequest): Classified | null {
  const { routeUrl, method } = request;
  if (!routeUrl) return null;
  if (NOT_AUDITED.some((pattern) => pattern.test(routeUrl))) return null;
  const entity = entityOf(routeUrl);
  const id = paramId(request.params) ?? null;
  if (request.statusCode >= 400) {
    const denied = deniedReason(routeUrl, request.statusCode);
    return denied ? { action: 'denied', entity, entityId: id, details: { denied } } : null;
  }
  if (method === 'GET') {
    if (routeUrl.endsWith('.csv')) return { action: 'export', entity, entityId: null, details: listDetails(routeUrl, request.query, undefined) };
    if (PATIENT_RECORD_READS.some((pattern) => pattern.test(routeUrl))) return { action: 'read', entity, entityId: id };
    if (PATIENT_LISTS.some((pattern) => pattern.test(routeUrl))) {
      const details = listDetails(routeUrl, request.query, request.count);
      // The queue of one doctor or service names it; a list has no one record.
      return { action: details.search ? 'search' : 'list', entity, entityId: routeUrl.endsWith('/:id') ? id : null, details };
    }
    return null;
  }
  if (isPatientLookup(method, routeUrl)) return { action: 'search', entity, entityId: null, details: { ...(request.count === undefined ? {} : { count: request.count }), search: 'phone' } };
  if (!WRITE_METHODS.has(method)) return null;
  if (routeUrl === '/api/auth/logout') return { action: 'sign-out', entity, entityId: null };
  const action = writeAction(request);
  return { action, entity, entityId: id ?? (action === 'create' ? (request.createdId ?? null) : null) };
}
