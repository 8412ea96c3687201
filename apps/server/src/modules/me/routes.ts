import { sessionUserSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { getSessionUser } from '../auth/session-user.js';

export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me',
      { preHandler: ctx.authenticate, schema: { tags: ['auth'], summary: 'The signed-in staff member', security: [{ bearerAuth: [] }], response: { 200: sessionUserSchema } } },
      (request) => {
        const caller = staffOf(request);
        return getSessionUser(ctx.db, caller.id, caller.organisationId);
      },
    );
  };
}
