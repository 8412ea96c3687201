import { facilityInputSchema, facilityListSchema, facilitySchema, facilityUpdateSchema, idParamsSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea, requireRole } from '../../lib/tenancy.js';
import { createFacility, deleteFacility, getFacility, listFacilities, updateFacility } from './service.js';

const tags = ['facilities'];
const security = [{ bearerAuth: [] }];

export function facilityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Every signed-in staff member reads the list: doctor and service forms pick from it.
    const read = { preHandler: ctx.authenticate };
    // Changes are Settings > Facilities: administrators of multi-hospital operators only (the
    // service answers 403 for the other types).
    const manage = { preHandler: [ctx.authenticate, requireArea('settings'), requireRole('ADMIN')] };

    app.get('/facilities', { ...read, schema: { tags, security, summary: "The organisation's facilities", response: { 200: facilityListSchema } } }, (request) =>
      listFacilities(ctx.db, staffOf(request)),
    );
    app.get('/facilities/:id', { ...read, schema: { tags, security, summary: 'One facility', params: idParamsSchema, response: { 200: facilitySchema } } }, (request) =>
      getFacility(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/facilities',
      {
        ...manage,
        config: { audit: { entity: 'facilities', action: 'create', createdIdFrom: 'reply.id' } },
        schema: { tags, security, summary: 'Add a facility', body: facilityInputSchema, response: { 201: facilitySchema } },
      },
      async (request, reply) => reply.status(201).send(await createFacility(ctx.db, staffOf(request), request.body)),
    );
    app.patch(
      '/facilities/:id',
      {
        ...manage,
        config: { audit: { entity: 'facilities', action: 'update', idParam: 'id' } },
        schema: { tags, security, summary: 'Change a facility', params: idParamsSchema, body: facilityUpdateSchema, response: { 200: facilitySchema } },
      },
      (request) => updateFacility(ctx.db, staffOf(request), request.params.id, request.body),
    );
    app.delete(
      '/facilities/:id',
      {
        ...manage,
        config: { audit: { entity: 'facilities', action: 'delete', idParam: 'id' } },
        schema: { tags, security, summary: 'Remove an unused facility (never the last)', params: idParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteFacility(ctx.db, staffOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
