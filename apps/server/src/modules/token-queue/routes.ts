import {
  idParamsSchema,
  tokenQueueActionBodySchema,
  tokenQueueActionSchema,
  tokenQueueKindSchema,
  tokenQueueSchema,
  tokenQueuesQuerySchema,
  tokenQueuesResponseSchema,
  tokenQueueKinds,
  walkInCreateSchema,
  walkInSchema,
  type TokenQueueKind,
} from '@caredesk/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { BadRequestError } from '../../lib/errors.js';
import { requireArea } from '../../lib/tenancy.js';
import { actOnQueue } from './actions.js';
import { getQueue, listQueues, type QueueFilters } from './queries.js';
import { queueSources } from './sources.js';
import { addWalkInToQueue } from './walk-ins.js';

const tags = ['tokens'];
const security = [{ bearerAuth: [] }];
const kindParams = z.object({ kind: tokenQueueKindSchema });

/** Doctors' queues belong to Appointments, scans' and tests' to Bookings (the navigation table). */
const requireQueueArea: preHandlerAsyncHookHandler = async (request, reply) => {
  const { kind } = request.params as { kind: TokenQueueKind };
  await requireArea(queueSources[kind].area).call(request.server, request, reply);
};

/** The owner filter is doctorId on doctors' queues and serviceId on scans' and tests'; the other is a 400 naming it. */
function filtersOf(kind: TokenQueueKind, query: z.output<typeof tokenQueuesQuerySchema>): QueueFilters {
  const [own, other] = kind === 'doctors' ? (['doctorId', 'serviceId'] as const) : (['serviceId', 'doctorId'] as const);
  if (query[other])
    throw new BadRequestError(`${other} does not filter these queues`, [{ path: other, message: `Filter ${kind === 'doctors' ? 'doctors' : 'scans and tests'} by ${own}` }]);
  return { facilityId: query.facilityId, ownerId: query[own], withPatients: query.withPatients };
}

export function tokenQueueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireQueueArea] };
    app.get(
      '/tokens/:kind',
      {
        ...guard,
        config: { audit: { entity: 'tokens', action: 'list', count: 'queue-visits', patientData: true } },
        schema: {
          tags,
          security,
          summary: "Today's token queues of the doctors (or scans and tests)",
          params: kindParams,
          querystring: tokenQueuesQuerySchema,
          response: { 200: tokenQueuesResponseSchema },
        },
      },
      (request) => listQueues(ctx.db, staffOf(request).organisationId, request.params.kind, filtersOf(request.params.kind, request.query)),
    );
    app.get(
      '/tokens/:kind/:id',
      {
        ...guard,
        config: { audit: { entity: 'tokens', action: 'list', count: 'queue-visits', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: "Today's token queue of one doctor (scan, test)", params: kindParams.extend(idParamsSchema.shape), response: { 200: tokenQueueSchema } },
      },
      (request) => getQueue(ctx.db, staffOf(request).organisationId, request.params.kind, request.params.id),
    );
    app.post(
      '/tokens/:kind/:id/actions/:action',
      {
        ...guard,
        config: { audit: { entity: 'tokens', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'call-next, skip, recall, complete or undo on a queue (409 naming why not)',
          params: kindParams.extend(idParamsSchema.shape).extend({ action: tokenQueueActionSchema }),
          body: tokenQueueActionBodySchema.optional(),
          response: { 200: tokenQueueSchema },
        },
      },
      (request) =>
        actOnQueue(ctx.db, staffOf(request), request.params.kind, request.params.id, request.params.action, request.body?.visitId, {
          events: ctx.events,
          lifecycle: ctx.visitLifecycle,
        }),
    );
    // One route per kind: the visit a walk-in creates is an appointment or a booking in the audit trail.
    for (const kind of tokenQueueKinds) {
      const source = queueSources[kind];
      app.post(
        `/tokens/${kind}/:id/walk-ins`,
        {
          preHandler: [ctx.authenticate, requireArea(source.area)],
          config: { audit: { entity: source.area === 'appointments' ? 'appointments' : 'bookings', action: 'create', createdIdFrom: 'reply.visitId', patientData: true } },
          schema: {
            tags,
            security,
            summary: `Add a walk-in to today's queue of a ${kind === 'doctors' ? 'doctor' : 'scan or test'}: checked in at once, in the first open slot with room, else an extra in the day's allowance (409 naming why not)`,
            params: idParamsSchema,
            body: walkInCreateSchema,
            response: { 201: walkInSchema },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await addWalkInToQueue(ctx.db, staffOf(request), kind, request.params.id, request.body, { events: ctx.events, lifecycle: ctx.visitLifecycle })),
      );
    }
  };
}
