import { consultingPatientSchema, idParamsSchema, tokenQueueActionBodySchema, tokenQueueActionSchema, tokenQueueSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { openToDoctorAccounts, staffOf } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { actOnQueue, getQueue } from '../token-queue/index.js';
import { consultingPatient, linkedDoctorOf } from './queries.js';

const tags = ['consulting'];
const security = [{ bearerAuth: [] }];

/**
 * The consulting room of a doctor's own account (issue #21): its doctor's queue of today, the
 * patients in it, and the desk's queue actions, always on the account's own doctor (the token
 * names it, never the request). The desk and the waiting-room display follow through the same
 * queue events as the desk's own presses.
 */
export function consultingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    openToDoctorAccounts(app);
    const guard = { preHandler: [ctx.authenticate, requireArea('consulting')] };
    app.get(
      '/consulting/queue',
      {
        ...guard,
        config: { audit: { entity: 'tokens', action: 'list', count: 'queue-visits', patientData: true } },
        schema: { tags, security, summary: "Today's queue of the account's doctor", response: { 200: tokenQueueSchema } },
      },
      (request) => {
        const caller = staffOf(request);
        return getQueue(ctx.db, caller.organisationId, 'doctors', linkedDoctorOf(caller));
      },
    );
    app.post(
      '/consulting/queue/actions/:action',
      {
        ...guard,
        config: { audit: { entity: 'tokens', action: 'update', patientData: true } },
        schema: {
          tags,
          security,
          summary: "call-next, skip, recall, complete or undo on the account's doctor's queue (409 naming why not)",
          params: z.object({ action: tokenQueueActionSchema }),
          body: tokenQueueActionBodySchema.optional(),
          response: { 200: tokenQueueSchema },
        },
      },
      (request) => {
        const caller = staffOf(request);
        return actOnQueue(ctx.db, caller, 'doctors', linkedDoctorOf(caller), request.params.action, request.body?.visitId, {
          events: ctx.events,
          lifecycle: ctx.visitLifecycle,
        });
      },
    );
    app.get(
      '/consulting/visits/:id',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'read', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: "The patient of one of today's visits of the account's doctor, with their history and reports",
          params: idParamsSchema,
          response: { 200: consultingPatientSchema },
        },
      },
      (request) => consultingPatient(ctx.db, staffOf(request), request.params.id),
    );
  };
}
