export interface CreateOrderInput {
  amountPaise: number;
  /** Our own order id, so the provider's dashboard links back to it (Razorpay: at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * A payment link for an amount due at the desk: the patient pays on their phone (Razorpay's
 * Payment Links API, POST /v1/payment_links). The gateway confirms it later, by webhook.
 */
export interface CreatePaymentLinkInput {
  amountPaise: number;
  /** Our own id for the link (Razorpay's reference_id, at most 40 characters, unique per account). */
  referenceId: string;
  description: string;
  /** After this the link cannot be paid. */
  expiresAt: Date;
  /** A UPI-only link (a UPI QR on the desk's screen) rather than every method. */
  upi: boolean;
  notes: Record<string, string>;
}

export interface CreatedPaymentLink {
  /** The provider's id: 'plink_…'. */
  id: string;
  /** What the patient opens or scans. */
  url: string;
}

/** What the checkout hands back on success, in Razorpay's handler's shape. */
export interface CheckoutResult {
  paymentId: string;
  orderId: string;
  signature: string;
}

/**
 * A payment provider (design.md §7). Both implementations create orders and verify the
 * checkout's signature the same way; only Razorpay sends webhooks, only the simulated gateway
 * completes payments itself.
 */
interface GatewayBase {
  /** The public key the browser's checkout needs (Razorpay's key id); null in test mode. */
  readonly keyId: string | null;
  /** Creates an order at the provider for this amount in INR; answers the provider's order id. */
  createOrder(input: CreateOrderInput): Promise<string>;
  /** HMAC-SHA256(order_id + "|" + payment_id), compared in constant time. */
  verifyCheckout(result: CheckoutResult): boolean;
  createPaymentLink(input: CreatePaymentLinkInput): Promise<CreatedPaymentLink>;
  /** Stops a link from being paid (paid another way, or replaced); a link already ended is left alone. */
  cancelPaymentLink(id: string): Promise<void>;
}

export interface RazorpayGateway extends GatewayBase {
  readonly provider: 'razorpay';
  /** False without RAZORPAY_WEBHOOK_SECRET: webhooks are then refused, never trusted unsigned. */
  readonly acceptsWebhooks: boolean;
  /** X-Razorpay-Signature: HMAC-SHA256 of the raw request body with the webhook secret, hex. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
}

export interface SimulatedGateway extends GatewayBase {
  readonly provider: 'simulated';
  /** A successful payment of the order, signed exactly as Razorpay would sign it. */
  completePayment(orderId: string): CheckoutResult;
  /** Test mode's patient paying a link: the payment id the gateway would report. */
  completePaymentLink(linkId: string): { paymentId: string };
}

export type PaymentGateway = RazorpayGateway | SimulatedGateway;
