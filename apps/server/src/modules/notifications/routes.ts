import { notificationListQuerySchema, notificationListSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { listNotifications } from './service.js';

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications/all',
      {
        preHandler: ctx.authenticate,
        schema: {
          tags: ['notifications'],
          summary: "The caller's notifications, newest first",
          security: [{ bearerAuth: [] }],
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      (request) => {
        const caller = staffOf(request);
        return listNotifications(ctx.db, { staffId: caller.id, organisationId: caller.organisationId }, request.query);
      },
    );
  };
}
