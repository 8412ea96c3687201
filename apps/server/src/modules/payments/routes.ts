import { createHash } from 'node:crypto';
import { simulatedPayResponseSchema, simulatedPaySchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import type { RazorpayGateway } from '../../lib/payments/index.js';
import { razorpayPaymentLinkEventSchema, razorpayWebhookSchema } from '../../lib/payments/razorpay.js';
import type { AllFulfilments } from './settlement.js';
import { paySimulated } from './simulated-pay.js';
import { handleRazorpayEvent, handleRazorpayLinkEvent, type PaymentLinkEventHandler } from './webhook.js';

const tags = ['payments'];

/** Handlers of gateway events that are not orders: payment links (billing). */
export interface PaymentEventHandlers {
  paymentLinks?: PaymentLinkEventHandler;
}

/** `fulfilments`: what each purpose's paid order buys, from the modules that sell them (app.ts). */
export function paymentRoutes(ctx: AppContext, fulfilments: AllFulfilments, handlers: PaymentEventHandlers = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const gateway = ctx.payments;
    // Test mode's checkout pays here; with Razorpay this route does not exist.
    if (gateway.provider === 'simulated') {
      app.post(
        '/payments/simulated/pay',
        {
          // A worker may pay a wallet recharge only: paySimulated checks the order's purpose.
          preHandler: ctx.authenticate,
          config: { audit: { entity: 'payments', action: 'create' } },
          schema: {
            tags,
            security: [{ bearerAuth: [] }],
            summary: `Test mode: pay an order with a test card (402 for the declined card)`,
            body: simulatedPaySchema,
            response: { 200: simulatedPayResponseSchema },
          },
        },
        (request) => paySimulated(ctx, gateway, staffOf(request), request.body),
      );
    }
    if (gateway.provider === 'razorpay') await app.register(razorpayWebhookRoutes(ctx, gateway, fulfilments, handlers));
  };
}

function razorpayWebhookRoutes(ctx: AppContext, gateway: RazorpayGateway, fulfilments: AllFulfilments, handlers: PaymentEventHandlers): FastifyPluginAsyncZod {
  return async (scope) => {
    // The signature covers the exact bytes Razorpay sent, so in this plugin only the JSON body
    // stays a Buffer; it is parsed after the signature is checked.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(
      '/payments/razorpay/webhook',
      {
        config: { audit: { notAudited: 'Razorpay, not a person: the payment it confirms is in the wallet ledger and the order' } },
        schema: {
          tags,
          summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed, payment_link.paid/cancelled/expired), signed with RAZORPAY_WEBHOOK_SECRET',
          response: { 200: z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) }) },
        },
      },
      async (request) => {
        if (!gateway.acceptsWebhooks) throw new AppError(503, 'Webhooks are not accepted: RAZORPAY_WEBHOOK_SECRET is not set');
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new BadRequestError('Send the event as application/json');
        const signature = request.headers['x-razorpay-signature'];
        if (!gateway.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) throw new BadRequestError('Invalid webhook signature');
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new BadRequestError('The request body is not valid JSON');
        }
        const parsed = razorpayWebhookSchema.safeParse(body);
        if (!parsed.success) throw new BadRequestError('Not a Razorpay event');
        // Razorpay names each event in this header and repeats it on redelivery; without it the
        // signed body itself identifies the delivery.
        const header = request.headers['x-razorpay-event-id'];
        const eventId = typeof header === 'string' && header ? header : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
        const link = handlers.paymentLinks && parsed.data.event.startsWith('payment_link.') ? razorpayPaymentLinkEventSchema.safeParse(body) : undefined;
        if (link && !link.success) throw new BadRequestError('Not a Razorpay payment link event');
        const outcome = link?.data
          ? await handleRazorpayLinkEvent(ctx, eventId, link.data, handlers.paymentLinks!)
          : await handleRazorpayEvent(ctx, request.log, eventId, parsed.data, fulfilments);
        request.log.info({ eventId, event: parsed.data.event, outcome }, 'Razorpay webhook');
        return { outcome };
      },
    );
  };
}
