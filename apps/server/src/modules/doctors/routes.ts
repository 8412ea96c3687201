import { doctorInputSchema, doctorListQuerySchema, doctorSchema, doctorUpdateSchema, idParamsSchema, paginatedSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireArea } from '../../lib/tenancy.js';
import { doctorDayRoutes } from './day-routes.js';
import { createDoctor, deleteDoctor, doctorCsvColumns, exportDoctors, getDoctor, listDoctors, updateDoctor } from './service.js';

const tags = ['doctors'];
const security = [{ bearerAuth: [] }];

export function doctorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('doctors')] };

    app.get(
      '/doctors',
      {
        ...guard,
        schema: { tags, security, summary: 'Doctors: search, filter, sort, page', querystring: doctorListQuerySchema, response: { 200: paginatedSchema(doctorSchema) } },
      },
      (request) => listDoctors(ctx.db, staffOf(request), request.query),
    );
    app.get(
      '/doctors/export.csv',
      {
        ...guard,
        config: { audit: { entity: 'doctors', action: 'export' } },
        schema: { tags, security, summary: 'Every doctor the list filters match, as CSV (UTF-8 with BOM)', querystring: doctorListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'doctors', csvLines(doctorCsvColumns, exportDoctors(ctx.db, staffOf(request), request.query))),
    );
    app.get('/doctors/:id', { ...guard, schema: { tags, security, summary: 'One doctor', params: idParamsSchema, response: { 200: doctorSchema } } }, (request) =>
      getDoctor(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/doctors',
      {
        ...guard,
        config: { audit: { entity: 'doctors', action: 'create', createdIdFrom: 'reply.id' } },
        schema: { tags, security, summary: 'Add a doctor', body: doctorInputSchema, response: { 201: doctorSchema } },
      },
      async (request, reply) => reply.status(201).send(await createDoctor(ctx.db, staffOf(request), request.body)),
    );
    app.patch(
      '/doctors/:id',
      {
        ...guard,
        config: { audit: { entity: 'doctors', action: 'update', idParam: 'id' } },
        schema: { tags, security, summary: 'Change a doctor (only the fields sent)', params: idParamsSchema, body: doctorUpdateSchema, response: { 200: doctorSchema } },
      },
      (request) => updateDoctor(ctx.db, staffOf(request), request.params.id, request.body),
    );
    app.delete(
      '/doctors/:id',
      {
        ...guard,
        config: { audit: { entity: 'doctors', action: 'delete', idParam: 'id' } },
        schema: { tags, security, summary: 'Delete a doctor without appointments (409: deactivate instead)', params: idParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteDoctor(ctx.db, staffOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    await app.register(doctorDayRoutes(ctx));
  };
}
