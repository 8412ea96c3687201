import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { makePaymentOrder } from '@/test/payment-fixtures';
import { isPaymentCancelled, PaymentCancelledError } from './payment-errors';
import { loadRazorpay, openRazorpayCheckout, RAZORPAY_CHECKOUT_URL, type RazorpayInstance, type RazorpayOptions } from './razorpay-checkout';
import { SimulatedCheckoutDialog } from './simulated-checkout-dialog';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  delete window.Razorpay;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

/** A stand-in for checkout.js's Razorpay: records its options and lets the test act as the payer. */
function stubRazorpay() {
  const instances: { options: RazorpayOptions; failed?: (response: { error?: { description?: string } }) => void }[] = [];
  window.Razorpay = class implements RazorpayInstance {
    private readonly record: (typeof instances)[number];
    constructor(options: RazorpayOptions) {
      this.record = { options };
      instances.push(this.record);
    }
    on(_event: 'payment.failed', callback: (response: { error?: { description?: string } }) => void) {
      this.record.failed = callback;
    }
    open() {}
  };
  return instances;
}

const razorpayOrder = () => makePaymentOrder({ provider: 'razorpay', keyId: 'rzp_test_k3y', id: 'order_X1' });

describe('Razorpay Checkout', () => {
  it("rejects with 'Payment cancelled' when the payer closes it", async () => {
    const instances = stubRazorpay();
    const payment = openRazorpayCheckout(razorpayOrder());
    await waitFor(() => expect(instances).toHaveLength(1));
    instances[0]!.options.modal.ondismiss();
    const error = await payment.catch((reason: unknown) => reason);
    expect(isPaymentCancelled(error)).toBe(true);
    expect((error as Error).message).toBe('Payment cancelled');
  });

  it("rejects with the last failure's reason when a payment failed before it was closed", async () => {
    const instances = stubRazorpay();
    const payment = openRazorpayCheckout(razorpayOrder());
    await waitFor(() => expect(instances).toHaveLength(1));
    instances[0]!.failed?.({ error: { description: 'Your card was declined' } });
    instances[0]!.options.modal.ondismiss();
    await expect(payment).rejects.toThrow('Your card was declined');
  });

  it('refuses an order without a public key', async () => {
    stubRazorpay();
    await expect(openRazorpayCheckout(makePaymentOrder({ provider: 'razorpay', keyId: null }))).rejects.toThrow('no public key');
  });

  it('adds checkout.js once, and says so clearly when it cannot be loaded', async () => {
    const first = loadRazorpay();
    const second = loadRazorpay();
    const scripts = document.head.querySelectorAll(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);
    expect(scripts).toHaveLength(1);
    scripts[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Could not load the Razorpay checkout');
    await expect(second).rejects.toThrow('Could not load the Razorpay checkout');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);

    // A later attempt tries again, and resolves once the script defines Razorpay.
    const retry = loadRazorpay();
    const script = document.head.querySelector('script')!;
    stubRazorpay();
    script.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(window.Razorpay);
  });
});

describe("test mode's checkout dialog", () => {
  function renderDialog() {
    const order = makePaymentOrder({ amountPaise: 99_900, name: 'WhatsApp messages', description: '30 days of WhatsApp messages', purpose: 'WHATSAPP' });
    const handlers = { onPaid: vi.fn(), onFailed: vi.fn(), onCancel: vi.fn() };
    render(<SimulatedCheckoutDialog order={order} {...handlers} />);
    return { order, ...handlers, dialog: screen.getByRole('dialog', { name: /WhatsApp messages/ }) };
  }

  it('is labelled Test mode and shows the amount, the description and the test cards', () => {
    const api = installFakeApi({});
    restore = api.restore;
    const { dialog } = renderDialog();
    expect(within(dialog).getByText('Test mode')).toBeVisible();
    expect(within(dialog).getByText('₹999.00')).toBeInTheDocument();
    expect(within(dialog).getByText('30 days of WhatsApp messages')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('4111 1111 1111 1111');
    expect(dialog).toHaveTextContent('4000 0000 0000 0002');
    expect(within(dialog).getByRole('button', { name: 'Pay ₹999.00' })).toBeInTheDocument();
  });

  it('checks the card before sending it', async () => {
    const api = installFakeApi({});
    restore = api.restore;
    const { dialog, onPaid } = renderDialog();
    const user = userEvent.setup();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Expiry (MM/YY)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Expiry (MM/YY)' }), '13/29');
    await user.clear(within(dialog).getByRole('textbox', { name: 'CVC' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'CVC' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹999.00' }));
    expect(await within(dialog).findByText('Use MM/YY')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the 3 or 4 digit code')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('cancels without paying', async () => {
    const api = installFakeApi({});
    restore = api.restore;
    const { dialog, onCancel } = renderDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(api.calls).toHaveLength(0);
  });

  it('hands back the gateway decline as the failure', async () => {
    const api = installFakeApi({
      'POST /payments/simulated/pay': { status: 402, data: { statusCode: 402, error: 'Payment Required', message: 'Card declined (test card)' } },
    });
    restore = api.restore;
    const { dialog, onFailed, order } = renderDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Simulate failure' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(new Error('Card declined (test card)')));
    expect(api.calls[0]?.body).toMatchObject({ orderId: order.id, cardNumber: '4000 0000 0000 0002' });
  });
});

describe('PaymentCancelledError', () => {
  it('tells a closed checkout from a failure', () => {
    expect(isPaymentCancelled(new PaymentCancelledError())).toBe(true);
    expect(isPaymentCancelled(new Error('Payment cancelled'))).toBe(false);
  });
});
