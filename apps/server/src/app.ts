import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { PRODUCT_NAME } from '@caredesk/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { createStaffAuth, type StaffAuth } from './lib/auth.js';
import { createEventBus } from './lib/events/bus.js';
import { registerErrorHandlers } from './lib/error-handler.js';
import { registerRequestLanguage } from './lib/i18n/request.js';
import { genReqId, loggerOptions } from './lib/logging.js';
import { createPaymentGateway } from './lib/payments/index.js';
import type { PushEndpointPolicy } from './lib/push/endpoints.js';
import type { OutboxWorker } from './lib/outbox-worker.js';
import { createPushSender, type PushSender, type PushSenderOptions } from './lib/push/sender.js';
import { resolveVapidDetails } from './lib/push/vapid.js';
import { postgresRateLimitStore, type RateLimitStore } from './lib/rate-limit.js';
import { jwtSigningKey } from './lib/secrets.js';
import { registerSecurityHeaders } from './lib/security.js';
import { serializerCompiler } from './lib/serializer.js';
import { closeWebSockets, registerGracefulShutdown } from './lib/shutdown.js';
import type { ObjectStorage } from './lib/storage/index.js';
import { registerWebConsole } from './lib/web-console.js';
import { accountRoutes, meRoutes } from './modules/account/index.js';
import { appointmentRoutes, appointmentSeriesRoutes } from './modules/appointments/index.js';
import { auditRoutes, registerAuditTrail, withAuditDeclarations } from './modules/audit/index.js';
import { authRoutes } from './modules/auth/index.js';
import { bookingRoutes, bookingSeriesRoutes, bookingTestsSubscriber } from './modules/bookings/index.js';
import { createWaitlist, waitlistRoutes, type Waitlist } from './modules/waitlist/index.js';
import { consultingRoutes } from './modules/consulting/index.js';
import { chatRoutes } from './modules/chats/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { doctorRoutes } from './modules/doctors/index.js';
import { eventRoutes, type EventRouteOptions } from './modules/events/index.js';
import { facilityRoutes } from './modules/facilities/index.js';
import { healthRoutes } from './modules/health/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { onboardingRoutes } from './modules/onboarding/index.js';
import { patientApiRoutes } from './modules/patient-api/index.js';
import { createPatientPush } from './modules/patient-push/index.js';
import { patientRoutes } from './modules/patients/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { planFulfilments, planRoutes } from './modules/plans/index.js';
import { publicRoutes, type PublicRouteOptions } from './modules/public/index.js';
import { pushRoutes } from './modules/push/index.js';
import { createPatientMessages, messageRoutes, messageWebhookRoutes, type PatientMessagesOptions } from './modules/messages/index.js';
import { searchRoutes } from './modules/search/index.js';
import { serviceRoutes } from './modules/services/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { staffRoutes } from './modules/staff/index.js';
import { tokenQueueRoutes } from './modules/token-queue/index.js';
import { uploadRoutes } from './modules/uploads/index.js';
import { billingPaymentLinkEvents, billingPaymentLinkRoutes, billingRoutes } from './modules/billing/index.js';
import { walletFulfilments, walletRoutes } from './modules/wallet/index.js';
import { createVisitLifecycle } from './modules/visits/index.js';

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller, which also closes it after app.close(). */
  database: Database;
  /** Defaults to the PostgreSQL store; main.ts passes the Redis store when REDIS_URL is set. */
  rateLimitStore?: RateLimitStore;
  /** Heartbeat and auth timeouts of /api/events (tests shorten them). */
  events?: EventRouteOptions;
  /** Upload storage instead of createStorage(config) (tests inject a failing one). */
  storage?: ObjectStorage;
  /**
   * Push sender timings, and tests' local fake push service: plain http and loopback addresses
   * allowed for hosts in PUSH_ENDPOINT_HOSTS (refused in production), or a stand-in resolver.
   */
  push?: PushSenderOptions & Partial<Pick<PushEndpointPolicy, 'allowLoopback' | 'resolve'>>;
  /** Message sender timings, and tests' adapters (their fake WhatsApp and SMS providers). */
  messages?: PatientMessagesOptions;
  /** The waitlist's sweep: tests turn the timer off (`sweepIntervalMs: 0`) and sweep with their own clock. */
  waitlist?: { sweepIntervalMs?: number };
  /** The public pages' cache (tests shorten it). */
  public?: PublicRouteOptions;
  /** Where log lines go instead of stdout (the log-privacy tests read them). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's push sender (lib/push/sender.ts): tests drain it. */
    push: PushSender;
    /** This process's sender of messages to patients (modules/messages): tests drain it. */
    patientMessages: OutboxWorker;
    /** This process's sender of queue pushes to the patient app (modules/patient-push): tests drain it. */
    patientPush: OutboxWorker;
    /** This process's waitlist (modules/waitlist): tests sweep it with their own clock. */
    waitlist: Waitlist;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  if (deps.push?.allowLoopback && config.NODE_ENV === 'production') throw new Error('push endpoints on loopback addresses are for tests only');
  const app = Fastify({
    logger: { ...loggerOptions(config), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    genReqId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Idle keep-alive connections are dropped the moment app.close() starts (lib/shutdown.ts).
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('staff', null);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
  registerRequestLanguage(app);
  // Filled below, once the signing key is read; errors before then have no staff to speak to.
  const late: { staffAuth?: StaffAuth } = {};
  registerErrorHandlers(app, { staffLanguage: async (token) => (late.staffAuth ? (await late.staffAuth.verify(token)).language : undefined) });
  registerGracefulShutdown(app);

  // External plugins first, in plain sight.
  const payments = await createPaymentGateway(config, db, app.log);
  await registerSecurityHeaders(app, { razorpayCheckout: payments.provider === 'razorpay' });
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0', description: 'Staff console API. Errors answer {statusCode, error, message, issues?}.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: withAuditDeclarations(jsonSchemaTransform),
  });
  // Swagger UI ships no inline script, so it runs under the strict CSP; the validator badge is
  // turned off because it would load an image from a third-party host.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeWebSockets });

  const jwtKey = await jwtSigningKey(db, config.JWT_SECRET);
  // The LISTEN connection of this process; closed with the app (the SIGTERM path calls app.close()).
  const events = createEventBus(database, { log: app.log });
  await events.start();
  app.addHook('onClose', () => events.close());
  app.decorate('events', events);
  const { allowLoopback = false, resolve, ...senderOptions } = deps.push ?? {};
  const endpoints: PushEndpointPolicy = { hosts: config.PUSH_ENDPOINT_HOSTS, allowLoopback, ...(resolve ? { resolve } : {}) };
  const vapid = await resolveVapidDetails(db, config);
  const push = createPushSender(db, events, vapid, endpoints, app.log, senderOptions);
  // onClose hooks run last-added first: the sender finishes its sends before the bus closes.
  app.addHook('onClose', () => push.stop());
  app.decorate('push', push);
  const patientMessages = createPatientMessages({ db, config, events, log: app.log }, deps.messages);
  // The sender stops first, then what it changed is published, then the bus closes.
  app.addHook('onClose', () => patientMessages.changes.stop());
  app.addHook('onClose', () => patientMessages.sender.stop());
  // Draining (tests, scripts) includes the live events of what was sent: nothing arrives later.
  app.decorate('patientMessages', {
    ...patientMessages.sender,
    drain: async () => {
      await patientMessages.sender.drain();
      await patientMessages.changes.flush();
    },
  });
  const patientPush = createPatientPush({ db, vapid, endpoints, log: app.log }, senderOptions);
  app.addHook('onClose', () => patientPush.sender.stop());
  app.decorate('patientPush', patientPush.sender);
  const staffAuth = createStaffAuth(db, jwtKey, events);
  late.staffAuth = staffAuth;
  const visitLifecycle = createVisitLifecycle(app.log);
  // First: a completed package's tests are marked done before anything reads the visit.
  visitLifecycle.subscribe(bookingTestsSubscriber);
  visitLifecycle.subscribe(patientMessages.subscriber);
  visitLifecycle.subscribe(patientPush.subscriber);
  const waitlist = createWaitlist({ db, log: app.log, onOffer: patientMessages.onWaitlistOffer, wake: patientMessages.sender.wake, events }, deps.waitlist);
  app.addHook('onClose', () => waitlist.stop());
  app.decorate('waitlist', waitlist);
  visitLifecycle.subscribe(waitlist.subscriber);
  const ctx: AppContext = {
    config,
    db,
    jwtKey,
    rateLimitStore: deps.rateLimitStore ?? postgresRateLimitStore(db),
    authenticate: staffAuth.authenticate,
    verifyStaffToken: staffAuth.verify,
    events,
    payments,
    push: { vapid, endpoints },
    visitLifecycle,
    onStaffChatMessage: patientMessages.onStaffMessage,
    onBillingMoneyMoved: patientMessages.onMoneyMoved,
    waitlist,
  };

  // Application routes, all under /api.
  await app.register(
    async (api) => {
      registerAuditTrail(api, ctx);
      await api.register(healthRoutes(database.ping));
      await api.register(eventRoutes(ctx, deps.events));
      await api.register(authRoutes(ctx));
      await api.register(meRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(settingsRoutes(ctx));
      await api.register(staffRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(onboardingRoutes(ctx));
      await api.register(auditRoutes(ctx));
      await api.register(planRoutes(ctx));
      await api.register(walletRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(billingPaymentLinkRoutes(ctx));
      await api.register(paymentRoutes(ctx, { ...planFulfilments, ...walletFulfilments }, { paymentLinks: billingPaymentLinkEvents(ctx.events, app.log) }));
      await api.register(notificationRoutes(ctx));
      await api.register(pushRoutes(ctx));
      const uploadOptions = deps.storage ? { storage: deps.storage } : {};
      await api.register(uploadRoutes(ctx, uploadOptions));
      await api.register(searchRoutes(ctx));
      await api.register(facilityRoutes(ctx));
      await api.register(doctorRoutes(ctx));
      await api.register(serviceRoutes(ctx));
      await api.register(patientRoutes(ctx));
      await api.register(appointmentRoutes(ctx));
      await api.register(appointmentSeriesRoutes(ctx));
      await api.register(bookingSeriesRoutes(ctx));
      await api.register(bookingRoutes(ctx));
      await api.register(waitlistRoutes(ctx, waitlist));
      await api.register(tokenQueueRoutes(ctx));
      await api.register(consultingRoutes(ctx));
      await api.register(chatRoutes(ctx));
      await api.register(patientApiRoutes(ctx, uploadOptions));
      await api.register(publicRoutes(ctx, deps.public));
      await api.register(messageRoutes(ctx, patientMessages.sender.wake));
      await api.register(messageWebhookRoutes(ctx, patientMessages.changes));
    },
    { prefix: '/api' },
  );

  await registerWebConsole(app, { webDist: config.WEB_DIST, patientDist: config.PATIENT_DIST });
  return app;
}
