import { randomBytes } from 'node:crypto';
import { SIMULATED_CARDS } from '@caredesk/shared';
import type { SimulatedGateway } from './gateway.js';
import { checkoutSignature, checkoutSignatureMatches } from './signature.js';

function randomId(): string {
  return randomBytes(9).toString('hex');
}

/**
 * The built-in test gateway (design.md §7): no money moves. Orders and payments get ids shaped
 * like Razorpay's ('order_sim_…', 'pay_sim_…') and the same signature scheme, with a secret
 * generated once and kept in the database, so the verify path is the one Razorpay uses.
 */
export function simulatedGateway(secret: string): SimulatedGateway {
  return {
    provider: 'simulated',
    keyId: null,
    createOrder: async () => `order_sim_${randomId()}`,
    verifyCheckout: ({ orderId, paymentId, signature }) => checkoutSignatureMatches(secret, orderId, paymentId, signature),
    // A UPI deep link to no real payee: scanning it shows the amount, and no UPI app can pay it.
    async createPaymentLink({ amountPaise, referenceId, description }) {
      const id = `plink_sim_${randomId()}`;
      const query = new URLSearchParams({ pa: 'caredesk-test@sim', pn: 'CareDesk test mode', am: (amountPaise / 100).toFixed(2), cu: 'INR', tr: referenceId, tn: description });
      return { id, url: `upi://pay?${query.toString()}` };
    },
    cancelPaymentLink: async () => undefined,
    completePaymentLink: () => ({ paymentId: `pay_sim_${randomId()}` }),
    completePayment(orderId) {
      const paymentId = `pay_sim_${randomId()}`;
      return { paymentId, orderId, signature: checkoutSignature(secret, orderId, paymentId) };
    },
  };
}

const digitsOf = (card: string) => card.replace(/[\s-]/g, '');

/** Which test card this is ('4111 1111 1111 1111' pays, '4000 0000 0000 0002' is declined), if any. */
export function simulatedCardOutcome(cardNumber: string): 'success' | 'failure' | undefined {
  const digits = digitsOf(cardNumber);
  if (digits === digitsOf(SIMULATED_CARDS.success)) return 'success';
  if (digits === digitsOf(SIMULATED_CARDS.failure)) return 'failure';
  return undefined;
}
