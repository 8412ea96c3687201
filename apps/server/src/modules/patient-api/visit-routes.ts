import { idParamsSchema, patientQueuePositionSchema } from '@caredesk/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { patientOf } from '../../lib/patient-auth.js';
import { ownQueuePosition, type OwnVisitKind } from './queue.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];

/**
 * /api/patient/{appointments|bookings}/:id/…: what the app does with one of the account's own
 * visits besides reading and cancelling it (routes.ts), the same for both kinds.
 */
export function ownVisitRoutes(ctx: AppContext, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: authenticate };
    const ownVisits = { notAudited: 'the account holder reading where their own visit stands in the queue, in token labels only' };
    const kinds: [OwnVisitKind, string][] = [
      ['appointments', 'appointment'],
      ['bookings', 'booking'],
    ];
    for (const [kind, noun] of kinds) {
      app.get(
        `/patient/${kind}/:id/queue`,
        {
          ...signedIn,
          config: { audit: ownVisits },
          schema: {
            tags,
            security,
            summary: `Where one’s own ${noun} stands in today’s queue: now serving, tokens ahead, an estimate (token labels only)`,
            params: idParamsSchema,
            response: { 200: patientQueuePositionSchema },
          },
        },
        (request) => ownQueuePosition(ctx.db, patientOf(request), kind, request.params.id),
      );
    }
  };
}
