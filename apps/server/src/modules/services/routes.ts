import { canAccessArea, idParamsSchema, paginatedSchema, serviceInputSchema, serviceListQuerySchema, serviceSchema, serviceUpdateSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { ForbiddenError } from '../../lib/errors.js';
import { createService, deleteService, exportServices, getService, listServices, serviceCsvColumns, updateService } from './service.js';

const tags = ['services'];
const security = [{ bearerAuth: [] }];

/** Scans/tests ('scans') and other services ('services') share these routes; the service checks each kind. */
const requireScansOrServices: preHandlerAsyncHookHandler = async (request) => {
  const { organisationType, role } = staffOf(request);
  if (!canAccessArea(organisationType, role, 'scans') && !canAccessArea(organisationType, role, 'services')) throw new ForbiddenError();
};

export function serviceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireScansOrServices] };

    app.get(
      '/services',
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Scans, tests and other services: search, filter, sort, page (kind defaults to those the caller may see)',
          querystring: serviceListQuerySchema,
          response: { 200: paginatedSchema(serviceSchema) },
        },
      },
      (request) => listServices(ctx.db, staffOf(request), request.query),
    );
    app.get(
      '/services/export.csv',
      {
        ...guard,
        config: { audit: { entity: 'services', action: 'export' } },
        schema: { tags, security, summary: 'Every service the list filters match, as CSV (UTF-8 with BOM)', querystring: serviceListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'services', csvLines(serviceCsvColumns, exportServices(ctx.db, staffOf(request), request.query))),
    );
    app.get('/services/:id', { ...guard, schema: { tags, security, summary: 'One service', params: idParamsSchema, response: { 200: serviceSchema } } }, (request) =>
      getService(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/services',
      {
        ...guard,
        config: { audit: { entity: 'services', action: 'create', createdIdFrom: 'reply.id' } },
        schema: { tags, security, summary: 'Add a scan, test or other service', body: serviceInputSchema, response: { 201: serviceSchema } },
      },
      async (request, reply) => reply.status(201).send(await createService(ctx.db, staffOf(request), request.body)),
    );
    app.patch(
      '/services/:id',
      {
        ...guard,
        config: { audit: { entity: 'services', action: 'update', idParam: 'id' } },
        schema: {
          tags,
          security,
          summary: 'Change a service (only the fields sent; never its kind)',
          params: idParamsSchema,
          body: serviceUpdateSchema,
          response: { 200: serviceSchema },
        },
      },
      (request) => updateService(ctx.db, staffOf(request), request.params.id, request.body),
    );
    app.delete(
      '/services/:id',
      {
        ...guard,
        config: { audit: { entity: 'services', action: 'delete', idParam: 'id' } },
        schema: { tags, security, summary: 'Delete a service without bookings (409: deactivate instead)', params: idParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteService(ctx.db, staffOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
