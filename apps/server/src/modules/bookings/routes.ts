import {
  bookingActionSchema,
  bookingCreateSchema,
  bookingListQuerySchema,
  bookingReportSchema,
  bookingBulkRescheduleSchema,
  bookingRescheduleSchema,
  bookingSchema,
  bookingSummarySchema,
  bookingTestActionBodySchema,
  bookingTestActionSchema,
  bulkCancelResultSchema,
  bulkCancelSchema,
  bulkRescheduleResultSchema,
  idParamsSchema,
  paginatedSchema,
  slotsQuerySchema,
  slotsResponseSchema,
  visitActionBodySchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireArea } from '../../lib/tenancy.js';
import { auditStaffWrites } from '../audit/index.js';
import {
  actOnVisit,
  bookingKind,
  bookVisitRecord,
  bulkVisitWrites,
  cancelVisits,
  confirmVisit,
  listFreeSlots,
  rescheduleVisit,
  rescheduleVisits,
  staffActor,
} from '../visits/index.js';
import { bookedBooking, bookingCsvColumns, exportBookings, getBooking, listBookings } from './queries.js';
import { attachReport } from './report.js';
import { actOnBookingTest, attachTestReport } from './tests.js';

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

// Writes raise booking.updated (and notification.created) inside their transaction, so the live
// channel fires on commit: see WriteOptions in ../visits/lifecycle.ts.
export function bookingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('bookings')] };
    const options = { events: ctx.events, lifecycle: ctx.visitLifecycle };

    app.get(
      '/services/:id/slots',
      {
        preHandler: [ctx.authenticate, requireArea('bookings', 'scans')],
        schema: {
          tags,
          security,
          summary: 'Free slots of a scan or test on a date',
          params: idParamsSchema,
          querystring: slotsQuerySchema,
          response: { 200: slotsResponseSchema },
        },
      },
      (request) => listFreeSlots(ctx.db, bookingKind, staffOf(request).organisationId, request.params.id, request.query.date),
    );
    app.get(
      '/bookings',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Scan and test bookings: date range, service, kind, patient, status, search, sort, page (the list columns; the full record is GET /bookings/{id})',
          querystring: bookingListQuerySchema,
          response: { 200: paginatedSchema(bookingSummarySchema) },
        },
      },
      (request) => listBookings(ctx.db, staffOf(request).organisationId, request.query),
    );
    // Before /bookings/:id, so a reader sees these paths are not ids.
    app.get(
      '/bookings/export.csv',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'export', patientData: true } },
        schema: { tags, security, summary: 'Every booking the list filters match, as CSV (UTF-8 with BOM)', querystring: bookingListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'bookings', csvLines(bookingCsvColumns, exportBookings(ctx.db, staffOf(request).organisationId, request.query))),
    );
    app.post(
      '/bookings/bulk-cancel',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Cancel up to 100 bookings with one reason, each in its own transaction: each cancelled, or refused with the reason',
          body: bulkCancelSchema,
          response: { 200: bulkCancelResultSchema },
        },
      },
      async (request) => {
        const { ids, reason } = request.body;
        const result = await cancelVisits(ctx.db, bookingKind, staffActor(staffOf(request)), ids, reason, { ...options, language: request.language });
        auditStaffWrites(request, bulkVisitWrites(result));
        return result;
      },
    );
    app.post(
      '/bookings/bulk-reschedule',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary:
            'Move up to 100 bookings to another day, each at its own time (another scan or test if given), each in its own transaction: each moved, or refused with the reason',
          body: bookingBulkRescheduleSchema,
          response: { 200: bulkRescheduleResultSchema },
        },
      },
      async (request) => {
        const { ids, date, serviceId } = request.body;
        const result = await rescheduleVisits(ctx.db, bookingKind, staffActor(staffOf(request)), ids, { date, ownerId: serviceId }, { ...options, language: request.language });
        auditStaffWrites(request, bulkVisitWrites(result));
        return result;
      },
    );
    app.get(
      '/bookings/:id',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'read', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'One booking with its history', params: idParamsSchema, response: { 200: bookingSchema } },
      },
      (request) => getBooking(ctx.db, staffOf(request).organisationId, request.params.id),
    );
    app.post(
      '/bookings',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'create', createdIdFrom: 'reply.id', patientData: true } },
        schema: { tags, security, summary: 'Book a free scan/test slot (409 when it is full)', body: bookingCreateSchema, response: { 201: bookingSchema } },
      },
      async (request, reply) => {
        const booked = await bookVisitRecord(ctx.db, bookingKind, staffActor(staffOf(request)), request.body, options);
        return reply.status(201).send(bookedBooking(booked));
      },
    );
    app.post(
      '/bookings/:id/actions/:action',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'check-in, start, complete, cancel (reason required) or no-show',
          params: idParamsSchema.extend({ action: bookingActionSchema }),
          body: visitActionBodySchema.optional(),
          response: { 200: bookingSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await actOnVisit(ctx.db, bookingKind, staffActor(caller), request.params.id, request.params.action, request.body ?? {}, options);
        return getBooking(ctx.db, caller.organisationId, request.params.id);
      },
    );
    app.post(
      '/bookings/:id/confirm',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Confirm a booking booked in the patient app that awaits the desk (409 when it does not)',
          params: idParamsSchema,
          response: { 200: bookingSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await confirmVisit(ctx.db, bookingKind, staffActor(caller), request.params.id, options);
        return getBooking(ctx.db, caller.organisationId, request.params.id);
      },
    );
    app.post(
      '/bookings/:id/reschedule',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Move a BOOKED or CHECKED_IN booking to another free slot',
          params: idParamsSchema,
          body: bookingRescheduleSchema,
          response: { 200: bookingSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await rescheduleVisit(ctx.db, bookingKind, staffActor(caller), request.params.id, { ...request.body, ownerId: request.body.serviceId }, options);
        return getBooking(ctx.db, caller.organisationId, request.params.id);
      },
    );
    app.post(
      '/bookings/:id/report',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Attach the report (a private PDF upload): COMPLETED -> REPORT_READY',
          params: idParamsSchema,
          body: bookingReportSchema,
          response: { 200: bookingSchema },
        },
      },
      (request) => attachReport(ctx.db, staffOf(request), request.params.id, request.body.uploadId, options),
    );
    const testParams = idParamsSchema.extend({ testId: z.uuid() });
    app.post(
      '/bookings/:id/tests/:testId/actions/:action',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'One test of a package booking: done (while the patient is served) or skip (reason required)',
          params: testParams.extend({ action: bookingTestActionSchema }),
          body: bookingTestActionBodySchema.optional(),
          response: { 200: bookingSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        const { id, testId, action } = request.params;
        await actOnBookingTest(ctx.db, caller, id, testId, action, request.body ?? {}, options);
        return getBooking(ctx.db, caller.organisationId, id);
      },
    );
    app.post(
      '/bookings/:id/tests/:testId/report',
      {
        ...guard,
        config: { audit: { entity: 'bookings', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Attach one test’s report (a private PDF upload) to a completed package booking; the last one makes it REPORT_READY',
          params: testParams,
          body: bookingReportSchema,
          response: { 200: bookingSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await attachTestReport(ctx.db, caller, request.params.id, request.params.testId, request.body.uploadId, options);
        return getBooking(ctx.db, caller.organisationId, request.params.id);
      },
    );
  };
}
