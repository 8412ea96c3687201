import type { Bill, BillPayment, BillPaymentLink } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentRow, makeAppointment, makeDoctor } from '@/features/appointments/appointment-fixtures';
import { liveQueryKeys } from '@/lib/events';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { paiseOf } from './amounts';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

function makeBill(overrides: Partial<Bill> = {}): Bill {
  return {
    id: '70000000-0000-4000-8000-000000000001',
    number: 'SMH-INV/2026-27/000042',
    facilityId: '10000000-0000-4000-8000-000000000001',
    facilityName: 'Sanjeevani Multispeciality Hospital',
    gstin: null,
    appointmentId: null,
    bookingId: null,
    patientId: '20000000-0000-4000-8000-000000000001',
    patientName: 'Sunita Pawar',
    uhid: 'MR-000123',
    businessDate: '2026-11-25',
    items: [
      {
        id: '71000000-0000-4000-8000-000000000001',
        kind: 'REGISTRATION',
        serviceId: null,
        description: 'Registration fee',
        sacCode: '999312',
        quantity: 1,
        unitPricePaise: 10_000,
        amountPaise: 10_000,
        discountPaise: 0,
        gstRateBp: 0,
        taxPaise: 0,
        totalPaise: 10_000,
      },
      {
        id: '71000000-0000-4000-8000-000000000002',
        kind: 'CONSULTATION',
        serviceId: null,
        description: 'Consultation, Dr. Meera Kulkarni (Cardiology)',
        sacCode: '999312',
        quantity: 1,
        unitPricePaise: 60_000,
        amountPaise: 60_000,
        discountPaise: 0,
        gstRateBp: 0,
        taxPaise: 0,
        totalPaise: 60_000,
      },
    ],
    subtotalPaise: 70_000,
    discountPaise: 0,
    discountReason: null,
    taxPaise: 0,
    totalPaise: 70_000,
    paidPaise: 0,
    refundedPaise: 0,
    duePaise: 70_000,
    status: 'UNPAID',
    locked: false,
    discountRequest: null,
    payments: [],
    creditNotes: [],
    createdAt: '2026-11-25T05:00:00.000Z',
    ...overrides,
  };
}

