import { PAYMENT_CURRENCY } from '@caredesk/shared';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { CreateOrderInput, CreatePaymentLinkInput, RazorpayGateway } from './gateway.js';
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
const paymentLinkResponseSchema = z.object({ id: z.string().min(1), short_url: z.string().min(1) });
const errorResponseSchema = z.object({ error: z.object({ description: z.string() }) });

const UNREACHABLE = 'The payment provider could not be reached. Please try again.';

/** Razorpay Orders API + Checkout signature + webhook signature. Secrets are never logged. */
export function razorpayGateway(options: RazorpayOptions): RazorpayGateway {
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const ordersUrl = `${apiBase}/v1/orders`;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const webhookSecret = options.webhookSecret;

  /** One Razorpay API call: its JSON answer, or a 502 with Razorpay's reason (secrets never logged). */
  async function call(method: 'POST', url: string, body: unknown, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, `Razorpay ${what}: no answer`);
      throw new AppError(502, UNREACHABLE);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const description = errorResponseSchema.safeParse(answer).data?.error.description;
      options.log?.warn({ status: response.status, description }, `Razorpay refused a ${what}`);
      throw new AppError(502, description ? `The payment provider refused the ${what}: ${description}` : UNREACHABLE);
    }
    return answer;
  }

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

    async createPaymentLink({ amountPaise, referenceId, description, expiresAt, upi, notes }: CreatePaymentLinkInput) {
      // The desk shows the link and its QR itself: Razorpay sends no SMS, e-mail or reminders.
      const body = {
        ...(upi ? { upi_link: true } : {}),
        amount: amountPaise,
        currency: PAYMENT_CURRENCY,
        accept_partial: false,
        expire_by: Math.floor(expiresAt.getTime() / 1000),
        reference_id: referenceId,
        description,
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes,
      };
      const link = paymentLinkResponseSchema.safeParse(await call('POST', `${apiBase}/v1/payment_links`, body, 'payment link'));
      if (!link.success) {
        options.log?.warn({}, 'Razorpay payment link: unexpected answer');
        throw new AppError(502, UNREACHABLE);
      }
      return { id: link.data.id, url: link.data.short_url };
    },

    async cancelPaymentLink(id: string) {
      await call('POST', `${apiBase}/v1/payment_links/${encodeURIComponent(id)}/cancel`, undefined, 'payment link cancel');
    },

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

/**
 * payment_link.paid (Razorpay's Payment Links webhook): the link, and the payment that paid it.
 * payment_link.cancelled and payment_link.expired carry the link alone.
 */
export const razorpayPaymentLinkEventSchema = z.object({
  event: z.enum(['payment_link.paid', 'payment_link.cancelled', 'payment_link.expired']),
  payload: z.object({
    payment_link: z.object({ entity: z.object({ id: z.string().min(1), status: z.string(), amount: z.number().int(), reference_id: z.string().nullish() }) }),
    payment: z.object({ entity: z.object({ id: z.string().min(1), amount: z.number().int() }) }).optional(),
  }),
});
export type RazorpayPaymentLinkEvent = z.infer<typeof razorpayPaymentLinkEventSchema>;
