import {
  appointmentActionSchema,
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  appointmentSummarySchema,
  bulkCancelResultSchema,
  bulkCancelSchema,
  bulkRescheduleResultSchema,
  bulkRescheduleSchema,
  idParamsSchema,
  paginatedSchema,
  rescheduleSchema,
  slotsQuerySchema,
  slotsResponseSchema,
  visitActionBodySchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireArea } from '../../lib/tenancy.js';
import { auditStaffWrites } from '../audit/index.js';
import {
  actOnVisit,
  appointmentKind,
  bookVisitRecord,
  bulkVisitWrites,
  cancelVisits,
  confirmVisit,
  listFreeSlots,
  rescheduleVisit,
  rescheduleVisits,
  staffActor,
} from '../visits/index.js';
import { appointmentCsvColumns, bookedAppointment, exportAppointments, getAppointment, listAppointments } from './queries.js';

const tags = ['appointments'];
const security = [{ bearerAuth: [] }];

// Writes raise appointment.updated (and notification.created) inside their transaction, so the
// live channel (lib/events) fires on commit: see WriteOptions in ../visits/lifecycle.ts.
export function appointmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('appointments')] };
    const actionParams = idParamsSchema.extend({ action: appointmentActionSchema });
    const options = { events: ctx.events, lifecycle: ctx.visitLifecycle };

    app.get(
      '/doctors/:id/slots',
      {
        preHandler: [ctx.authenticate, requireArea('appointments', 'doctors')],
        schema: { tags, security, summary: 'Free slots of a doctor on a date', params: idParamsSchema, querystring: slotsQuerySchema, response: { 200: slotsResponseSchema } },
      },
      (request) => listFreeSlots(ctx.db, appointmentKind, staffOf(request).organisationId, request.params.id, request.query.date),
    );
    app.get(
      '/appointments',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Appointments: date range, doctor, patient, status, search, sort, page (the list columns; the full record is GET /appointments/{id})',
          querystring: appointmentListQuerySchema,
          response: { 200: paginatedSchema(appointmentSummarySchema) },
        },
      },
      (request) => listAppointments(ctx.db, staffOf(request), request.query),
    );
    // Before /appointments/:id, so a reader sees these paths are not ids.
    app.get(
      '/appointments/export.csv',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'export', patientData: true } },
        schema: { tags, security, summary: 'Every appointment the list filters match, as CSV (UTF-8 with BOM)', querystring: appointmentListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'appointments', csvLines(appointmentCsvColumns, exportAppointments(ctx.db, staffOf(request), request.query))),
    );
    app.post(
      '/appointments/bulk-cancel',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Cancel up to 100 appointments with one reason, each in its own transaction: each cancelled, or refused with the reason',
          body: bulkCancelSchema,
          response: { 200: bulkCancelResultSchema },
        },
      },
      async (request) => {
        const { ids, reason } = request.body;
        const result = await cancelVisits(ctx.db, appointmentKind, staffActor(staffOf(request)), ids, reason, { ...options, language: request.language });
        auditStaffWrites(request, bulkVisitWrites(result));
        return result;
      },
    );
    app.post(
      '/appointments/bulk-reschedule',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary:
            'Move up to 100 appointments to another day, each at its own time (another doctor if given), each in its own transaction: each moved, or refused with the reason',
          body: bulkRescheduleSchema,
          response: { 200: bulkRescheduleResultSchema },
        },
      },
      async (request) => {
        const { ids, date, doctorId } = request.body;
        const result = await rescheduleVisits(ctx.db, appointmentKind, staffActor(staffOf(request)), ids, { date, ownerId: doctorId }, { ...options, language: request.language });
        auditStaffWrites(request, bulkVisitWrites(result));
        return result;
      },
    );
    app.get(
      '/appointments/:id',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'read', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'One appointment with its history', params: idParamsSchema, response: { 200: appointmentSchema } },
      },
      (request) => getAppointment(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/appointments',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'create', createdIdFrom: 'reply.id', patientData: true } },
        schema: { tags, security, summary: 'Book a free slot (409 when it is full)', body: appointmentCreateSchema, response: { 201: appointmentSchema } },
      },
      async (request, reply) => {
        const booked = await bookVisitRecord(ctx.db, appointmentKind, staffActor(staffOf(request)), request.body, options);
        return reply.status(201).send(bookedAppointment(booked));
      },
    );
    app.post(
      '/appointments/:id/actions/:action',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'check-in, start, complete, cancel (reason required) or no-show',
          params: actionParams,
          body: visitActionBodySchema.optional(),
          response: { 200: appointmentSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await actOnVisit(ctx.db, appointmentKind, staffActor(caller), request.params.id, request.params.action, request.body ?? {}, options);
        return getAppointment(ctx.db, caller, request.params.id);
      },
    );
    app.post(
      '/appointments/:id/confirm',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Confirm an appointment booked in the patient app that awaits the desk (409 when it does not)',
          params: idParamsSchema,
          response: { 200: appointmentSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await confirmVisit(ctx.db, appointmentKind, staffActor(caller), request.params.id, options);
        return getAppointment(ctx.db, caller, request.params.id);
      },
    );
    app.post(
      '/appointments/:id/reschedule',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Move a BOOKED or CHECKED_IN appointment to another free slot',
          params: idParamsSchema,
          body: rescheduleSchema,
          response: { 200: appointmentSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await rescheduleVisit(ctx.db, appointmentKind, staffActor(caller), request.params.id, { ...request.body, ownerId: request.body.doctorId }, options);
        return getAppointment(ctx.db, caller, request.params.id);
      },
    );
  };
}