async function openBill(routes: Record<string, FakeRoute>, options: { live?: boolean } = {}) {
  const appointment = makeAppointment({ tokenNumber: 7, status: 'CHECKED_IN' });
  const bill = makeBill({ appointmentId: appointment.id });
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([appointmentRow(appointment)]) },
    'GET /doctors': { data: page([makeDoctor()]) },
    'GET /billing/bills': { data: bill },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'WORKER'));
  renderApp('/appointments', options.live ? { liveEvents: fakeLiveEventsClient() } : {});
  const grid = await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
  const user = userEvent.setup();
  await user.click(await within(grid).findByRole('button', { name: 'More actions for token 007' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Collect fee' }));
  const dialog = await screen.findByRole('dialog', { name: `Bill ${bill.number}` }, { timeout: 10_000 });
  return { api, bill, dialog, user, appointment };
}

describe('the bill at the desk', () => {
  it('reads amounts the way a desk types them', () => {
    expect(paiseOf('500')).toBe(50_000);
    expect(paiseOf('₹ 1,250.5')).toBe(125_050);
    expect(paiseOf('0.01')).toBe(1);
    expect(paiseOf('12.345')).toBeUndefined();
    expect(paiseOf('abc')).toBeUndefined();
    expect(paiseOf('')).toBeUndefined();
  });

  it("opens the visit's bill from its row, collects by UPI and prints the receipt", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const objectUrl = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() });
    let sent: unknown;
    const pdf = recording(() => ({
      data: new Blob(['%PDF-1.3'], { type: 'application/pdf' }),
      headers: { 'content-disposition': 'inline; filename="receipt-SMH-RCT-2026-27-000311.pdf"' },
    }));
    const { api, bill, dialog, user, appointment } = await openBill({
      'GET /billing/payments/72000000-0000-4000-8000-000000000001/receipt.pdf': pdf.route,
      'POST /billing/bills/70000000-0000-4000-8000-000000000001/payments': (body) => {
        sent = body;
        const payment: BillPayment = {
          id: '72000000-0000-4000-8000-000000000001',
          receiptNumber: 'SMH-RCT/2026-27/000311',
          mode: 'UPI',
          amountPaise: 70_000,
          reference: 'UTR4455',
          businessDate: '2026-11-25',
          receivedBy: 'Wasim Worker',
          createdAt: '2026-11-25T05:10:00.000Z',
        };
        return { status: 201, data: { ...payment, bill: makeBill({ appointmentId: appointment.id, paidPaise: 70_000, duePaise: 0, status: 'PAID', payments: [payment] }) } };
      },
    });
    expect(api.calls.find((call) => call.url === '/billing/bills')).toBeDefined();
    expect(within(dialog).getByText('Consultation, Dr. Meera Kulkarni (Cardiology)')).toBeInTheDocument();
    expect(within(dialog).getByText(/Token 007 · .* · Unpaid/)).toBeInTheDocument();

    const form = within(dialog).getByRole('form', { name: 'Collect payment' });
    await user.click(within(form).getByRole('button', { name: 'UPI' }));
    const amount = within(form).getByRole('textbox', { name: 'Amount (₹)' });
    expect(amount).toHaveValue('700');
    await user.clear(amount);
    await user.type(amount, '800');
    expect(within(form).getByText('Only ₹700.00 is due')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Collect' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '700');
    await user.type(within(form).getByRole('textbox', { name: 'UPI transaction id (optional)' }), 'UTR4455');
    await user.click(within(form).getByRole('button', { name: 'Collect ₹700.00' }));

    await waitFor(() => expect(sent).toEqual({ mode: 'UPI', amountPaise: 70_000, reference: 'UTR4455' }));
    const receipt = await within(dialog).findByRole('region', { name: 'Receipt SMH-RCT/2026-27/000311' });
    expect(within(receipt).getByText('Sunita Pawar (MR-000123)')).toBeInTheDocument();
    expect(within(receipt).getByText(bill.number)).toBeInTheDocument();
    expect(within(receipt).getByText('Received (UPI UTR4455)')).toBeInTheDocument();
    expect(await screen.findByText('Receipt SMH-RCT/2026-27/000311: ₹700.00 received')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Collect payment' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '80 mm roll' }));
    await user.click(within(dialog).getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);

    // The same receipt as a PDF on the paper chosen, through the signed-in client.
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(objectUrl).toHaveBeenCalledTimes(1));
    expect(pdf.seen).toEqual([{ params: { paper: 'thermal' }, body: undefined }]);
    // The whole desk flow in one story: at the load CI runs under it takes longer than the default.
  }, 40_000);

  it("shows the server's refusal and keeps the form", async () => {
    const { dialog, user } = await openBill({
      'POST /billing/bills/70000000-0000-4000-8000-000000000001/payments': { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'Nothing is due on this bill' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Collect ₹700.00' }));
    expect(await screen.findByText('Nothing is due on this bill')).toBeInTheDocument();
    expect(within(dialog).getByRole('form', { name: 'Collect payment' })).toBeInTheDocument();
  });
});

const BILL_ID = '70000000-0000-4000-8000-000000000001';
const LINK_ID = '73000000-0000-4000-8000-000000000001';
const LINK_URL = 'upi://pay?pa=caredesk-test%40sim&am=500.00&cu=INR';

function makeLink(overrides: Partial<BillPaymentLink> = {}): BillPaymentLink {
  return {
    id: LINK_ID,
    billId: BILL_ID,
    amountPaise: 50_000,
    url: LINK_URL,
    upi: true,
    status: 'ACTIVE',
    expiresAt: '2026-11-25T05:40:00.000Z',
    simulated: true,
    payment: null,
    createdAt: '2026-11-25T05:10:00.000Z',
    ...overrides,
  };
}

const onlinePayment: BillPayment = {
  id: '72000000-0000-4000-8000-000000000002',
  receiptNumber: 'SMH-RCT/2026-27/000312',
  mode: 'ONLINE',
  amountPaise: 50_000,
  reference: 'pay_sim_1',
  businessDate: '2026-11-25',
  receivedBy: 'Wasim Worker',
  createdAt: '2026-11-25T05:12:00.000Z',
};

/** A bill whose link the test settles, as the gateway would, by switching what the server answers. */
function onlineServer() {
  const state = { paid: false, linkReads: 0, made: [] as unknown[], cancelled: 0 };
  const billNow = () => makeBill(state.paid ? { paidPaise: 50_000, duePaise: 20_000, status: 'PARTLY_PAID', payments: [onlinePayment] } : {});
  const routes: Record<string, FakeRoute> = {
    'GET /billing/bills': () => ({ data: billNow() }),
    [`POST /billing/bills/${BILL_ID}/payment-links`]: (body) => {
      state.made.push(body);
      return { status: 201, data: makeLink() };
    },
    [`GET /billing/payment-links/${LINK_ID}`]: () => {
      state.linkReads += 1;
      return { data: state.paid ? makeLink({ status: 'PAID', payment: onlinePayment }) : makeLink() };
    },
    [`POST /billing/payment-links/${LINK_ID}/cancel`]: () => {
      state.cancelled += 1;
      return { data: makeLink({ status: 'CANCELLED' }) };
    },
  };
  return { state, routes };
}

async function makeOnlineLink(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const form = within(dialog).getByRole('form', { name: 'Collect payment' });
  await user.click(within(form).getByRole('button', { name: 'Online' }));
  expect(within(form).queryByRole('textbox', { name: /transaction id|slip number/ })).not.toBeInTheDocument();
  const amount = within(form).getByRole('textbox', { name: 'Amount (₹)' });
  await user.clear(amount);
  await user.type(amount, '500');
  await user.click(within(form).getByRole('button', { name: 'Make payment link' }));
  return within(dialog).findByRole('region', { name: 'Payment link' });
}

describe('online payment at the desk', () => {
  it('refreshes the bills and their links on bill.updated', () => {
    expect(liveQueryKeys['bill.updated']).toEqual([['billing']]);
  });

  it('makes a link for the amount entered, shows its QR and URL, copies it, and turns into the receipt when the gateway settles it', async () => {
    const server = onlineServer();
    const { dialog, user } = await openBill(server.routes, { live: true });
    act(() => FakeSocket.last().ready());
    const section = await makeOnlineLink(dialog, user);
    expect(server.state.made).toEqual([{ amountPaise: 50_000, upi: true }]);
    expect(within(section).getByText('Online payment of ₹500.00')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'QR code of the payment link' })).toHaveAttribute('data-qr-value', LINK_URL);
    expect(within(section).getByRole('textbox', { name: 'Payment link' })).toHaveValue(LINK_URL);
    expect(within(section).getByText('Waiting for payment…')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel link' })).toBeEnabled();
    await user.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK_URL);
    // No message channel carries links to patients yet, so the dialog offers none.
    expect(within(dialog).queryByRole('button', { name: /send/i })).not.toBeInTheDocument();

    // The patient pays on their phone; the server announces it.
    server.state.paid = true;
    act(() => FakeSocket.last().receive({ type: 'bill.updated', billId: BILL_ID, linkId: LINK_ID }));
    const receipt = await within(dialog).findByRole('region', { name: 'Receipt SMH-RCT/2026-27/000312' }, { timeout: 10_000 });
    expect(within(receipt).getByText('Received (Online pay_sim_1)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Waiting for payment…')).not.toBeInTheDocument();
  }, 40_000);

  it('asks after the link every few seconds when no live event comes', async () => {
    const server = onlineServer();
    const { dialog, user } = await openBill(server.routes);
    await makeOnlineLink(dialog, user);
    const readsBefore = server.state.linkReads;
    server.state.paid = true;
    expect(await within(dialog).findByRole('region', { name: 'Receipt SMH-RCT/2026-27/000312' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(server.state.linkReads).toBeGreaterThan(readsBefore);
  }, 40_000);

  it('cancels the link and goes back to the payment form', async () => {
    const server = onlineServer();
    const { dialog, user } = await openBill(server.routes);
    const section = await makeOnlineLink(dialog, user);
    await user.click(within(section).getByRole('button', { name: 'Cancel link' }));
    await waitFor(() => expect(server.state.cancelled).toBe(1));
    expect(await within(dialog).findByRole('form', { name: 'Collect payment' })).toBeInTheDocument();
    expect(await screen.findByText('Payment link cancelled')).toBeInTheDocument();
  }, 40_000);
});
