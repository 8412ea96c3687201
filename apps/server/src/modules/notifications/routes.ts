import { idParamsSchema, notificationListQuerySchema, notificationListSchema, notificationReadResponseSchema, notificationSchema, notificationTabSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { openToDoctorAccounts, staffOf } from '../../lib/auth.js';
import { deleteNotification, listNotifications, markAllRead, markRead } from './service.js';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    openToDoctorAccounts(app);
    const me = (request: Parameters<typeof staffOf>[0]) => {
      const caller = staffOf(request);
      return { staffId: caller.id, organisationId: caller.organisationId };
    };
    // Notices quote patients' names and chat messages: a list read like any other (design.md, Privacy).
    app.get(
      '/notifications/all',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'notifications', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: "The caller's notifications, newest first (cursor paging, tab, unread)",
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      (request) => listNotifications(ctx.db, me(request), request.query),
    );
    app.patch(
      '/notifications/read/all',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'notifications', action: 'update' } },
        schema: {
          tags,
          security,
          summary: 'Mark all (or one tab) read',
          querystring: z.object({ tab: notificationTabSchema.optional() }),
          response: { 200: notificationReadResponseSchema },
        },
      },
      (request) => markAllRead(ctx.db, me(request), request.query.tab),
    );
    app.patch(
      '/notifications/read/:id',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'notifications', action: 'update', idParam: 'id' } },
        schema: { tags, security, summary: 'Mark one read', params: idParamsSchema, response: { 200: notificationReadResponseSchema } },
      },
      (request) => markRead(ctx.db, me(request), request.params.id),
    );
    app.delete(
      '/notifications/:id',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'notifications', action: 'delete', idParam: 'id' } },
        schema: { tags, security, summary: 'Delete one (answers it, for undo)', params: idParamsSchema, response: { 200: notificationSchema } },
      },
      (request) => deleteNotification(ctx.db, me(request), request.params.id),
    );
  };
}
