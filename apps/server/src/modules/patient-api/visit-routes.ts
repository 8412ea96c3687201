import { idParamsSchema, patientAppointmentSchema, patientBookingSchema, patientQueuePositionSchema, patientReportLinkSchema, patientRescheduleSchema } from '@caredesk/shared';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { patientOf } from '../../lib/patient-auth.js';
import { auditPatientAppWrite } from '../audit/index.js';
import { ownQueuePosition, type OwnVisitKind } from './queue.js';
import { ownReportLink, ownTestReportLink, type ReportRead } from './report.js';
import { rescheduleOwnAppointment, rescheduleOwnBooking } from './reschedule.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];

/**
 * /api/patient/{appointments|bookings}/:id/…: what the app does with one of the account's own
 * visits besides reading and cancelling it (routes.ts), the same for both kinds.
 */
export function ownVisitRoutes(ctx: AppContext, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: authenticate };
    const ownVisits = { notAudited: 'the account holder reading where their own visit stands in the queue, in token labels only' };
    const kinds: [OwnVisitKind, string][] = [
      ['appointments', 'appointment'],
      ['bookings', 'booking'],
    ];
    for (const [kind, noun] of kinds) {
      app.get(
        `/patient/${kind}/:id/queue`,
        {
          ...signedIn,
          config: { audit: ownVisits },
          schema: {
            tags,
            security,
            summary: `Where one’s own ${noun} stands in today’s queue: now serving, tokens ahead, an estimate (token labels only)`,
            params: idParamsSchema,
            response: { 200: patientQueuePositionSchema },
          },
        },
        (request) => ownQueuePosition(ctx.db, patientOf(request), kind, request.params.id),
      );
    }

    const writeOptions = { events: ctx.events, lifecycle: ctx.visitLifecycle };
    const rescheduleSummary = (noun: string) =>
      `Move one’s own BOOKED or CHECKED_IN ${noun} to another free slot of the same ${noun === 'appointment' ? 'doctor' : 'scan or test'}, within the online-booking rules (409 when it is full)`;
    app.post(
      '/patient/appointments/:id/reschedule',
      {
        ...signedIn,
        config: { audit: { entity: 'appointments', action: 'create-or-update', actor: 'patient-app', recordFrom: 'reply' } },
        schema: { tags, security, summary: rescheduleSummary('appointment'), params: idParamsSchema, body: patientRescheduleSchema, response: { 200: patientAppointmentSchema } },
      },
      (request) => rescheduleOwnAppointment(ctx.db, patientOf(request), request.params.id, request.body, writeOptions),
    );
    app.post(
      '/patient/bookings/:id/reschedule',
      {
        ...signedIn,
        config: { audit: { entity: 'bookings', action: 'create-or-update', actor: 'patient-app', recordFrom: 'reply' } },
        schema: { tags, security, summary: rescheduleSummary('booking'), params: idParamsSchema, body: patientRescheduleSchema, response: { 200: patientBookingSchema } },
      },
      (request) => rescheduleOwnBooking(ctx.db, patientOf(request), request.params.id, request.body, writeOptions),
    );

    // The link is the credential for the next 10 minutes: never kept by a cache.
    const sendReportLink = (request: FastifyRequest, reply: FastifyReply, read: ReportRead) => {
      auditPatientAppWrite(request, { organisationId: read.organisationId, id: read.uploadId });
      void reply.header('Cache-Control', 'private, no-store');
      return read.link;
    };
    // A read of patient data like the desk's GET /api/uploads/:id/signed-url, by the app's account.
    const reportAudit = { audit: { entity: 'uploads', action: 'read', actor: 'patient-app', recordFrom: 'handler' } } as const;
    app.get(
      '/patient/bookings/:id/report',
      {
        ...signedIn,
        config: reportAudit,
        schema: {
          tags,
          security,
          summary: 'A signed link (10 minutes) to the report of one’s own REPORT_READY booking (404 before)',
          params: idParamsSchema,
          response: { 200: patientReportLinkSchema },
        },
      },
      async (request, reply) => sendReportLink(request, reply, await ownReportLink(ctx.db, patientOf(request), request.params.id)),
    );
    app.get(
      '/patient/bookings/:id/tests/:testId/report',
      {
        ...signedIn,
        config: reportAudit,
        schema: {
          tags,
          security,
          summary: 'A signed link (10 minutes) to one test’s report of one’s own package booking, once that test is REPORT_READY (404 before)',
          params: idParamsSchema.extend({ testId: z.uuid() }),
          response: { 200: patientReportLinkSchema },
        },
      },
      async (request, reply) => sendReportLink(request, reply, await ownTestReportLink(ctx.db, patientOf(request), request.params.id, request.params.testId)),
    );
  };
}
