import {
  idParamsSchema,
  organisationItemParamsSchema,
  organisationParamsSchema,
  paginatedSchema,
  patientAppointmentCreateSchema,
  patientAccountSchema,
  patientAccountUpdateSchema,
  patientAppointmentSchema,
  patientBookingCreateSchema,
  patientBookingSchema,
  patientCancelSchema,
  patientLogoutSchema,
  patientDoctorListQuerySchema,
  patientDoctorSchema,
  patientOtpRequestSchema,
  patientOtpSentSchema,
  patientRecordListSchema,
  patientServiceListQuerySchema,
  patientServiceSchema,
  patientSessionSchema,
  patientVerifyRequestSchema,
  patientVisitListQuerySchema,
  slotsQuerySchema,
  slotsResponseSchema,
} from '@caredesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createSmsSender } from '../../lib/sms/index.js';
import { patientChatRoutes } from '../chats/index.js';
import { patientUploadRoutes, type UploadRouteOptions } from '../uploads/index.js';
import { patientPushRoutes, forgetPatientPushSubscription } from '../patient-push/index.js';
import { createPatientAuthenticate, patientOf } from '../../lib/patient-auth.js';
import {
  assertOnlineHorizon,
  bookableDoctor,
  bookableService,
  listBookableDoctorSlots,
  listBookableServiceSlots,
  listOrganisationDoctors,
  listOrganisationServices,
} from './catalogue.js';
import { choosePatientIn } from './visits.js';
import { endPatientSession, sendOtp, verifyOtp, type OtpDeps, type PatientClient } from './otp.js';
import { auditPatientAppWrites } from '../audit/index.js';
import { setAccountLanguage } from './account.js';
import { ownAppointments } from './appointments.js';
import { ownBookings } from './bookings.js';
import { ownRecords } from './records.js';
import { ownReceiptRoutes } from './receipt-routes.js';
import { ownVisitRoutes } from './visit-routes.js';
import { patientWaitlistRoutes } from '../waitlist/index.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];

function clientOf(request: FastifyRequest): PatientClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * /api/patient/*: the patient app (design.md §5). Its own tokens and pre-handler: a staff token
 * is refused here, and a patient token by every staff route.
 */
