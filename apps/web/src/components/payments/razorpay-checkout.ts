import { CHECKOUT_THEME_COLOR, paymentVerifySchema, type PaymentOrder, type PaymentVerify } from '@caredesk/shared';
import { PaymentCancelledError } from './payment-errors';
import { t } from './i18n';

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay Checkout hands its `handler` after a successful payment. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The options this console opens Razorpay Checkout with (checkout.js's documented fields). */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: PaymentOrder['currency'];
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayInstance {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: { error?: { description?: string } }) => void) => void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds checkout.js once; a failed load is forgotten so the next attempt tries again. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error(t('payments.loadFailed')));
    };
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : fail());
    script.onerror = fail;
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Razorpay Checkout for a server-made order (SPEC.md §7 "Card checkout"): the amount,
 * texts and prefill all come from the order. Resolves with what the server verifies; rejects
 * when the payer closes the checkout, with the last failure's reason if a payment failed.
 */
export async function openRazorpayCheckout(order: PaymentOrder): Promise<PaymentVerify> {
  if (!order.keyId) throw new Error(t('payments.noKey'));
  const key = order.keyId;
  const Razorpay = await loadRazorpay();
  return new Promise<PaymentVerify>((resolve, reject) => {
    // Razorpay keeps its window open after a declined card so the payer can try again;
    // only closing it ends this payment.
    let failure: string | null = null;
    const checkout = new Razorpay({
      key,
      amount: order.amountPaise,
      currency: order.currency,
      name: order.name,
      description: order.description,
      order_id: order.id,
      prefill: { name: order.prefill.name, email: order.prefill.email },
      notes: { adminId: order.prefill.id },
      theme: { color: CHECKOUT_THEME_COLOR },
      handler: (response) => {
        const parsed = paymentVerifySchema.safeParse({
          paymentId: response.razorpay_payment_id,
          orderId: response.razorpay_order_id,
          signature: response.razorpay_signature,
        });
        if (parsed.success) resolve(parsed.data);
        else reject(new Error(t('payments.noSignature')));
      },
      modal: { ondismiss: () => reject(failure ? new Error(failure) : new PaymentCancelledError()) },
    });
    checkout.on('payment.failed', (response) => {
      failure = response.error?.description ?? t('payments.failed');
    });
    checkout.open();
  });
}
