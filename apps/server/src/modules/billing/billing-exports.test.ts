import type { Bill } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, serviceInput, staffClients } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { voucherDate } from './exports.js';

function csvRows(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body.slice(1).trimEnd().split('\r\n');
}

describe.each(bothDrivers)("the accountant's CSV exports (%s)", (driver) => {
  const t = useTestApp(driver);

  it('exports bills, payments and refunds by business date in Tally columns, for the caller only', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin, { consultationFeePaise: 60_000 });
    const patient = await addPatient(admin);
    const visit = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(2), startTime: '09:00' });
    expect(visit.statusCode, visit.body).toBe(201);
    const cd = await admin.post('/api/services', serviceInput({ pricePaise: 5_000, sacCode: '998599', gstRateBp: 1800, name: 'CD copy of images' }));
    expect(cd.statusCode, cd.body).toBe(201);

    const bill = (await worker.get(`/api/billing/bills?visitId=${visit.json<{ id: string }>().id}`)).json<Bill>();
    const added = await worker.post(`/api/billing/bills/${bill.id}/items`, { serviceId: cd.json<{ id: string }>().id, quantity: 2 });
    expect(added.json<Bill>()).toMatchObject({ subtotalPaise: 70_000, taxPaise: 1_800, totalPaise: 71_800 });
    const cash = await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 50_000 });
    const upi = await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'UPI', amountPaise: 10_000, reference: 'UPI-4471' });
    expect([cash.statusCode, upi.statusCode]).toEqual([201, 201]);
    // A reason a spreadsheet would run as a formula.
    const refund = await worker.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 10_000, reason: '=HYPERLINK("http://x.example")' });
    expect(refund.statusCode, refund.body).toBe(201);

    const day = bill.businessDate;
    const range = `from=${daysFromToday(-3)}&to=${daysFromToday(3)}`;
    const bills = await worker.get(`/api/billing/export/bills.csv?${range}`);
    expect(bills.statusCode, bills.body).toBe(200);
    expect(bills.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(bills.headers['content-disposition']).toMatch(/^attachment; filename="bills-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csvRows(bills.body)).toEqual([
      'Voucher Date,Voucher Type,Voucher Number,Party Name,UHID,Facility,GSTIN,Taxable Value,CGST,SGST,Discount,Total,Paid,Due,Narration',
      expect.stringMatching(
        new RegExp(`^${voucherDate(day)},Sales,${bill.number},${patient.name},[^,]+,[^,]*,,700\\.00,9\\.00,9\\.00,0\\.00,718\\.00,600\\.00,118\\.00,Refunded 100\\.00$`),
      ),
    ]);

    const payments = csvRows((await worker.get(`/api/billing/export/payments.csv?${range}`)).body);
    expect(payments[0]).toBe('Voucher Date,Voucher Type,Voucher Number,Against Bill,Party Name,Mode,Ledger,Amount,Reference,Received By');
    expect(payments.slice(1).map((line) => line.split(',').slice(0, 9).join(','))).toEqual([
      `${voucherDate(day)},Receipt,${cash.json<{ receiptNumber: string }>().receiptNumber},${bill.number},${patient.name},CASH,Cash,500.00,`,
      `${voucherDate(day)},Receipt,${upi.json<{ receiptNumber: string }>().receiptNumber},${bill.number},${patient.name},UPI,Bank (UPI),100.00,UPI-4471`,
    ]);

    const refunds = csvRows((await worker.get(`/api/billing/export/refunds.csv?${range}`)).body);
    expect(refunds).toEqual([
      'Voucher Date,Voucher Type,Voucher Number,Against Bill,Party Name,Mode,Ledger,Amount,Reason,Issued By',
      expect.stringContaining(
        `${voucherDate(day)},Credit Note,${refund.json<{ number: string }>().number},${bill.number},${patient.name},CASH,Cash,100.00,"'=HYPERLINK(""http://x.example"")",`,
      ),
    ]);

    // Outside the dates, and for another organisation: the header alone.
    expect(csvRows((await worker.get(`/api/billing/export/payments.csv?from=${daysFromToday(1)}&to=${daysFromToday(5)}`)).body)).toHaveLength(1);
    const outsider = await staffClients(t.app, await createOrganisation(t.database.db));
    for (const kind of ['bills', 'payments', 'refunds']) expect(csvRows((await outsider.admin.get(`/api/billing/export/${kind}.csv?${range}`)).body)).toHaveLength(1);

    const exports = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.action === 'export');
    expect(exports.map((entry) => [entry.entity, entry.route]).sort()).toEqual([
      ['billing', 'GET /api/billing/export/bills.csv'],
      ['billing', 'GET /api/billing/export/payments.csv'],
      ['billing', 'GET /api/billing/export/payments.csv'],
      ['billing', 'GET /api/billing/export/refunds.csv'],
    ]);
  });

  it('asks for both dates, in order, at most 366 days apart', async () => {
    const { worker } = await staffClients(t.app, await createOrganisation(t.database.db));
    const missing = await worker.get('/api/billing/export/bills.csv?from=2026-04-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['to']);
    const tooLong = await worker.get('/api/billing/export/payments.csv?from=2025-04-01&to=2026-04-03');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ issues: unknown[] }>().issues).toEqual([{ path: 'to', message: 'Choose dates at most 366 days apart' }]);
    const backwards = await worker.get('/api/billing/export/refunds.csv?from=2026-04-02&to=2026-04-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ issues: unknown[] }>().issues).toEqual([{ path: 'to', message: 'Choose an end date on or after the start date' }]);
    // A leap financial year is one export.
    expect((await worker.get('/api/billing/export/bills.csv?from=2027-04-01&to=2028-03-31')).statusCode).toBe(200);
  });
});