export function patientApiRoutes(ctx: AppContext, uploads: UploadRouteOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('patientAccount', null);
    const otp: OtpDeps = { db: ctx.db, jwtKey: ctx.jwtKey, rateLimitStore: ctx.rateLimitStore, config: ctx.config, sms: createSmsSender(ctx.config, app.log) };
    const signedIn = { preHandler: createPatientAuthenticate(ctx.db, ctx.jwtKey) };
    const writeOptions = { events: ctx.events, lifecycle: ctx.visitLifecycle };
    // Not in any organisation's audit trail: what the app's account does for itself.
    const ownSession = { notAudited: 'the patient app’s own sign-in: its account belongs to no organisation whose trail it could join' };
    const ownVisits = { notAudited: 'the account holder reading their own visits, not an organisation’s staff reading a patient’s' };
    const ownRecordsRead = { notAudited: 'the account holder reading the records carrying their own phone, not an organisation’s staff reading a patient’s' };
    await app.register(patientChatRoutes(ctx, signedIn.preHandler));
    await app.register(patientUploadRoutes(ctx, signedIn.preHandler, uploads));
    await app.register(patientPushRoutes(ctx, signedIn.preHandler));
    await app.register(ownVisitRoutes(ctx, signedIn.preHandler));
    await app.register(ownReceiptRoutes(ctx, signedIn.preHandler));
    await app.register(
      patientWaitlistRoutes(ctx, signedIn.preHandler, ctx.waitlist, {
        async assertBookable(db, input) {
          const window =
            input.kind === 'appointment' ? await bookableDoctor(db, input.organisationId, input.ownerId) : await bookableService(db, input.organisationId, input.ownerId);
          assertOnlineHorizon(window, input.date);
        },
        patientFor: choosePatientIn,
      }),
    );

    app.post(
      '/patient/auth/otp',
      {
        config: { audit: ownSession },
        schema: { tags, summary: 'Text a 6-digit sign-in code to a phone (rate limited per phone and IP)', body: patientOtpRequestSchema, response: { 202: patientOtpSentSchema } },
      },
      async (request, reply) => reply.status(202).send(await sendOtp(otp, request.body.phone, clientOf(request), request.language)),
    );
    app.post(
      '/patient/auth/verify',
      {
        config: { audit: ownSession },
        schema: {
          tags,
          summary: 'Sign in with the code: a patient token (5 wrong codes kill the code)',
          body: patientVerifyRequestSchema,
          response: { 200: patientSessionSchema },
        },
      },
      (request) => verifyOtp(otp, request.body, clientOf(request)),
    );
    app.post(
      '/patient/auth/logout',
      {
        ...signedIn,
        config: { audit: ownSession },
        schema: {
          tags,
          security,
          summary: "End the patient session at once, and forget this browser's push subscription if it names one",
          body: patientLogoutSchema.optional(),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const caller = patientOf(request);
        // The phone is handed on or signed in by someone else next: it gets no more of this account's pushes.
        if (request.body?.pushEndpoint) await forgetPatientPushSubscription(ctx.db, caller.accountId, request.body.pushEndpoint);
        await endPatientSession(ctx.db, caller);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      '/patient/account',
      {
        ...signedIn,
        config: { audit: { entity: 'patients', action: 'create-or-update', actor: 'patient-app', recordFrom: 'handler' } },
        schema: {
          tags,
          security,
          summary: 'Choose the language of the app and of the messages to every record carrying the account’s phone',
          body: patientAccountUpdateSchema,
          response: { 200: patientAccountSchema },
        },
      },
      async (request) => {
        const { account, changed } = await setAccountLanguage(ctx.db, patientOf(request), request.body.language);
        auditPatientAppWrites(request, changed);
        return account;
      },
    );

    app.get(
      '/patient/organisations/:orgId/doctors',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'An organisation’s active doctors with fees',
          params: organisationParamsSchema,
          querystring: patientDoctorListQuerySchema,
          response: { 200: paginatedSchema(patientDoctorSchema) },
        },
      },
      (request) => listOrganisationDoctors(ctx.db, request.params.orgId, request.query),
    );
    app.get(
      '/patient/organisations/:orgId/doctors/:id/slots',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Free slots of a doctor on a date',
          params: organisationItemParamsSchema,
          querystring: slotsQuerySchema,
          response: { 200: slotsResponseSchema },
        },
      },
      (request) => listBookableDoctorSlots(ctx.db, request.params.orgId, request.params.id, request.query.date),
    );
    app.get(
      '/patient/organisations/:orgId/services',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'An organisation’s active scans and tests with prices',
          params: organisationParamsSchema,
          querystring: patientServiceListQuerySchema,
          response: { 200: paginatedSchema(patientServiceSchema) },
        },
      },
      (request) => listOrganisationServices(ctx.db, request.params.orgId, request.query),
    );
    app.get(
      '/patient/organisations/:orgId/services/:id/slots',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Free slots of a scan or test on a date',
          params: organisationItemParamsSchema,
          querystring: slotsQuerySchema,
          response: { 200: slotsResponseSchema },
        },
      },
      (request) => listBookableServiceSlots(ctx.db, request.params.orgId, request.params.id, request.query.date),
    );

    app.get(
      '/patient/organisations/:orgId/patients',
      {
        ...signedIn,
        config: { audit: ownRecordsRead },
        schema: {
          tags,
          security,
          summary: 'The account’s patient records in an organisation (oneself and family: those carrying its phone), oldest first',
          params: organisationParamsSchema,
          response: { 200: patientRecordListSchema },
        },
      },
      (request) => ownRecords(ctx.db, patientOf(request), request.params.orgId),
    );

    app.get(
      '/patient/appointments',
      {
        ...signedIn,
        config: { audit: ownVisits },
        schema: {
          tags,
          security,
          summary: 'The account’s appointments in every organisation, latest first',
          querystring: patientVisitListQuerySchema,
          response: { 200: paginatedSchema(patientAppointmentSchema) },
        },
      },
      (request) => ownAppointments.list(ctx.db, patientOf(request), request.query),
    );
    app.get(
      '/patient/appointments/:id',
      {
        ...signedIn,
        config: { audit: ownVisits },
        schema: { tags, security, summary: 'One of the account’s appointments', params: idParamsSchema, response: { 200: patientAppointmentSchema } },
      },
      (request) => ownAppointments.get(ctx.db, patientOf(request), request.params.id),
    );
    app.post(
      '/patient/appointments',
      {
        ...signedIn,
        config: { audit: { entity: 'appointments', action: 'create-or-update', actor: 'patient-app', recordFrom: 'reply' } },
        schema: {
          tags,
          security,
          summary: 'Book a free slot for oneself or a family member (409 when it is full)',
          body: patientAppointmentCreateSchema,
          response: { 201: patientAppointmentSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await ownAppointments.book(ctx.db, patientOf(request), request.body, writeOptions)),
    );
    app.post(
      '/patient/appointments/:id/cancel',
      {
        ...signedIn,
        config: { audit: { entity: 'appointments', action: 'create-or-update', actor: 'patient-app', recordFrom: 'reply' } },
        schema: {
          tags,
          security,
          summary: 'Cancel one’s own BOOKED or CHECKED_IN appointment',
          params: idParamsSchema,
          body: patientCancelSchema.optional(),
          response: { 200: patientAppointmentSchema },
        },
      },
      (request) => ownAppointments.cancel(ctx.db, patientOf(request), request.params.id, request.body?.reason, writeOptions),
    );

    app.get(
      '/patient/bookings',
      {
        ...signedIn,
        config: { audit: ownVisits },
        schema: {
          tags,
          security,
          summary: 'The account’s scan and test bookings in every organisation, latest first',
          querystring: patientVisitListQuerySchema,
          response: { 200: paginatedSchema(patientBookingSchema) },
        },
      },
      (request) => ownBookings.list(ctx.db, patientOf(request), request.query),
    );
    app.get(
      '/patient/bookings/:id',
      {
        ...signedIn,
        config: { audit: ownVisits },
        schema: { tags, security, summary: 'One of the account’s bookings', params: idParamsSchema, response: { 200: patientBookingSchema } },
      },
      (request) => ownBookings.get(ctx.db, patientOf(request), request.params.id),
    );
    app.post(
      '/patient/bookings',
      {
        ...signedIn,
        config: { audit: { entity: 'bookings', action: 'create-or-update', actor: 'patient-app', recordFrom: 'reply' } },
        schema: {
          tags,
          security,
          summary: 'Book a scan or test slot for oneself or a family member (409 when it is full)',
          body: patientBookingCreateSchema,
          response: { 201: patientBookingSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await ownBookings.book(ctx.db, patientOf(request), request.body, writeOptions)),
    );
    app.post(
      '/patient/bookings/:id/cancel',
      {
        ...signedIn,
        config: { audit: { entity: 'bookings', action: 'create-or-update', actor: 'patient-app', recordFrom: 'reply' } },
        schema: {
          tags,
          security,
          summary: 'Cancel one’s own BOOKED or CHECKED_IN booking',
          params: idParamsSchema,
          body: patientCancelSchema.optional(),
          response: { 200: patientBookingSchema },
        },
      },
      (request) => ownBookings.cancel(ctx.db, patientOf(request), request.params.id, request.body?.reason, writeOptions),
    );
  };
}
