import {
  idParamsSchema,
  paginatedSchema,
  patientInputSchema,
  patientListQuerySchema,
  patientSchema,
  patientSummarySchema,
  patientUpdateSchema,
  patientMatchesQuerySchema,
  patientMatchesSchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireArea } from '../../lib/tenancy.js';
import { createPatient, deletePatient, exportPatients, getPatient, listPatients, patientCsvColumns, patientMatches, updatePatient } from './service.js';

const tags = ['patients'];
const security = [{ bearerAuth: [] }];

export function patientRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('patients')] };

    app.get(
      '/patients',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Patients: search by name, phone digits, UHID, ABHA number or ABHA address; filter, sort, page (the list columns; the full record is GET /patients/{id})',
          querystring: patientListQuerySchema,
          response: { 200: paginatedSchema(patientSummarySchema) },
        },
      },
      (request) => listPatients(ctx.db, staffOf(request), request.query),
    );
    app.get(
      '/patients/export.csv',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'export', patientData: true } },
        schema: { tags, security, summary: 'Every patient the list filters match, as CSV (UTF-8 with BOM)', querystring: patientListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'patients', csvLines(patientCsvColumns, exportPatients(ctx.db, staffOf(request), request.query))),
    );
    // A POST so the phone number travels in the body, never in a URL or an access log.
    app.post(
      '/patients/matches',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'lookup', search: 'phone', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Other patients with this phone number (a warning before a duplicate, never a block)',
          body: patientMatchesQuerySchema,
          response: { 200: patientMatchesSchema },
        },
      },
      (request) => patientMatches(ctx.db, staffOf(request), request.body),
    );
    app.get(
      '/patients/:id',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'read', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'One patient', params: idParamsSchema, response: { 200: patientSchema } },
      },
      (request) => getPatient(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/patients',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'create', createdIdFrom: 'reply.id', patientData: true } },
        schema: { tags, security, summary: 'Register a patient', body: patientInputSchema, response: { 201: patientSchema } },
      },
      async (request, reply) => reply.status(201).send(await createPatient(ctx.db, staffOf(request), request.body)),
    );
    app.patch(
      '/patients/:id',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'update', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'Change a patient (only the fields sent)', params: idParamsSchema, body: patientUpdateSchema, response: { 200: patientSchema } },
      },
      (request) => updatePatient(ctx.db, staffOf(request), request.params.id, request.body),
    );
    app.delete(
      '/patients/:id',
      {
        ...guard,
        config: { audit: { entity: 'patients', action: 'delete', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'Delete a patient without appointments or bookings (else 409)', params: idParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deletePatient(ctx.db, staffOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
