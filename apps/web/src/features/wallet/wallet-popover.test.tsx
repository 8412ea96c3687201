import { CHECKOUT_THEME_COLOR, SIMULATED_CARDS } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RazorpayOptions } from '@/components/payments/razorpay-checkout';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePaymentOrder, paymentFor } from '@/test/payment-fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
  delete window.Razorpay;
});

/** The header with a wallet whose balance the routes may change (a credited recharge). */
async function openWallet(routes: Record<string, FakeRoute> = {}, role: 'ADMIN' | 'WORKER' = 'ADMIN') {
  const wallet = { balance: 2450 };
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /wallet': () => ({ data: { showWallet: true, balance: wallet.balance } }),
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', role));
  const view = renderApp('/plan');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Wallet balance/ }, slow));
  const popover = await screen.findByRole('dialog', { name: 'Wallet' });
  // The recharge form loads with the popover's first opening.
  await within(popover).findByRole('form', { name: 'Recharge wallet' }, slow);
  return { ...view, api, user, wallet, popover };
}

const walletReads = (api: { calls: { method: string; url: string }[] }) => api.calls.filter((call) => call.method === 'GET' && call.url === '/wallet').length;

describe('the wallet popover', () => {
  it("shows 'Wallet Balance' with two decimals, an amount of 100, the quick-add buttons and 'Recharge Wallet' in 250px", async () => {
    const { popover } = await openWallet();
    expect(within(popover).getByText('Wallet Balance')).toBeInTheDocument();
    expect(within(popover).getByText('₹2,450.00')).toBeInTheDocument();
    const amount = within(popover).getByRole('spinbutton', { name: 'Amount' });
    expect(amount).toHaveValue(100);
    expect(amount).toHaveAttribute('min', '1');
    expect(
      within(popover)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['+100', '+500', '+1000', 'Recharge Wallet']);
    expect(within(popover).getByRole('link', { name: 'View transactions' })).toHaveAttribute('href', '/wallet');
    expect(getComputedStyle(popover).width).toBe('250px');
  });

  it('adds the quick amounts to what is typed: 100 + 500 + 1000 = 1600', async () => {
    const { popover, user } = await openWallet();
    const amount = within(popover).getByRole('spinbutton', { name: 'Amount' });
    await user.click(within(popover).getByRole('button', { name: '+500' }));
    await user.click(within(popover).getByRole('button', { name: '+1000' }));
    expect(amount).toHaveValue(1600);
    await user.clear(amount);
    await user.type(amount, '250.5');
    await user.click(within(popover).getByRole('button', { name: '+100' }));
    expect(amount).toHaveValue(350.5);
    await user.clear(amount);
    await user.click(within(popover).getByRole('button', { name: '+100' }));
    expect(amount).toHaveValue(100);
  });

  it("alerts 'Enter valid amount' and sends nothing for an empty, zero or negative amount", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { popover, user, api } = await openWallet();
    const amount = within(popover).getByRole('spinbutton', { name: 'Amount' });
    for (const typed of ['', '0', '-5']) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));
    }
    expect(alert.mock.calls).toEqual([['Enter valid amount'], ['Enter valid amount'], ['Enter valid amount']]);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('recharges through the test-mode checkout: order, pay, verify, toast, and the balance reloads', async () => {
    const order = makePaymentOrder({ amountPaise: 160_000 });
    const paid: unknown[] = [];
    const { popover, user, api, wallet } = await openWallet({
      'POST /wallet/order': { data: order },
      'POST /payments/simulated/pay': (body) => (paid.push(body), { data: paymentFor(order) }),
      'POST /wallet/recharge': () => {
        wallet.balance = 4050;
        return { data: { verified: true, credited: true, balance: 4050, amount: 1600 } };
      },
    });
    await user.click(within(popover).getByRole('button', { name: '+500' }));
    await user.click(within(popover).getByRole('button', { name: '+1000' }));
    await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));

    const checkout = await screen.findByRole('dialog', { name: /Wallet Recharge/ });
    expect(within(checkout).getByText('Test mode')).toBeVisible();
    expect(within(checkout).getByText('₹1,600.00')).toBeInTheDocument();
    expect(within(checkout).getByText('Add money to wallet')).toBeInTheDocument();
    expect(within(checkout).getByRole('textbox', { name: 'Card number' })).toHaveValue(SIMULATED_CARDS.success);
    expect(screen.queryByRole('dialog', { name: 'Wallet' })).not.toBeInTheDocument();
    const readsBefore = walletReads(api);

    await user.click(within(checkout).getByRole('button', { name: 'Pay ₹1,600.00' }));

    expect(await screen.findByText('Wallet recharged successfully!')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/wallet/order')?.body).toEqual({ amount: 1600 });
    expect(paid).toEqual([{ orderId: order.id, cardNumber: SIMULATED_CARDS.success, expiry: expect.stringMatching(/^12\/\d\d$/), cvc: '123' }]);
    expect(api.calls.find((call) => call.url === '/wallet/recharge')?.body).toEqual(paymentFor(order));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Wallet balance/ })).toHaveTextContent('₹4,050.00'));
    expect(walletReads(api)).toBeGreaterThan(readsBefore);
    expect(screen.queryByRole('dialog', { name: /Wallet Recharge/ })).not.toBeInTheDocument();
  });

  it("shows 'Recharge failed:' with the reason when the test card is declined, and logs it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const order = makePaymentOrder();
    const { popover, user, api } = await openWallet({
      'POST /wallet/order': { data: order },
      'POST /payments/simulated/pay': (body) =>
        (body as { cardNumber: string }).cardNumber === SIMULATED_CARDS.failure
          ? { status: 402, data: { statusCode: 402, error: 'Payment Required', message: 'Card declined (test card)' } }
          : { data: paymentFor(order) },
    });
    await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Wallet Recharge/ })).getByRole('button', { name: 'Simulate failure' }));

    expect(await screen.findByText('Recharge failed: Card declined (test card)')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Recharge failed', expect.any(Error));
    expect(api.calls.some((call) => call.url === '/wallet/recharge')).toBe(false);
  });

  it("shows 'Recharge failed:' when the server cannot verify the payment", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const order = makePaymentOrder();
    const { popover, user } = await openWallet({
      'POST /wallet/order': { data: order },
      'POST /payments/simulated/pay': { data: paymentFor(order) },
      'POST /wallet/recharge': { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'Payment could not be verified' } },
    });
    await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Wallet Recharge/ })).getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Recharge failed: Payment could not be verified')).toBeInTheDocument();
  });

  it('says nothing to the user when the recharge cannot start, or when the checkout is closed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let orders = 0;
    const { popover, user, api } = await openWallet({
      'POST /wallet/order': () => (++orders === 1 ? { status: 503, data: { message: 'Gateway unavailable' } } : { data: makePaymentOrder() }),
    });
    await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not start the wallet recharge', expect.anything()));
    expect(screen.queryByText(/Recharge failed/)).not.toBeInTheDocument();

    await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Wallet Recharge/ })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Wallet Recharge/ })).not.toBeInTheDocument());
    expect(screen.queryByText(/Recharge failed/)).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/payments/simulated/pay' || call.url === '/wallet/recharge')).toBe(false);
  });

  it('gives a worker the same popover: amount, quick-add and Recharge Wallet (SPEC.md §6)', async () => {
    const { popover } = await openWallet({}, 'WORKER');
    expect(within(popover).getByText('₹2,450.00')).toBeInTheDocument();
    expect(within(popover).getByRole('spinbutton', { name: 'Amount' })).toHaveValue(100);
    for (const add of ['+100', '+500', '+1000']) expect(within(popover).getByRole('button', { name: add })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Recharge Wallet' })).toBeInTheDocument();
    expect(within(popover).getByRole('link', { name: 'View transactions' })).toBeInTheDocument();
  });

  it("opens Razorpay Checkout with the order's amount, texts, prefill and the blue theme", async () => {
    const order = makePaymentOrder({ provider: 'razorpay', keyId: 'rzp_test_k3y', id: 'order_RzP123', amountPaise: 50_000 });
    const opened: RazorpayOptions[] = [];
    window.Razorpay = class {
      constructor(private readonly options: RazorpayOptions) {
        opened.push(options);
      }
      on() {}
      open() {
        this.options.handler({ razorpay_payment_id: 'pay_RzP1', razorpay_order_id: 'order_RzP123', razorpay_signature: 'c0ffee' });
      }
    };
    const { popover, user, api } = await openWallet({
      'POST /wallet/order': { data: order },
      'POST /wallet/recharge': { data: { verified: true, credited: true, balance: 2950, amount: 500 } },
    });
    await user.click(within(popover).getByRole('button', { name: 'Recharge Wallet' }));

    expect(await screen.findByText('Wallet recharged successfully!')).toBeInTheDocument();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_k3y',
      amount: 50_000,
      currency: 'INR',
      name: 'Wallet Recharge',
      description: 'Add money to wallet',
      order_id: 'order_RzP123',
      prefill: { name: order.prefill.name, email: order.prefill.email },
      notes: { adminId: order.prefill.id },
      theme: { color: CHECKOUT_THEME_COLOR },
    });
    expect(api.calls.find((call) => call.url === '/wallet/recharge')?.body).toEqual({ paymentId: 'pay_RzP1', orderId: 'order_RzP123', signature: 'c0ffee' });
  });

  it('opens the wallet page from View transactions', async () => {
    const { popover, user, router } = await openWallet({ 'GET /wallet/entries': { data: { data: [], total: 0, page: 1, pageSize: 25 } } });
    await user.click(within(popover).getByRole('link', { name: 'View transactions' }));
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wallet');
  });
});
