import { PAYMENT_CURRENCY } from '@caredesk/shared';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { CreateOrderInput, RazorpayGateway } from './gateway.js';
import { checkoutSignatureMatches, hmacSha256Hex, signatureMatches } from './signature.js';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret?: string | undefined;
  /** https://api.razorpay.com unless configured (tests point it at a local fake). */
  apiBase: string;
  timeoutMs?: number;
  log?: { warn(details: object, message: string): void } | undefined;
}

const orderResponseSchema = z.object({ id: z.string().min(1) });
const errorResponseSchema = z.object({ error: z.object({ description: z.string() }) });

const UNREACHABLE = 'The payment provider could not be reached. Please try again.';

/** Razorpay Orders API + Checkout signature + webhook signature. Secrets are never logged. */
export function razorpayGateway(options: RazorpayOptions): RazorpayGateway {
  const ordersUrl = `${options.apiBase.replace(/\/+$/, '')}/v1/orders`;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const webhookSecret = options.webhookSecret;

  return {
    provider: 'razorpay',
    keyId: options.keyId,
    acceptsWebhooks: Boolean(webhookSecret),

    async createOrder({ amountPaise, receipt, notes }: CreateOrderInput) {
      let response: Response;
      try {
        response = await fetch(ordersUrl, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: PAYMENT_CURRENCY, receipt, notes }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'Razorpay order: no answer');
        throw new AppError(502, UNREACHABLE);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const description = errorResponseSchema.safeParse(body).data?.error.description;
        options.log?.warn({ status: response.status, description }, 'Razorpay refused an order');
        throw new AppError(502, description ? `The payment provider refused the order: ${description}` : UNREACHABLE);
      }
      const order = orderResponseSchema.safeParse(body);
      if (!order.success) {
        options.log?.warn({ status: response.status }, 'Razorpay order: unexpected answer');
        throw new AppError(502, UNREACHABLE);
      }
      return order.data.id;
    },

    verifyCheckout: ({ orderId, paymentId, signature }) => checkoutSignatureMatches(options.keySecret, orderId, paymentId, signature),

    verifyWebhook(rawBody, signature) {
      if (!webhookSecret || !signature) return false;
      return signatureMatches(hmacSha256Hex(webhookSecret, rawBody), signature);
    },
  };
}

/**
 * The part of a Razorpay webhook we act on: payment.captured and order.paid carry the payment,
 * payment.failed its error. Everything else in the payload is ignored.
 */
export const razorpayWebhookSchema = z.object({
  event: z.string().min(1),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string().min(1),
            order_id: z.string().min(1).nullish(),
            amount: z.number().int(),
            error_description: z.string().nullish(),
          }),
        })
        .optional(),
    })
    .default({}),
});
export type RazorpayWebhook = z.infer<typeof razorpayWebhookSchema>;
