import { financialYearOf, formatDocumentNumber, type Bill } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billPayments } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { atTime } from '../../test/clock.js';
import { bothDrivers } from '../../test/database.js';
import { addFacility, apiAs, createOrganisation, serviceInput, signIn, staffClients, type ApiClient } from '../../test/fixtures.js';

async function addItem(client: ApiClient, pricePaise = 50_000): Promise<string> {
  const response = await client.post('/api/services', serviceInput({ pricePaise }));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function walkInBill(client: ApiClient, serviceId: string): Promise<Bill> {
  const response = await client.post('/api/billing/bills', { items: [{ serviceId, quantity: 1 }] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Bill>();
}

const sequenceOf = (number: string) => Number(number.split('/').at(-1));

describe('financial years and document numbers', () => {
  it('runs April to March', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('prints the prefix, the year and six digits', () => {
    expect(formatDocumentNumber('JNR', '2026-27', 123)).toBe('JNR/2026-27/000123');
    expect(formatDocumentNumber('JNR', '2026-27', 1_234_567)).toBe('JNR/2026-27/1234567');
  });
});

describe.each(bothDrivers)('receipt and invoice numbers (%s)', (driver) => {
  const t = useTestApp(driver);

  // 200 requests through the whole app, each a transaction under the facility's counter lock: on
  // PGlite, which runs them one at a time, that is past the default 30 s on a loaded 2-core CI.
  it('gives 100 concurrent receipts in one facility 100 numbers with no gap and no duplicate', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const serviceId = await addItem(admin);
    const bills = await Promise.all(Array.from({ length: 100 }, () => walkInBill(worker, serviceId)));
    const payments = await Promise.all(
      bills.map((bill, index) => (index % 2 === 0 ? admin : worker).post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 50_000 })),
    );
    expect(payments.map((response) => response.statusCode)).toEqual(Array.from({ length: 100 }, () => 201));

    const receipts = payments.map((response) => response.json<{ receiptNumber: string }>().receiptNumber);
    const year = financialYearOf(bills[0]!.businessDate);
    expect(new Set(receipts).size).toBe(100);
    expect(receipts.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    for (const receipt of receipts) expect(receipt).toMatch(new RegExp(`^[A-Z0-9]+-RCT/${year}/\\d{6}$`));
    // The invoices were made concurrently too, under their own counter.
    expect(bills.map((bill) => sequenceOf(bill.number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));

    const stored = await t.database.db.select({ number: billPayments.number }).from(billPayments).where(eq(billPayments.organisationId, org.id));
    expect(stored.map((row) => row.number).sort()).toEqual([...receipts].sort());
  }, 120_000);

  it('gives a number back when its payment fails, so the next one takes it', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const bill = await walkInBill(admin, await addItem(admin, 10_000));
    const first = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'UPI', amountPaise: 4_000, reference: 'UTR001' });
    // More than is due: refused after nothing was written.
    const refused = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 6_001 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'amountPaise: Only ₹60 is due', issues: [{ path: 'amountPaise', message: 'Only ₹60 is due' }] });
    const second = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 6_000 });
    expect([first, second].map((response) => sequenceOf(response.json<{ receiptNumber: string }>().receiptNumber))).toEqual([1, 2]);
    expect(second.json<{ bill: Bill }>().bill).toMatchObject({ paidPaise: 10_000, duePaise: 0, status: 'PAID' });
    const again = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Nothing is due on this bill');
  });

  it("numbers each facility apart, with the prefix an admin sets and no prefix of another facility's", async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const { admin, worker } = await staffClients(t.app, org);
    const branch = await addFacility(t.database.db, org.id, 'Jayanagar Road Branch');
    const facilities = (await admin.get('/api/billing/facilities')).json<{
      data: { facilityId: string; receiptPrefix: string; invoicePrefix: string; creditNotePrefix: string }[];
    }>().data;
    expect(facilities.find((facility) => facility.facilityId === branch.id)).toMatchObject({ receiptPrefix: 'JRB-RCT', invoicePrefix: 'JRB-INV', creditNotePrefix: 'JRB-CN' });
    const main = facilities.find((facility) => facility.facilityId !== branch.id)!;

    expect((await worker.patch(`/api/billing/facilities/${branch.id}`, { receiptPrefix: 'JNR' })).statusCode).toBe(403);
    const set = await admin.patch(`/api/billing/facilities/${branch.id}`, { receiptPrefix: 'jnr', gstin: '29ABCDE1234F1Z5' });
    expect(set.json()).toMatchObject({ receiptPrefix: 'JNR', gstin: '29ABCDE1234F1Z5' });
    const taken = await admin.patch(`/api/billing/facilities/${main.facilityId}`, { invoicePrefix: 'JNR' });
    expect(taken.json()).toMatchObject({ statusCode: 409, issues: [{ path: 'invoicePrefix', message: 'Another facility uses this prefix' }] });
    expect((await admin.patch(`/api/billing/facilities/${branch.id}`, { invoicePrefix: 'JNR' })).statusCode).toBe(409);

    const serviceId = await addItem(admin);
    const atBranch = await worker.post('/api/billing/bills', { facilityId: branch.id, items: [{ serviceId, quantity: 1 }] });
    const atMain = await worker.post('/api/billing/bills', { items: [{ serviceId, quantity: 1 }] });
    expect(atBranch.json<Bill>()).toMatchObject({ facilityId: branch.id, facilityName: 'Jayanagar Road Branch', gstin: '29ABCDE1234F1Z5' });
    expect(atMain.json<Bill>().facilityId).toBe(main.facilityId);
    const receipts = await Promise.all(
      [atBranch, atMain].map(
        async (bill) =>
          (await worker.post(`/api/billing/bills/${bill.json<Bill>().id}/payments`, { mode: 'CASH', amountPaise: 50_000 })).json<{ receiptNumber: string }>().receiptNumber,
      ),
    );
    expect(receipts[0]).toMatch(/^JNR\/\d{4}-\d{2}\/000001$/);
    expect(receipts[1]).toMatch(new RegExp(`^${main.receiptPrefix}/\\d{4}-\\d{2}/000001$`));
  });

  it('starts every kind of number again at 1 on the first of April', async () => {
    const org = await createOrganisation(t.database.db);
    // The clock moves months ahead, past a token's life: sign in at each moment.
    const at = async <T>(instant: string, work: (client: ApiClient) => Promise<T>) =>
      atTime(new Date(instant), async () => work(apiAs(t.app, (await signIn(t.app, org.admin.email)).access_token)));

    const march = await at('2027-03-31T23:50:00+05:30', async (admin) => {
      const serviceId = await addItem(admin, 20_000);
      const bills = [await walkInBill(admin, serviceId), await walkInBill(admin, serviceId)];
      const paid = await admin.post(`/api/billing/bills/${bills[0]!.id}/payments`, { mode: 'CASH', amountPaise: 20_000 });
      const refund = await admin.post(`/api/billing/bills/${bills[0]!.id}/refunds`, { mode: 'CASH', amountPaise: 5_000, reason: 'Dressing not needed' });
      return {
        serviceId,
        bills,
        receipt: paid.json<{ receiptNumber: string }>().receiptNumber,
        creditNote: refund.json<{ number: string }>().number,
        businessDate: bills[0]!.businessDate,
      };
    });
    expect(march.businessDate).toBe('2027-03-31');
    expect(march.bills.map((bill) => bill.number)).toEqual([expect.stringMatching(/\/2026-27\/000001$/), expect.stringMatching(/\/2026-27\/000002$/)]);
    expect(march.receipt).toMatch(/-RCT\/2026-27\/000001$/);
    expect(march.creditNote).toMatch(/-CN\/2026-27\/000001$/);

    const april = await at('2027-04-01T00:10:00+05:30', async (admin) => {
      const bill = await walkInBill(admin, march.serviceId);
      // The March bill paid in April: its receipt is April's, in the new year.
      const paid = await admin.post(`/api/billing/bills/${march.bills[1]!.id}/payments`, { mode: 'CARD', amountPaise: 20_000 });
      const refund = await admin.post(`/api/billing/bills/${march.bills[1]!.id}/refunds`, { mode: 'CARD', amountPaise: 20_000, reason: 'Charged twice' });
      return { bill, receipt: paid.json<{ receiptNumber: string; businessDate: string }>(), creditNote: refund.json<{ number: string }>().number };
    });
    expect(april.bill.number).toMatch(/-INV\/2027-28\/000001$/);
    expect(april.receipt.receiptNumber).toMatch(/-RCT\/2027-28\/000001$/);
    expect(april.receipt.businessDate).toBe('2027-04-01');
    expect(april.creditNote).toMatch(/-CN\/2027-28\/000001$/);
  });
});
