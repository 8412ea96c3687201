import { CHECKOUT_DESCRIPTION, CHECKOUT_NAME, type PaymentOrder, type PaymentVerify } from '@caredesk/shared';

let counter = 0;

/** An order as POST /wallet/order (or a plan purchase) answers it; test mode unless told otherwise. */
export function makePaymentOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  counter += 1;
  return {
    id: `order_test${String(counter).padStart(6, '0')}`,
    provider: 'simulated',
    keyId: null,
    purpose: 'WALLET_RECHARGE',
    amountPaise: 160_000,
    currency: 'INR',
    name: CHECKOUT_NAME,
    description: CHECKOUT_DESCRIPTION,
    prefill: { id: '00000000-0000-4000-8000-00000000a001', name: 'Sunrise Hospital', email: 'desk@sunrise.example.test' },
    ...overrides,
  };
}

/** What a checkout hands back for an order. */
export function paymentFor(order: Pick<PaymentOrder, 'id'>): PaymentVerify {
  return { paymentId: `pay_${order.id}`, orderId: order.id, signature: `sig_${order.id}` };
}
