import { paymentOrderSchema, paymentVerifySchema, planActivateSchema, planOffersSchema, planPurchaseResponseSchema, planStatusSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireRole } from '../../lib/tenancy.js';
import { activatePlan, getPlanStatus, listPlanOffers, subscribeWhatsapp, verifySubscription } from './service.js';

const tags = ['plan'];
const security = [{ bearerAuth: [] }];

export function planRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Every signed-in staff member sees the plan chip and the /plan page (SPEC.md §6); buying is ADMIN only.
    const staffOnly = { preHandler: ctx.authenticate };
    const adminOnly = { preHandler: [ctx.authenticate, requireRole('ADMIN')] };

    app.get(
      '/plan/current',
      { ...staffOnly, config: { openToDoctorAccounts: true }, schema: { tags, security, summary: "The organisation's plan status", response: { 200: planStatusSchema } } },
      (request) => getPlanStatus(ctx.db, staffOf(request).organisationId),
    );
    app.get('/plan/plans', { ...staffOnly, schema: { tags, security, summary: 'The plans on offer', response: { 200: planOffersSchema } } }, () => listPlanOffers(ctx.db));
    app.post(
      '/plan/activate',
      {
        ...adminOnly,
        config: { audit: { entity: 'plan', action: 'create' } },
        schema: {
          tags,
          security,
          summary: 'Buy or renew a plan: from the wallet when it covers the price, else a checkout order',
          body: planActivateSchema,
          response: { 200: planPurchaseResponseSchema },
        },
      },
      (request) => activatePlan(ctx, staffOf(request), request.body.planId),
    );
    app.post(
      '/plan/subscribe-whatsapp',
      {
        ...adminOnly,
        config: { audit: { entity: 'plan', action: 'create' } },
        schema: { tags, security, summary: 'Start buying the WhatsApp add-on: a checkout order', response: { 200: paymentOrderSchema } },
      },
      (request) => subscribeWhatsapp(ctx, staffOf(request)),
    );
    app.post(
      '/plan/verify-subscription',
      {
        ...adminOnly,
        config: { audit: { entity: 'plan', action: 'create' } },
        schema: {
          tags,
          security,
          summary: 'Verify a plan or WhatsApp checkout and activate it (once per order)',
          body: paymentVerifySchema,
          response: { 200: planPurchaseResponseSchema },
        },
      },
      (request) => verifySubscription(ctx, staffOf(request), request.body),
    );
  };
}
