import { z } from 'zod';
import { listQuerySchema } from './lists.js';
import { lineText } from './text.js';

/**
 * 'list' and 'search' are reads of many patients' data (a list, a queue, the header search);
 * 'denied' is a security event: a request to patient data answered 401, 403 or 404.
 */
export const auditActions = ['create', 'update', 'delete', 'read', 'list', 'search', 'sign-in', 'sign-out', 'export', 'denied'] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * The areas entries name: the first segment of the API route, or what classify.ts maps it to.
 * One list for the server (a test checks every audited route lands in it) and the console's filter.
 */
export const auditEntities = [
  'patients',
  'appointments',
  'bookings',
  'chats',
  'doctors',
  'services',
  'tokens',
  'uploads',
  'staff',
  'settings',
  'facilities',
  'account',
  'auth',
  'notifications',
  'push',
  'wallet',
  'payments',
  'plan',
  'audit',
  'search',
  'dashboard',
  'messages',
  'billing',
  'waitlist',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** How a list was searched: by phone digits or by name. The term itself is patient data and never kept. */
export const auditSearchKinds = ['phone', 'name'] as const;

/**
 * What a list or search read, or why a request was denied. Filters are the query's own values
 * (ids, statuses, dates, paging), never a search term.
 */
export const auditDetailsSchema = z.object({
  /** Records returned. */
  count: z.number().int().optional(),
  filters: z.record(z.string(), z.string()).optional(),
  search: z.enum(auditSearchKinds).optional(),
  /** A denied request: 'unauthenticated', 'forbidden' or 'not-found'. */
  denied: z.enum(['unauthenticated', 'forbidden', 'not-found']).optional(),
});
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One entry of the audit trail (design.md §5): who, what, when, from where. Never edited. */
export const auditEventSchema = z.object({
  id: z.uuid(),
  /** 1, 2, 3 … per organisation: the position in the hash chain. */
  seq: z.number().int(),
  staffId: z.uuid().nullable(),
  staffName: z.string().nullable(),
  action: auditActionSchema,
  /** The area, e.g. 'patients', 'appointments', 'staff', 'settings'. */
  entity: z.string(),
  entityId: z.string().nullable(),
  /** 'PATCH /api/patients/:id' */
  route: z.string(),
  statusCode: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: auditDetailsSchema.nullable(),
  createdAt: z.iso.datetime(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/audit (ADMIN) and /api/audit/export.csv: newest first. `to` is inclusive. */
export const auditListQuerySchema = listQuerySchema(['createdAt'] as const).extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  staffId: z.uuid().optional(),
  action: auditActionSchema.optional(),
  entity: lineText().trim().max(60).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** GET /api/audit/verify (ADMIN): walks the organisation's chain. */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first entry whose hash or link does not match, when not ok. */
  firstBroken: z.object({ seq: z.number().int(), id: z.uuid(), reason: z.string() }).nullable(),
  /**
   * The signed copy of the chain head last exported outside the database (AUDIT_DIR): entries up
   * to it cannot be deleted or rewritten unnoticed. Null when none was exported yet.
   */
  anchor: z.object({ seq: z.number().int(), at: z.iso.datetime() }).nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;
