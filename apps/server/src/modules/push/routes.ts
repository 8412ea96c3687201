import { pushConfigSchema, pushSubscriptionRemoveSchema, pushSubscriptionSaveSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { openToDoctorAccounts, staffOf } from '../../lib/auth.js';
import { removePushSubscription, savePushSubscription } from './service.js';

const tags = ['push'];
const security = [{ bearerAuth: [] }];
const savedSchema = z.object({ id: z.uuid() });

/** Browser push (design.md §7): the spec's /fcm calls, on standard Web Push. Any signed-in staff member. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    openToDoctorAccounts(app);
    const me = (request: Parameters<typeof staffOf>[0]) => {
      const caller = staffOf(request);
      return { staffId: caller.id, organisationId: caller.organisationId };
    };
    app.get(
      '/fcm/config',
      { preHandler: ctx.authenticate, schema: { tags, security, summary: 'The VAPID public key to subscribe with (applicationServerKey)', response: { 200: pushConfigSchema } } },
      () => ({ publicKey: ctx.push.vapid.publicKey }),
    );
    app.post(
      '/fcm/save',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'push', action: 'create', createdIdFrom: 'reply.id' } },
        schema: {
          tags,
          security,
          summary: "Save this browser's push subscription (201 new, 200 updated)",
          body: pushSubscriptionSaveSchema,
          response: { 200: savedSchema, 201: savedSchema },
        },
      },
      async (request, reply) => {
        const saved = await savePushSubscription(ctx.db, me(request), request.body, ctx.push.endpoints);
        return reply.status(saved.created ? 201 : 200).send({ id: saved.id });
      },
    );
    // 'create' as recorded when the trail classified a POST by its URL; 'delete' would be truer.
    app.post(
      '/fcm/remove',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'push', action: 'create' } },
        schema: { tags, security, summary: "Forget this browser's push subscription (logout)", body: pushSubscriptionRemoveSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await removePushSubscription(ctx.db, me(request), request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
}
