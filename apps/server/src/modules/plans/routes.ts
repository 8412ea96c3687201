import { planStatusSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { getPlanStatus } from './service.js';

export function planRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Every signed-in staff member sees the plan chip (SPEC.md §6), so no area check.
    app.get(
      '/plan/current',
      { preHandler: ctx.authenticate, schema: { tags: ['plan'], summary: "The organisation's plan status", security: [{ bearerAuth: [] }], response: { 200: planStatusSchema } } },
      (request) => getPlanStatus(ctx.db, staffOf(request).organisationId),
    );
  };
}
