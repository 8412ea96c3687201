import type { Config } from '../../config.js';
import { paymentProviderOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../secrets.js';
import type { PaymentGateway } from './gateway.js';
import { razorpayGateway } from './razorpay.js';
import { simulatedGateway } from './simulated.js';

export type { CheckoutResult, CreatedPaymentLink, CreatePaymentLinkInput, PaymentGateway, RazorpayGateway, SimulatedGateway } from './gateway.js';

type PaymentConfig = Pick<Config, 'NODE_ENV' | 'PAYMENT_PROVIDER' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'RAZORPAY_API_BASE'>;

interface GatewayLog {
  warn(details: object, message: string): void;
}

/**
 * The configured gateway (config.ts decides which and refuses test mode in production unless
 * allowed). The simulated gateway's signing secret is generated once and kept in the database,
 * so every server process verifies what any of them signed.
 */
export async function createPaymentGateway(config: PaymentConfig, db: Db, log: GatewayLog): Promise<PaymentGateway> {
  if (paymentProviderOf(config) === 'razorpay') {
    if (!config.RAZORPAY_WEBHOOK_SECRET) {
      log.warn({}, 'RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks are refused, so a payment whose browser closed before verifying is not credited');
    }
    return razorpayGateway({
      keyId: config.RAZORPAY_KEY_ID ?? '',
      keySecret: config.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiBase: config.RAZORPAY_API_BASE,
      log,
    });
  }
  if (config.NODE_ENV === 'production') log.warn({}, 'Payments are in test mode (simulated gateway): no money is taken');
  return simulatedGateway(await getOrCreateSecret(db, 'simulated_payment_signing_key'));
}
