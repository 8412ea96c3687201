import { dashboardSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { getDashboard } from './service.js';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        preHandler: [ctx.authenticate, requireArea('dashboard')],
        // Its upcoming visits name patients: a list read like any other (design.md, Privacy).
        config: { audit: { entity: 'dashboard', action: 'list', count: 'upcoming', patientData: true } },
        schema: { tags: ['dashboard'], summary: 'Every dashboard figure, in the organisation’s time zone', security: [{ bearerAuth: [] }], response: { 200: dashboardSchema } },
      },
      (request) => getDashboard(ctx.db, staffOf(request)),
    );
  };
}
