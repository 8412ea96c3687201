import type { Bill, DayBook } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, serviceInput, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

async function book(client: ApiClient, doctorId: string, patientId: string, date: string, startTime = '09:00'): Promise<string> {
  const response = await client.post('/api/appointments', { doctorId, patientId, date, startTime });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function billOf(client: ApiClient, visitId: string): Promise<Bill> {
  const response = await client.get(`/api/billing/bills?visitId=${visitId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Bill>();
}

async function item(client: ApiClient, pricePaise: number, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post('/api/services', serviceInput({ pricePaise, ...extra }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe.each(bothDrivers)('bills (%s)', (driver) => {
  const t = useTestApp(driver);

  it("makes a visit's bill once, on its first read, with registration for a new patient and a free follow-up", async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    expect((await admin.patch('/api/billing/settings', { registrationFeePaise: 10_000, freeFollowUpDays: 7, followUpDays: 30, followUpFeePaise: 30_000 })).statusCode).toBe(200);
    const doctor = await addDoctor(admin, { consultationFeePaise: 60_000 });
    const patient = await addPatient(admin);
    const first = await book(admin, doctor.id, patient.id, daysFromToday(2));
    const second = await book(admin, doctor.id, patient.id, daysFromToday(5));
    const third = await book(admin, doctor.id, patient.id, daysFromToday(30));

    // Two desks open the first visit at once: one bill.
    const [a, b] = await Promise.all([billOf(admin, first), billOf(worker, first)]);
    expect(a.id).toBe(b.id);
    expect(a.items.map((line) => [line.kind, line.unitPricePaise])).toEqual([
      ['REGISTRATION', 10_000],
      ['CONSULTATION', 60_000],
    ]);
    expect(a).toMatchObject({
      appointmentId: first,
      patientId: patient.id,
      patientName: patient.name,
      subtotalPaise: 70_000,
      totalPaise: 70_000,
      duePaise: 70_000,
      status: 'UNPAID',
      locked: false,
    });
    expect(a.number).toMatch(/-INV\/\d{4}-\d{2}\/000001$/);

    const followUp = await billOf(worker, second);
    expect(followUp.items).toEqual([expect.objectContaining({ kind: 'FOLLOW_UP', unitPricePaise: 0, description: expect.stringContaining('free within 7 days') })]);
    expect(followUp.totalPaise).toBe(0);
    const paidFollowUp = await billOf(worker, third);
    expect(paidFollowUp.items).toEqual([expect.objectContaining({ kind: 'FOLLOW_UP', unitPricePaise: 30_000 })]);
  });

  it('bills a scan at its price with its GST, and adds catalogue items while the day is open', async () => {
    const org = await createOrganisation(t.database.db, { type: 'SCAN' });
    const { admin } = await staffClients(t.app, org);
    const scan = await addScan(admin, { pricePaise: 100_000 });
    const patient = await addPatient(admin);
    const booked = await admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date: daysFromToday(2), startTime: '09:00' });
    expect(booked.statusCode, booked.body).toBe(201);
    const cd = await item(admin, 5_000, { sacCode: '998599', gstRateBp: 1800, name: 'CD copy of images' });

    const bill = await billOf(admin, booked.json<{ id: string }>().id);
    expect(bill.items).toEqual([expect.objectContaining({ kind: 'SERVICE', serviceId: scan.id, unitPricePaise: 100_000, taxPaise: 0 })]);
    const added = await admin.post(`/api/billing/bills/${bill.id}/items`, { serviceId: cd, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    // 2 × ₹50 at 18 %: ₹18 of tax.
    expect(added.json<Bill>()).toMatchObject({ subtotalPaise: 110_000, taxPaise: 1_800, totalPaise: 111_800 });
    const cdLine = added.json<Bill>().items[1]!;
    expect(cdLine).toMatchObject({ sacCode: '998599', quantity: 2, amountPaise: 10_000, gstRateBp: 1800, taxPaise: 1_800, totalPaise: 11_800 });

    const removed = await admin.delete(`/api/billing/bills/${bill.id}/items/${cdLine.id}`);
    expect(removed.json<Bill>()).toMatchObject({ subtotalPaise: 100_000, taxPaise: 0, totalPaise: 100_000 });
  });

  it("refuses a worker's discount over the limit, keeps it for an admin when asked, and taxes what is left", async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const bill = (
      await worker.post('/api/billing/bills', { items: [{ serviceId: await item(admin, 100_000, { gstRateBp: 1800, sacCode: '999316' }), quantity: 1 }] })
    ).json<Bill>();

    const tooMuch = await worker.post(`/api/billing/bills/${bill.id}/discount`, { amountPaise: 10_001, reason: 'Senior citizen' });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().message).toBe("Discounts over 10% need an administrator's approval");
    expect((await worker.get(`/api/billing/bills/${bill.id}`)).json<Bill>()).toMatchObject({ discountPaise: 0, totalPaise: 118_000, discountRequest: null });

    const withinLimit = await worker.post(`/api/billing/bills/${bill.id}/discount`, { amountPaise: 10_000, reason: 'Senior citizen' });
    expect(withinLimit.statusCode).toBe(200);
    // GST on ₹900: ₹162.
    expect(withinLimit.json<Bill>()).toMatchObject({ discountPaise: 10_000, discountReason: 'Senior citizen', taxPaise: 16_200, totalPaise: 106_200 });

    const asked = await worker.post(`/api/billing/bills/${bill.id}/discount`, { amountPaise: 50_000, reason: 'Staff family', requestApproval: true });
    expect(asked.statusCode).toBe(202);
    expect(asked.json<Bill>()).toMatchObject({ discountPaise: 10_000, discountRequest: { amountPaise: 50_000, reason: 'Staff family', requestedBy: 'Wasim Worker' } });
    expect((await worker.post(`/api/billing/bills/${bill.id}/discount/approve`, {})).statusCode).toBe(403);
    const approved = await admin.post(`/api/billing/bills/${bill.id}/discount/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Bill>()).toMatchObject({ discountPaise: 50_000, discountReason: 'Staff family', totalPaise: 59_000, discountRequest: null });

    const noReason = await admin.post(`/api/billing/bills/${bill.id}/discount`, { amountPaise: 100, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([expect.objectContaining({ path: 'reason' })]);
    const overBill = await admin.post(`/api/billing/bills/${bill.id}/discount`, { amountPaise: 100_001, reason: 'Free' });
    expect(overBill.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'amountPaise', message: 'The discount is more than the bill' }] });
  });

  it('refunds with a numbered credit note, never more than was kept, and never edits the payment', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const bill = (await worker.post('/api/billing/bills', { items: [{ serviceId: await item(admin, 50_000), quantity: 1 }] })).json<Bill>();
    const paid = await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 50_000 });
    expect(paid.statusCode).toBe(201);

    const refund = await worker.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 20_000, reason: 'Procedure not done' });
    expect(refund.statusCode, refund.body).toBe(201);
    const note = refund.json<{ number: string; amountPaise: number; reason: string; bill: Bill }>();
    expect(note.number).toMatch(/-CN\/\d{4}-\d{2}\/000001$/);
    expect(note.bill).toMatchObject({ paidPaise: 50_000, refundedPaise: 20_000, duePaise: 0, status: 'PAID' });
    expect(note.bill.payments).toEqual([expect.objectContaining({ amountPaise: 50_000, mode: 'CASH' })]);
    expect(note.bill.creditNotes).toEqual([expect.objectContaining({ number: note.number, amountPaise: 20_000, reason: 'Procedure not done', issuedBy: 'Wasim Worker' })]);

    const tooMuch = await worker.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 30_001, reason: 'Everything' });
    expect(tooMuch.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'amountPaise', message: 'At most ₹300 can be refunded' }] });
    const rest = await worker.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'UPI', amountPaise: 30_000, reason: 'Everything' });
    expect(rest.json<{ number: string; bill: Bill }>().number).toMatch(/000002$/);
    expect(rest.json<{ bill: Bill }>().bill.status).toBe('REFUNDED');
    expect((await worker.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 1, reason: 'Again' })).statusCode).toBe(409);
  });

  it('closes the day against the cash counted and locks its bills; later money goes to the next day', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const serviceId = await item(admin, 50_000);
    const first = (await worker.post('/api/billing/bills', { items: [{ serviceId, quantity: 1 }] })).json<Bill>();
    const second = (await admin.post('/api/billing/bills', { items: [{ serviceId, quantity: 2 }] })).json<Bill>();
    await worker.post(`/api/billing/bills/${first.id}/payments`, { mode: 'CASH', amountPaise: 30_000 });
    await worker.post(`/api/billing/bills/${first.id}/payments`, { mode: 'UPI', amountPaise: 20_000, reference: 'UTR77' });
    await admin.post(`/api/billing/bills/${second.id}/payments`, { mode: 'CASH', amountPaise: 60_000 });
    await admin.post(`/api/billing/bills/${second.id}/refunds`, { mode: 'CASH', amountPaise: 10_000, reason: 'One dressing not needed' });
    const today = first.businessDate;

    const book = (await worker.get(`/api/billing/day-book?date=${today}`)).json<DayBook>();
    expect(book).toMatchObject({
      bills: 2,
      billedPaise: 150_000,
      duePaise: 40_000,
      receivedPaise: 110_000,
      refundedPaise: 10_000,
      netByMode: { CASH: 80_000, UPI: 20_000, CARD: 0, ONLINE: 0 },
      expectedCashPaise: 80_000,
      closed: null,
    });
    expect(book.byStaff).toEqual([
      expect.objectContaining({ staffName: 'Asha Admin', receipts: 1, receivedPaise: 60_000, refundedPaise: 10_000 }),
      expect.objectContaining({ staffName: 'Wasim Worker', receipts: 2, receivedPaise: 50_000, refundedPaise: 0, netByMode: { CASH: 30_000, UPI: 20_000, CARD: 0, ONLINE: 0 } }),
    ]);
    expect(book.entries.map((entry) => entry.kind)).toEqual(['PAYMENT', 'PAYMENT', 'PAYMENT', 'REFUND']);

    const tomorrow = daysFromToday(1);
    expect((await worker.post('/api/billing/day-book/close', { date: tomorrow, countedCashPaise: 0 })).statusCode).toBe(400);
    const closed = await worker.post('/api/billing/day-book/close', { date: today, countedCashPaise: 75_000, note: 'Short by ₹50: change given' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<DayBook>().closed).toMatchObject({
      expectedCashPaise: 80_000,
      countedCashPaise: 75_000,
      differencePaise: -5_000,
      note: 'Short by ₹50: change given',
      closedBy: 'Wasim Worker',
    });
    const again = await admin.post('/api/billing/day-book/close', { date: today, countedCashPaise: 80_000 });
    expect(again.statusCode).toBe(409);

    // The closed day's bills are fixed…
    const extra = await worker.post(`/api/billing/bills/${first.id}/items`, { serviceId, quantity: 1 });
    expect(extra.statusCode).toBe(409);
    expect(extra.json().message).toBe("This bill's day is closed: corrections are credit notes");
    expect((await worker.post(`/api/billing/bills/${second.id}/discount`, { amountPaise: 100, reason: 'Late discount' })).statusCode).toBe(409);
    expect((await worker.get(`/api/billing/bills/${first.id}`)).json<Bill>().locked).toBe(true);
    // …and money taken after the count is tomorrow's, never a change to a count already made.
    const late = await worker.post(`/api/billing/bills/${second.id}/payments`, { mode: 'CASH', amountPaise: 40_000 });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ businessDate: tomorrow });
    expect((await worker.get(`/api/billing/day-book?date=${today}`)).json<DayBook>()).toMatchObject({ receivedPaise: 110_000, expectedCashPaise: 80_000 });
    expect((await worker.get(`/api/billing/day-book?date=${tomorrow}`)).json<DayBook>()).toMatchObject({ receivedPaise: 40_000, netByMode: { CASH: 40_000 }, closed: null });
  });

  it("answers bad input with a 4xx naming the field, and another organisation's bills with 404", async () => {
    const org = await createOrganisation(t.database.db);
    const other = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const { admin: otherAdmin } = await staffClients(t.app, other);
    const bill = (await admin.post('/api/billing/bills', { items: [{ serviceId: await item(admin, 50_000), quantity: 1 }] })).json<Bill>();

    const cases: [unknown, string][] = [
      [{ mode: 'CHEQUE', amountPaise: 100 }, 'mode'],
      [{ mode: 'ONLINE', amountPaise: 100 }, 'mode'],
      [{ mode: 'CASH', amountPaise: 0 }, 'amountPaise'],
      [{ mode: 'CASH', amountPaise: 10.5 }, 'amountPaise'],
      [{ mode: 'CASH' }, 'amountPaise'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.post(`/api/billing/bills/${bill.id}/payments`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
    expect((await admin.get(`/api/billing/bills/${bill.id}`)).json<Bill>().payments).toEqual([]);

    expect((await otherAdmin.get(`/api/billing/bills/${bill.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 100 })).statusCode).toBe(404);
    const otherService = await item(otherAdmin, 100);
    // A patient with a walk-in bill (no visit) keeps their record.
    const buyer = await addPatient(admin);
    expect((await admin.post('/api/billing/bills', { patientId: buyer.id, items: [{ serviceId: await item(admin, 100), quantity: 1 }] })).statusCode).toBe(201);
    expect((await admin.delete(`/api/patients/${buyer.id}`)).json()).toMatchObject({ statusCode: 409, message: 'Has bills: this patient’s record is kept' });
    const foreignItem = await admin.post('/api/billing/bills', { items: [{ serviceId: otherService, quantity: 1 }] });
    expect(foreignItem.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'items.0.serviceId' }] });
    expect((await admin.get('/api/billing/bills?visitId=not-a-uuid')).statusCode).toBe(400);
    const badRate = await admin.post('/api/services', serviceInput({ gstRateBp: 1700 }));
    expect(badRate.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'gstRateBp', message: 'Choose a GST rate: 0, 5, 12, 18 or 28 %' }] });
    const badPrefix = await admin.patch(`/api/billing/facilities/${bill.facilityId}`, { receiptPrefix: 'A/B' });
    expect(badPrefix.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'receiptPrefix' }] });
    expect((await admin.patch('/api/billing/settings', { workerDiscountLimitPercent: 10 })).statusCode).toBe(200);
    const workerSettings = await (await staffClients(t.app, org)).worker.patch('/api/billing/settings', { workerDiscountLimitPercent: 100 });
    expect(workerSettings.statusCode).toBe(403);
  });

  it('keeps every bill, payment, refund and close in the audit trail', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const bill = (await admin.post('/api/billing/bills', { items: [{ serviceId: await item(admin, 50_000), quantity: 1 }] })).json<Bill>();
    await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 50_000 });
    await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 100, reason: 'Rounding' });
    await admin.post('/api/billing/day-book/close', { date: bill.businessDate, countedCashPaise: 49_900 });
    await admin.get(`/api/billing/day-book?date=${bill.businessDate}`);
    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.entity === 'billing');
    expect(entries.map((entry) => [entry.action, entry.route])).toEqual(
      expect.arrayContaining([
        ['create', 'POST /api/billing/bills'],
        ['create', 'POST /api/billing/bills/:id/payments'],
        ['create', 'POST /api/billing/bills/:id/refunds'],
        ['create', 'POST /api/billing/day-book/close'],
        ['list', 'GET /api/billing/day-book'],
      ]),
    );
    expect(
      entries.filter((entry) => entry.route !== 'POST /api/billing/day-book/close' && entry.route !== 'GET /api/billing/day-book').every((entry) => entry.entityId === bill.id),
    ).toBe(true);
  });
});
