import { auditEventSchema, auditListQuerySchema, auditVerifySchema, paginatedSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireArea, requireRole } from '../../lib/tenancy.js';
import { auditKeysOf } from './keys.js';
import { auditCsvColumns, exportAuditEvents, listAuditEvents } from './service.js';
import { verifyAuditChain } from './verify.js';

const tags = ['audit'];
const security = [{ bearerAuth: [] }];

/** The audit log (ADMIN): read, export and verify. Nothing here edits or deletes an entry. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const adminOnly = { preHandler: [ctx.authenticate, requireArea('settings'), requireRole('ADMIN')] };

    app.get(
      '/audit',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'The audit trail, newest first: filter by person, action, entity and dates; page',
          querystring: auditListQuerySchema,
          response: { 200: paginatedSchema(auditEventSchema) },
        },
      },
      (request) => listAuditEvents(ctx.db, staffOf(request), request.query),
    );
    app.get(
      '/audit/export.csv',
      {
        ...adminOnly,
        config: { audit: { entity: 'audit', action: 'export' } },
        schema: { tags, security, summary: 'Every entry the filters match, as CSV (UTF-8 with BOM); the export is itself audited', querystring: auditListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'audit', csvLines(auditCsvColumns, exportAuditEvents(ctx.db, staffOf(request), request.query))),
    );
    app.get(
      '/audit/verify',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: "Recompute the organisation's keyed hash chain, check it against the last exported anchor, and report the first broken entry",
          response: { 200: auditVerifySchema },
        },
      },
      (request) => verifyAuditChain(ctx.db, auditKeysOf(ctx.config), staffOf(request).organisationId),
    );
  };
}
