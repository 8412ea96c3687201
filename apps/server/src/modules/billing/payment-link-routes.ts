import { billPaymentLinkInputSchema, billPaymentLinkSchema, idParamsSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { staffOf } from '../../lib/auth.js';
import type { EventBus } from '../../lib/events/bus.js';
import type { RazorpayPaymentLinkEvent } from '../../lib/payments/razorpay.js';
import {
  cancelBillPaymentLink,
  createBillPaymentLink,
  endBillPaymentLink,
  getBillPaymentLink,
  paySimulatedLink,
  settleBillPaymentLink,
  type LinkSettlement,
} from './payment-links.js';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

/** Online payment at the desk: a payment link or UPI QR the patient pays on their phone (issue #19). */
export function billingPaymentLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const desk = { preHandler: ctx.authenticate };
    app.post(
      '/billing/bills/:id/payment-links',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'create', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'A payment link or UPI QR for what the bill owes; replaces the bill’s live link',
          params: idParamsSchema,
          body: billPaymentLinkInputSchema,
          response: { 201: billPaymentLinkSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createBillPaymentLink(ctx, staffOf(request), request.params.id, request.body, request.log)),
    );
    app.get(
      '/billing/payment-links/:id',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'read', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'A payment link: live, paid (with its receipt), cancelled, expired or held',
          params: idParamsSchema,
          response: { 200: billPaymentLinkSchema },
        },
      },
      (request) => getBillPaymentLink(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/billing/payment-links/:id/cancel',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'update', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'Cancel a live payment link (the patient pays another way)', params: idParamsSchema, response: { 200: billPaymentLinkSchema } },
      },
      (request) => cancelBillPaymentLink(ctx, staffOf(request), request.params.id, request.log),
    );
    // Test mode only: the desk plays the patient paying on their phone. With Razorpay the route does not exist.
    if (ctx.payments.provider === 'simulated') {
      app.post(
        '/billing/payment-links/:id/simulated-pay',
        {
          ...desk,
          config: { audit: { entity: 'billing', action: 'create', idParam: 'id', patientData: true } },
          schema: { tags, security, summary: 'Test mode: the patient pays the link', params: idParamsSchema, response: { 200: billPaymentLinkSchema } },
        },
        (request) => paySimulatedLink(ctx, staffOf(request), request.params.id, request.log),
      );
    }
  };
}

/** Razorpay's payment_link.* events, for the payments module's signed webhook (app.ts wires it). */
export function billingPaymentLinkEvents(events: EventBus, log: { warn(details: object, message: string): void }) {
  return (tx: Tx, event: RazorpayPaymentLinkEvent): Promise<LinkSettlement> => {
    const link = event.payload.payment_link.entity;
    if (event.event === 'payment_link.paid') {
      const payment = event.payload.payment?.entity;
      if (!payment) return Promise.resolve('ignored');
      return settleBillPaymentLink(tx, events, link.id, payment.id, payment.amount, log);
    }
    return endBillPaymentLink(tx, events, link.id, event.event === 'payment_link.expired' ? 'EXPIRED' : 'CANCELLED');
  };
}
