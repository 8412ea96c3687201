import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientReceipt } from '@caredesk/shared';
import { fakeApi, signedIn } from '@/test/fake-api';
import { creditNote, receipt } from '@/test/receipt-fixtures';
import { renderApp } from '@/test/render-app';
import { page } from '@/test/visit-fixtures';

const listOf = (receipts: PatientReceipt[]) => ({ 'GET /patient/receipts': () => ({ status: 200, body: page(receipts) }) });

describe('My receipts', () => {
  let saved: { href: string; download: string }[];
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved = [];
    // jsdom neither makes object URLs nor downloads: record what the app hands the browser.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
  });

  it('sends a patient who is not signed in to sign in first, then back', async () => {
    fakeApi({});
    await renderApp('/p/receipts');
    // Two pages load on first use here (this one, then signing in): room for a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 10_000 })).toBeVisible();
    expect(window.location.search).toBe(`?next=${encodeURIComponent('/p/receipts')}`);
  }, 20_000);

  it('is reached from the navigation and the home page', async () => {
    signedIn();
    fakeApi(listOf([]));
    await renderApp('/p/');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Receipts' })).toHaveAttribute('href', '/p/receipts');
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Receipts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My receipts' })).toBeVisible();
    expect(document.title).toBe('My receipts · CareDesk');
  });

  it('lists receipts and credit notes: number, amount, date, where, what for, how paid', async () => {
    signedIn();
    fakeApi(listOf([creditNote(), receipt()]));
    await renderApp('/p/receipts');
    const list = await screen.findByRole('list', { name: 'My receipts' });
    const [refund, paid] = within(list).getAllByRole('article');
    expect(paid).toHaveAccessibleName('SMH-RCT/2026-27/000123');
    expect(paid).toHaveTextContent('Receipt');
    expect(paid).toHaveTextContent('₹700.50');
    expect(paid).toHaveTextContent('Fri, 27 Nov, 2026');
    expect(paid).toHaveTextContent('Sanjeevani Multispeciality Hospital · Main campus');
    expect(paid).toHaveTextContent('Consultation: Dr. Kavya Rao, Registration');
    expect(paid).toHaveTextContent('Paid byUPI');
    expect(refund).toHaveAccessibleName('SMH-CN/2026-27/000004');
    expect(refund).toHaveTextContent('Credit note (refund)');
    expect(refund).toHaveTextContent('− ₹100');
    expect(refund).toHaveTextContent('Refunded byCash');
  });

  it('names the bill when it has no items to show', async () => {
    signedIn();
    fakeApi(listOf([receipt({ items: [] })]));
    await renderApp('/p/receipts');
    expect(await screen.findByRole('article', { name: 'SMH-RCT/2026-27/000123' })).toHaveTextContent('Bill SMH-INV/2026-27/000077');
  });

  it('downloads a receipt’s and a credit note’s PDF with the patient’s token, named by the number', async () => {
    signedIn();
    const { calls } = fakeApi({
      ...listOf([creditNote(), receipt()]),
      [`GET /patient/receipts/${receipt().id}/receipt.pdf`]: () => ({ status: 200, body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } }),
      [`GET /patient/credit-notes/${creditNote().id}/credit-note.pdf`]: () => ({ status: 200, body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } }),
    });
    await renderApp('/p/receipts');
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of receipt SMH-RCT/2026-27/000123' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF of credit note SMH-CN/2026-27/000004' }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.download)).toEqual(['receipt-SMH-RCT-2026-27-000123.pdf', 'credit-note-SMH-CN-2026-27-000004.pdf']);
    expect(saved[0]!.href).toBe('blob:receipt');
    const pdfCalls = calls.filter((call) => call.path.endsWith('.pdf'));
    expect(pdfCalls.map((call) => call.authorization)).toEqual(['Bearer token-1', 'Bearer token-1']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when a PDF cannot be downloaded, beside its receipt', async () => {
    signedIn();
    fakeApi(listOf([receipt()]));
    await renderApp('/p/receipts');
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of receipt SMH-RCT/2026-27/000123' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be downloaded. Please try again.');
    expect(saved).toEqual([]);
  });

  it('shows the empty state when there are none', async () => {
    signedIn();
    fakeApi(listOf([]));
    await renderApp('/p/receipts');
    expect(await screen.findByRole('heading', { level: 2, name: 'No receipts yet' })).toBeVisible();
    expect(screen.getByText('Receipts for payments made with this mobile number at a hospital, clinic or scan centre appear here.')).toBeVisible();
  });

  it('shows loading, then a failure with a retry that loads the list', async () => {
    signedIn();
    let fail = true;
    fakeApi({ 'GET /patient/receipts': () => (fail ? { status: 500, body: { message: 'boom' } } : { status: 200, body: page([receipt()]) }) });
    await renderApp('/p/receipts');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your receipts…');
    expect(await screen.findByText(/Your receipts could not be loaded\./)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'SMH-RCT/2026-27/000123' })).toBeVisible();
  });

  it('speaks Hindi', async () => {
    signedIn();
    fakeApi(listOf([receipt()]));
    await renderApp('/p/receipts', 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी रसीदें' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'रसीद SMH-RCT/2026-27/000123 का PDF डाउनलोड करें' })).toBeVisible();
  });
});
