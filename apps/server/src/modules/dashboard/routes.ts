import { dashboardSummarySchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { getDashboardSummary } from './service.js';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard/summary',
      {
        preHandler: [ctx.authenticate, requireArea('dashboard')],
        schema: { tags: ['dashboard'], summary: 'Dashboard figures', security: [{ bearerAuth: [] }], response: { 200: dashboardSummarySchema } },
      },
      (request) => getDashboardSummary(ctx.db, staffOf(request)),
    );
  };
}
