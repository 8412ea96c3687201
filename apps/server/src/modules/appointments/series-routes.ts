import {
  appointmentSeriesBookedSchema,
  appointmentSeriesCreateSchema,
  appointmentSeriesRescheduleSchema,
  appointmentSeriesSchema,
  idParamsSchema,
  seriesCancelSchema,
  seriesChangeResultSchema,
  type SeriesChangeResult,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { auditStaffWrites } from '../audit/index.js';
import { appointmentKind, bookSeries, cancelSeries, rescheduleSeries, seriesRecord, staffActor, type SeriesChange } from '../visits/index.js';
import { bookedAppointment } from './queries.js';
import { getAppointmentSeries } from './series-queries.js';

const tags = ['appointments'];
const security = [{ bearerAuth: [] }];

function changeResult(change: SeriesChange): SeriesChangeResult {
  return { series: seriesRecord(change.series), changed: change.changed, refused: change.refused };
}

/**
 * Recurring appointments (issue 21): book a series, read it, cancel or move it as a whole. One
 * visit of a series is cancelled or moved with the single-visit routes and stays in the series.
 */
export function appointmentSeriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('appointments')] };
    const options = { events: ctx.events, lifecycle: ctx.visitLifecycle };

    app.post(
      '/appointments/series',
      {
        ...guard,
        // One entry per appointment booked.
        config: { audit: { entity: 'appointments', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary:
            'Book a series: every N days or weeks, a count or an end date; each date through the booking rules, those refused skipped and listed (409 when none can be booked)',
          body: appointmentSeriesCreateSchema,
          response: { 201: appointmentSeriesBookedSchema },
        },
      },
      async (request, reply) => {
        const { doctorId, ...plan } = request.body;
        const booked = await bookSeries(ctx.db, appointmentKind, staffActor(staffOf(request)), { ...plan, ownerId: doctorId }, { ...options, language: request.language });
        auditStaffWrites(
          request,
          booked.visits.map((visit) => ({ id: visit.id, action: 'create' })),
        );
        return reply.status(201).send({ series: seriesRecord(booked.series), visits: booked.visits.map(bookedAppointment), skipped: booked.skipped });
      },
    );
    app.get(
      '/appointments/series/:id',
      {
        ...guard,
        config: { audit: { entity: 'appointments', action: 'read', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'A series and all its appointments, by date', params: idParamsSchema, response: { 200: appointmentSeriesSchema } },
      },
      (request) => getAppointmentSeries(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/appointments/series/:id/cancel',
      {
        ...guard,
        // One entry per appointment cancelled.
        config: { audit: { entity: 'appointments', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Cancel a series: each appointment still booked and not yet begun, with the reason (checked-in and completed ones stay)',
          params: idParamsSchema,
          body: seriesCancelSchema,
          response: { 200: seriesChangeResultSchema },
        },
      },
      async (request) => {
        const change = await cancelSeries(ctx.db, appointmentKind, staffActor(staffOf(request)), request.params.id, request.body.reason, {
          ...options,
          language: request.language,
        });
        auditStaffWrites(
          request,
          change.changed.map((visit) => ({ id: visit.id, action: 'update' })),
        );
        return changeResult(change);
      },
    );
    app.post(
      '/appointments/series/:id/reschedule',
      {
        ...guard,
        // One entry per appointment moved.
        config: { audit: { entity: 'appointments', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Move a series: each appointment still booked and not yet begun to a new time of its day (and/or another doctor); those that cannot move are listed with why',
          params: idParamsSchema,
          body: appointmentSeriesRescheduleSchema,
          response: { 200: seriesChangeResultSchema },
        },
      },
      async (request) => {
        const { doctorId, ...move } = request.body;
        const change = await rescheduleSeries(
          ctx.db,
          appointmentKind,
          staffActor(staffOf(request)),
          request.params.id,
          { ...move, ownerId: doctorId },
          { ...options, language: request.language },
        );
        auditStaffWrites(
          request,
          change.changed.map((visit) => ({ id: visit.id, action: 'update' })),
        );
        return changeResult(change);
      },
    );
  };
}
