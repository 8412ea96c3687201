import type { WalletEntry } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fDateTime } from '@/lib/format';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const recharge: WalletEntry = {
  id: '30000000-0000-4000-8000-000000000001',
  kind: 'CREDIT',
  amountPaise: 150_000,
  balanceAfterPaise: 245_000,
  description: 'Wallet recharge',
  paymentId: 'pay_Q1',
  createdAt: '2026-03-10T05:30:00.000Z',
};
const planPayment: WalletEntry = {
  id: '30000000-0000-4000-8000-000000000002',
  kind: 'DEBIT',
  amountPaise: 249_900,
  balanceAfterPaise: 95_000,
  description: 'Plan: Clinic Basic (30 days)',
  paymentId: null,
  createdAt: '2026-02-01T04:00:00.000Z',
};

function openWalletPage(routes: Record<string, FakeRoute>, role: 'ADMIN' | 'WORKER' = 'ADMIN', path = '/wallet') {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', role));
  return { ...renderApp(path), api, user: userEvent.setup() };
}

describe('the wallet page', () => {
  it('shows the balance and the ledger newest first: date, description, type, amount and balance after', async () => {
    const entries = recording(() => ({ data: page([recharge, planPayment], 2) }));
    openWalletPage({ 'GET /wallet/entries': entries.route });
    const table = await screen.findByRole('table', { name: 'Wallet transactions' }, slow);
    await within(table).findByText('Wallet recharge');
    expect(await screen.findByRole('region', { name: 'Wallet Balance' })).toHaveTextContent('₹2,450.00');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [fDateTime(recharge.createdAt), 'Wallet recharge', 'Credit', '+₹1,500.00', '₹2,450.00'],
      [fDateTime(planPayment.createdAt), 'Plan: Clinic Basic (30 days)', 'Debit', '−₹2,499.00', '₹950.00'],
    ]);
    expect(entries.seen[0]?.params).toEqual({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(100);
    expect(screen.getByRole('button', { name: 'Recharge Wallet' })).toBeInTheDocument();
  });

  it('filters by type and dates, pages, and keeps it all in the URL', async () => {
    const entries = recording(() => ({ data: page([recharge], 60) }));
    const { router, user } = openWalletPage({ 'GET /wallet/entries': entries.route });
    await screen.findByRole('table', { name: 'Wallet transactions' }, slow);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Credit' }));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(entries.seen.at(-1)?.params).toEqual({ kind: 'CREDIT', from: '2026-03-01', to: '2026-03-31', page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' }),
    );

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(entries.seen.at(-1)?.params).toMatchObject({ kind: 'CREDIT', page: 2 }));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(entries.seen.at(-1)?.params).toMatchObject({ sort: 'amount', order: 'desc', page: 1 }));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toMatchObject({ kind: 'CREDIT', from: '2026-03-01', to: '2026-03-31', sort: 'amount', order: 'desc' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(entries.seen.at(-1)?.params).toEqual({ page: 1, pageSize: 25, sort: 'amount', order: 'desc' }));
  });

  it('exports the filtered ledger as CSV', async () => {
    const exports = recording(() => ({ data: 'date,description\n', headers: { 'content-disposition': 'attachment; filename="wallet-2026-03.csv"' } }));
    openWalletPage({ 'GET /wallet/entries': { data: page([recharge]) }, 'GET /wallet/entries/export.csv': exports.route }, 'ADMIN', '/wallet?kind=DEBIT&from=2026-02-01');
    URL.createObjectURL = vi.fn(() => 'blob:wallet');
    URL.revokeObjectURL = vi.fn();
    let savedAs: string | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    await screen.findByRole('table', { name: 'Wallet transactions' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports.seen).toHaveLength(1));
    expect(exports.seen[0]?.params).toEqual({ kind: 'DEBIT', from: '2026-02-01', sort: 'createdAt', order: 'desc' });
    await waitFor(() => expect(savedAs).toBe('wallet-2026-03.csv'));
  });

  it("says 'No matches' when the filters hide every entry, and 'No transactions yet' with none at all", async () => {
    openWalletPage({ 'GET /wallet/entries': { data: page([], 0) } }, 'ADMIN', '/wallet?kind=DEBIT');
    expect(await screen.findByText('No matches', {}, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  });

  it('shows a worker the balance, the ledger and the recharge', async () => {
    openWalletPage({ 'GET /wallet/entries': { data: page([recharge]) } }, 'WORKER');
    await screen.findByText('Wallet recharge', {}, slow);
    const card = await screen.findByRole('region', { name: 'Wallet Balance' });
    expect(card).toHaveTextContent('₹2,450.00');
    expect(within(card).getByRole('button', { name: 'Recharge Wallet' })).toBeInTheDocument();
  });
});
