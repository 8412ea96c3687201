import {
  doctorDayChangeSchema,
  doctorDayChangesSchema,
  doctorDayInputSchema,
  doctorDayParamsSchema,
  doctorDaySchema,
  doctorDaysQuerySchema,
  doctorLeaveInputSchema,
  doctorLeaveResultSchema,
  idParamsSchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { auditStaffWrites } from '../audit/index.js';
import { deleteDoctorDay, getDoctorDay, listDoctorDays, putDoctorDay } from './days.js';
import { applyLeave } from './leave.js';

const tags = ['doctors'];
const security = [{ bearerAuth: [] }];

/**
 * The doctor's day (issue 21): one day's hours and cap changed without editing the weekly
 * schedule, and leave over days that already have bookings. Guarded as the doctor's own routes
 * are: whoever may edit a doctor may change their day.
 */
export function doctorDayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('doctors')] };
    const options = { events: ctx.events, lifecycle: ctx.visitLifecycle };

    app.get(
      '/doctors/:id/days',
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'The days of a doctor changed from the weekly schedule, from today (or `from`) on',
          params: idParamsSchema,
          querystring: doctorDaysQuerySchema,
          response: { 200: doctorDayChangesSchema },
        },
      },
      (request) => listDoctorDays(ctx.db, staffOf(request), request.params.id, request.query.from),
    );
    app.get(
      '/doctors/:id/days/:date',
      {
        ...guard,
        schema: { tags, security, summary: 'One day of a doctor: its hours and cap, and its change if any', params: doctorDayParamsSchema, response: { 200: doctorDaySchema } },
      },
      (request) => getDoctorDay(ctx.db, staffOf(request), request.params.id, request.params.date),
    );
    app.put(
      '/doctors/:id/days/:date',
      {
        ...guard,
        config: { audit: { entity: 'doctors', action: 'update', idParam: 'id' } },
        schema: {
          tags,
          security,
          summary: "Change one day's hours and/or patients per slot (409 listing the visits it would strand, unless strandedVisits: 'keep')",
          params: doctorDayParamsSchema,
          body: doctorDayInputSchema,
          response: { 200: doctorDayChangeSchema },
        },
      },
      (request) => putDoctorDay(ctx.db, staffOf(request), request.params.id, request.params.date, request.body),
    );
    app.delete(
      '/doctors/:id/days/:date',
      {
        ...guard,
        config: { audit: { entity: 'doctors', action: 'update', idParam: 'id' } },
        schema: {
          tags,
          security,
          summary: 'Back to the weekly schedule that day (409 listing the visits it would strand, unless ?strandedVisits=keep)',
          params: doctorDayParamsSchema,
          querystring: z.object({ strandedVisits: z.literal('keep').optional() }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteDoctorDay(ctx.db, staffOf(request), request.params.id, request.params.date, request.query.strandedVisits === 'keep');
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/doctors/:id/leave',
      {
        // It cancels or moves appointments too: every menu with Doctors has Appointments.
        preHandler: [ctx.authenticate, requireArea('doctors'), requireArea('appointments')],
        config: { audit: { entity: 'appointments', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary:
            'Add leave dates and, in one transaction, cancel or move the visits booked on them (409 listing them when `visits` is not given, or when some cannot move without `partial`)',
          params: idParamsSchema,
          body: doctorLeaveInputSchema,
          response: { 200: doctorLeaveResultSchema },
        },
      },
      async (request) => {
        const result = await applyLeave(ctx.db, staffOf(request), request.params.id, request.body, { ...options, language: request.language });
        auditStaffWrites(request, [
          { id: request.params.id, action: 'update', entity: 'doctors' },
          ...result.visits.filter((visit) => visit.outcome !== 'not-moved').map((visit) => ({ id: visit.id, action: 'update' as const })),
        ]);
        return result;
      },
    );
  };
}
