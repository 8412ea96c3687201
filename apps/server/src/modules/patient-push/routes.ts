import { patientPushConfigSchema, patientPushSubscriptionRemoveSchema, patientPushSubscriptionSavedSchema, patientPushSubscriptionSaveSchema } from '@caredesk/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { patientOf } from '../../lib/patient-auth.js';
import { removePatientPushSubscription, savePatientPushSubscription } from './service.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];
const ownBrowser = { notAudited: 'the account holder turning pushes on or off for their own browser; no organisation’s record changes' };

/**
 * The patient app's opt-in to queue pushes ('you are next', 'it's your turn'). Registered by the
 * patient API (modules/patient-api), behind its pre-handler: a patient token, never a staff one.
 */
export function patientPushRoutes(ctx: AppContext, authenticatePatient: preHandlerAsyncHookHandler): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: authenticatePatient };
    app.get(
      '/patient/push-config',
      { ...signedIn, schema: { tags, security, summary: 'The VAPID public key to subscribe with (applicationServerKey)', response: { 200: patientPushConfigSchema } } },
      () => ({ publicKey: ctx.push.vapid.publicKey }),
    );
    app.post(
      '/patient/push-subscriptions',
      {
        ...signedIn,
        config: { audit: ownBrowser },
        schema: {
          tags,
          security,
          summary: "Save this browser's push subscription (201 new, 200 updated; 409 when another account holds it)",
          body: patientPushSubscriptionSaveSchema,
          response: { 200: patientPushSubscriptionSavedSchema, 201: patientPushSubscriptionSavedSchema },
        },
      },
      async (request, reply) => {
        const saved = await savePatientPushSubscription(ctx.db, patientOf(request).accountId, request.body, ctx.push.endpoints);
        return reply.status(saved.created ? 201 : 200).send({ id: saved.id });
      },
    );
    app.delete(
      '/patient/push-subscriptions',
      {
        ...signedIn,
        config: { audit: ownBrowser },
        schema: { tags, security, summary: "Forget this browser's push subscription (opting out)", body: patientPushSubscriptionRemoveSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await removePatientPushSubscription(ctx.db, patientOf(request).accountId, request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
}
