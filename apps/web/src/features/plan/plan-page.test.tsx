import type { PlanOffer, PlanStatus } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePaymentOrder, paymentFor } from '@/test/payment-fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const basic: PlanOffer = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Clinic Basic',
  pricePaise: 249_900,
  durationDays: 30,
  features: ['Appointments and token queue', 'Up to 3 doctors'],
};
const pro: PlanOffer = {
  id: '20000000-0000-4000-8000-000000000002',
  name: 'Clinic Pro',
  pricePaise: 2_499_950,
  durationDays: 365,
  features: ['Everything in Basic', 'Unlimited doctors', 'Scans and tests'],
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function activePro(overrides: Partial<PlanStatus> = {}): PlanStatus {
  return {
    isActive: true,
    planId: pro.id,
    planName: 'Clinic Pro',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: inDays(40),
    features: pro.features,
    whatsapp: { isActive: false, endsAt: null },
    ...overrides,
  };
}

/** /plan with a plan status the routes may change (an activation). */
async function openPlan(routes: Record<string, FakeRoute> = {}, options: { status?: PlanStatus; role?: 'ADMIN' | 'WORKER' } = {}) {
  const state = { status: options.status ?? activePro() };
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /plan/current': () => ({ data: state.status }),
    'GET /plan/plans': { data: { data: [basic, pro] } },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', options.role ?? 'ADMIN'));
  const view = renderApp('/plan');
  await screen.findByRole('heading', { name: 'Plans on offer' }, slow);
  return { ...view, api, state, user: userEvent.setup() };
}

const offerCard = (name: string) => screen.findByRole('region', { name });

describe('the plan page', () => {
  it('shows the current plan, its validity and what it includes, and the plans on offer with prices', async () => {
    await openPlan();
    expect(await screen.findByRole('heading', { name: 'Clinic Pro', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText('Plan status: Active', { selector: 'main *' })).toHaveTextContent('Active');
    expect(screen.getByText('Started on').nextSibling).toHaveTextContent('01 Jan 2026');
    expect(screen.getByText('Days left').nextSibling).toHaveTextContent('40 days');
    expect(within(screen.getByRole('list', { name: 'Included in your plan' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Plan not Active.')).not.toBeInTheDocument();

    const basicCard = await offerCard('Clinic Basic');
    expect(basicCard).toHaveTextContent('₹2,499.00');
    expect(basicCard).toHaveTextContent('for 30 days');
    expect(within(basicCard).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
    const proCard = await offerCard('Clinic Pro');
    expect(proCard).toHaveTextContent('₹24,999.50');
    expect(proCard).toHaveTextContent('for 365 days');
    expect(proCard).toHaveTextContent('Current plan');
    expect(within(proCard).getByRole('button', { name: 'Renew' })).toBeInTheDocument();

    const whatsapp = await offerCard('WhatsApp messages');
    expect(whatsapp).toHaveTextContent('Not subscribed');
    expect(whatsapp).toHaveTextContent('₹999.00 for 30 days');
  });

  it("warns 'Plan not Active.' with a way to the plan page when the plan has lapsed", async () => {
    await openPlan({}, { status: activePro({ isActive: false, endsAt: '2020-01-31T12:00:00.000Z' }) });
    expect(await screen.findByText('Plan not Active.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View plan' })).toHaveAttribute('href', '/plan');
    expect(screen.getByText('Ended on 31 Jan 2020')).toBeInTheDocument();
    expect(screen.getByText('Days left').nextSibling).toHaveTextContent('0 days');
  });

  it('buys a plan from the wallet when the balance covers it', async () => {
    const { api, user, state } = await openPlan({
      'POST /plan/activate': () => {
        state.status = activePro({ planId: basic.id, planName: 'Clinic Basic', features: basic.features });
        return { data: { status: 'ACTIVATED', paidFrom: 'WALLET', plan: state.status } };
      },
    });
    await user.click(within(await offerCard('Clinic Basic')).getByRole('button', { name: 'Buy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buy Clinic Basic?' });
    expect(confirm).toHaveTextContent('₹2,499.00 for 30 days');
    await user.click(within(confirm).getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText('Clinic Basic activated, paid from the wallet.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/plan/activate')?.body).toEqual({ planId: basic.id });
    expect(await screen.findByRole('heading', { name: 'Clinic Basic', level: 2 })).toBeInTheDocument();
    // The wallet paid: the header's balance is read again.
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/wallet').length).toBeGreaterThan(1));
  });

  it('pays through the checkout when the wallet does not cover the price, then verifies', async () => {
    const order = makePaymentOrder({ purpose: 'PLAN', amountPaise: pro.pricePaise, name: 'Clinic Pro', description: 'Clinic Pro for 365 days' });
    const { api, user, state } = await openPlan({
      'POST /plan/activate': { data: { status: 'CHECKOUT', order } },
      'POST /payments/simulated/pay': { data: paymentFor(order) },
      'POST /plan/verify-subscription': () => {
        state.status = activePro({ endsAt: inDays(405) });
        return { data: { status: 'ACTIVATED', paidFrom: 'CHECKOUT', plan: state.status } };
      },
    });
    await user.click(within(await offerCard('Clinic Pro')).getByRole('button', { name: 'Renew' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Renew Clinic Pro?' })).getByRole('button', { name: 'Renew' }));
    const checkout = await screen.findByRole('dialog', { name: /Clinic Pro\s*Test mode/ });
    await user.click(within(checkout).getByRole('button', { name: 'Pay ₹24,999.50' }));

    expect(await screen.findByText('Clinic Pro activated.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/plan/verify-subscription')?.body).toEqual(paymentFor(order));
    await waitFor(() => expect(screen.getByText('Days left').nextSibling).toHaveTextContent('405 days'));
  });

  it('subscribes the WhatsApp add-on through the checkout', async () => {
    const order = makePaymentOrder({ purpose: 'WHATSAPP', amountPaise: 99_900, name: 'WhatsApp messages', description: 'WhatsApp messages for 30 days' });
    const { api, user, state } = await openPlan({
      'POST /plan/subscribe-whatsapp': { data: order },
      'POST /payments/simulated/pay': { data: paymentFor(order) },
      'POST /plan/verify-subscription': () => {
        state.status = activePro({ whatsapp: { isActive: true, endsAt: '2030-02-28T00:00:00.000Z' } });
        return { data: { status: 'ACTIVATED', paidFrom: 'CHECKOUT', plan: state.status } };
      },
    });
    await user.click(within(await offerCard('WhatsApp messages')).getByRole('button', { name: 'Subscribe' }));
    await user.click(within(await screen.findByRole('dialog', { name: /WhatsApp messages/ })).getByRole('button', { name: 'Pay ₹999.00' }));

    expect(await screen.findByText('WhatsApp messages subscribed.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/plan/verify-subscription')?.body).toEqual(paymentFor(order));
    const card = await offerCard('WhatsApp messages');
    await waitFor(() => expect(card).toHaveTextContent('active until 28 Feb 2030'));
  });

  it("shows the server's refusal as an error toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openPlan({
      'POST /plan/activate': { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'The plan is already active until 31 Jan 2030' } },
    });
    await user.click(within(await offerCard('Clinic Basic')).getByRole('button', { name: 'Buy' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy Clinic Basic?' })).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('The plan is already active until 31 Jan 2030')).toBeInTheDocument();
  });

  it('shows a worker the plans but no Buy, Renew or Subscribe', async () => {
    await openPlan({}, { role: 'WORKER' });
    expect(await offerCard('Clinic Basic')).toHaveTextContent('₹2,499.00');
    expect(screen.getByText('Only an administrator can buy or renew a plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Buy|Renew|Subscribe)$/ })).not.toBeInTheDocument();
  });
});
