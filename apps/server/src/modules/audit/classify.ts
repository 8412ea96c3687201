import type { AuditAction } from '@caredesk/shared';

/** What the hook knows of a finished request. Never its body or query string. */
export interface FinishedRequest {
  method: string;
  /** The route's pattern with the /api prefix ('/api/patients/:id'); undefined when none matched. */
  routeUrl: string | undefined;
  statusCode: number;
  params: Record<string, string | undefined>;
  /** The id in a created record's JSON reply, if any. */
  createdId: string | undefined;
}

export interface Classified {
  action: AuditAction;
  entity: string;
  entityId: string | null;
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
 * requests (they changed nothing), reads other than a patient's records, and NOT_AUDITED.
 * Sign-in has no staff on the request yet: the hook handles it from the reply.
 */
export function classifyStaffRequest(request: FinishedRequest): Classified | null {
  const { routeUrl, method } = request;
  if (!routeUrl || request.statusCode >= 400) return null;
  if (NOT_AUDITED.some((pattern) => pattern.test(routeUrl))) return null;
  const entity = entityOf(routeUrl);
  const id = paramId(request.params) ?? null;
  if (method === 'GET') {
    if (routeUrl.endsWith('.csv')) return { action: 'export', entity, entityId: null };
    if (PATIENT_RECORD_READS.some((pattern) => pattern.test(routeUrl))) return { action: 'read', entity, entityId: id };
    return null;
  }
  if (!WRITE_METHODS.has(method)) return null;
  if (routeUrl === '/api/auth/logout') return { action: 'sign-out', entity, entityId: null };
  const action = writeAction(request);
  return { action, entity, entityId: id ?? (action === 'create' ? (request.createdId ?? null) : null) };
}
