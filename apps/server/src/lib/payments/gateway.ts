export interface CreateOrderInput {
  amountPaise: number;
  /** Our own order id, so the provider's dashboard links back to it (Razorpay: at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
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
}

export type PaymentGateway = RazorpayGateway | SimulatedGateway;
