import type { DayBook } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, recording } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

const modes = (cash: number, upi = 0) => ({ CASH: cash, UPI: upi, CARD: 0, ONLINE: 0 });

function makeDayBook(overrides: Partial<DayBook> = {}): DayBook {
  return {
    date: '2026-11-25',
    facilityId: '10000000-0000-4000-8000-000000000001',
    billedPaise: 150_000,
    duePaise: 40_000,
    bills: 2,
    receivedPaise: 110_000,
    refundedPaise: 10_000,
    netByMode: modes(80_000, 20_000),
    expectedCashPaise: 80_000,
    byStaff: [
      { staffId: '30000000-0000-4000-8000-000000000001', staffName: 'Wasim Worker', receipts: 2, receivedPaise: 110_000, refundedPaise: 10_000, netByMode: modes(80_000, 20_000) },
    ],
    entries: [
      {
        kind: 'PAYMENT',
        id: '72000000-0000-4000-8000-000000000001',
        number: 'SMH-RCT/2026-27/000311',
        billId: '70000000-0000-4000-8000-000000000001',
        billNumber: 'SMH-INV/2026-27/000042',
        patientName: 'Sunita Pawar',
        mode: 'CASH',
        amountPaise: 90_000,
        staffName: 'Wasim Worker',
        createdAt: '2026-11-25T05:10:00.000Z',
      },
      {
        kind: 'REFUND',
        id: '73000000-0000-4000-8000-000000000001',
        number: 'SMH-CN/2026-27/000004',
        billId: '70000000-0000-4000-8000-000000000001',
        billNumber: 'SMH-INV/2026-27/000042',
        patientName: 'Sunita Pawar',
        mode: 'CASH',
        amountPaise: 10_000,
        staffName: 'Wasim Worker',
        createdAt: '2026-11-25T06:10:00.000Z',
      },
    ],
    closed: null,
    ...overrides,
  };
}

describe('the day book', () => {
  it("shows the day's receipts and refunds, and closes it against the cash counted", async () => {
    // The server's book, closed by the POST.
    let book = makeDayBook();
    const close = recording(() => {
      book = makeDayBook({
        closed: {
          expectedCashPaise: 80_000,
          countedCashPaise: 75_000,
          differencePaise: -5_000,
          note: 'Change given',
          closedBy: 'Wasim Worker',
          closedAt: '2026-11-25T14:00:00.000Z',
        },
      });
      return { data: book };
    });
    const api = installFakeApi({ ...headerRoutes(), 'GET /billing/day-book': () => ({ data: book }), 'POST /billing/day-book/close': close.route });
    restore = api.restore;
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    renderApp('/day-book');
    expect(await screen.findByRole('heading', { level: 1, name: 'Day book' }, { timeout: 15_000 })).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Received').nextSibling).toHaveTextContent('₹1,100.00');
    expect(within(totals).getByText('Net Cash').nextSibling).toHaveTextContent('₹800.00');
    expect(within(totals).getByText('Billed (2 bills)')).toBeInTheDocument();
    const entries = screen.getByRole('table', { name: 'Receipts and refunds' });
    expect(within(entries).getByText('SMH-RCT/2026-27/000311')).toBeInTheDocument();
    expect(within(entries).getByText('−₹100.00')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'By staff member' })).getByText('Wasim Worker')).toBeInTheDocument();

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Close the day' });
    expect(within(form).getByText('Expected ₹800.00')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Cash counted (₹)' }), '750');
    expect(within(form).getByText('Short by ₹50.00')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'Change given');
    await user.click(within(form).getByRole('button', { name: 'Close the day' }));
    await waitFor(() => expect(close.seen[0]?.body).toEqual({ date: '2026-11-25', countedCashPaise: 75_000, note: 'Change given' }));
    expect(await screen.findByText(/Closed by Wasim Worker on .*: counted ₹750.00 against ₹800.00 expected, short by ₹50.00. Change given/)).toBeInTheDocument();
  });

  it('names the payment modes in the console’s language, from the shared labels', { timeout: 60_000 }, async () => {
    const book = makeDayBook({ entries: [{ ...makeDayBook().entries[0]!, mode: 'UPI' }, makeDayBook().entries[1]!] });
    const api = installFakeApi({ ...headerRoutes(), 'GET /billing/day-book': { data: book } });
    restore = api.restore;
    await activateLanguage('hi');
    storeSession({ ...makeUser('HOSPITAL', 'WORKER'), language: 'hi' });
    renderApp('/day-book');
    const totals = await screen.findByRole('region', { name: 'कुल योग' }, { timeout: 15_000 });
    expect(within(totals).getByText('नेट नकद').nextSibling).toHaveTextContent('₹800.00');
    expect(within(totals).getByText('नेट ऑनलाइन')).toBeInTheDocument();
    const entries = screen.getByRole('table', { name: 'रसीदें और रिफ़ंड' });
    expect(within(entries).getAllByRole('cell', { name: 'UPI' })).toHaveLength(1);
    expect(within(entries).getAllByRole('cell', { name: 'नकद' })).toHaveLength(1);
    expect(within(entries).queryByRole('cell', { name: 'Cash' })).toBeNull();
  });
});
