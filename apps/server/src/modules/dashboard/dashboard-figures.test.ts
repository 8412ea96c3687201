import { randomUUID } from 'node:crypto';
import { dashboardSchema, type OrganisationType } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  appointments,
  billPayments,
  bills,
  bookings,
  creditNotes,
  doctors,
  notifications,
  patients,
  pushSubscriptions,
  services,
  subscriptions,
  walletEntries,
} from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, type OrganisationFixture } from '../../test/fixtures.js';
import { getDashboard } from './service.js';

/** A wall-clock time in Asia/Kolkata (UTC+05:30, no daylight saving), the organisations' default zone. */
const ist = (local: string): Date => new Date(`${local}:00+05:30`);
/** Wednesday 2025-03-12, 12:00 at the desk: the month began on the 1st, the week on Monday the 10th. */
const NOON = ist('2025-03-12T12:00');
const ZERO_DAYS_FROM = '2025-02-11';

function adminOf(org: OrganisationFixture, type: OrganisationType): StaffContext {
  return { id: org.admin.id, organisationId: org.id, role: 'ADMIN', organisationType: type, sessionFamilyId: randomUUID(), doctorId: null };
}

const NO_FACILITY = '00000000-0000-0000-0000-000000000000';
let sequence = 0;

/** A bill with its payments and refunds, as the billing module leaves them, dated by hand. */
async function addBillRows(db: Db, organisationId: string, bill: { date: string; totalPaise: number; payments?: [string, number][]; refunds?: [string, number][] }): Promise<void> {
  const book = { organisationId, facilityKey: NO_FACILITY, financialYear: '2024-25' };
  const paid = (bill.payments ?? []).reduce((sum, [, amount]) => sum + amount, 0);
  const refunded = (bill.refunds ?? []).reduce((sum, [, amount]) => sum + amount, 0);
  const [row] = await db
    .insert(bills)
    .values({
      ...book,
      number: `INV-${++sequence}`,
      sequence,
      businessDate: bill.date,
      subtotalPaise: bill.totalPaise,
      totalPaise: bill.totalPaise,
      paidPaise: paid,
      refundedPaise: refunded,
    })
    .returning({ id: bills.id });
  for (const [date, amountPaise] of bill.payments ?? [])
    await db.insert(billPayments).values({ ...book, billId: row!.id, number: `RCT-${++sequence}`, sequence, mode: 'CASH', amountPaise, businessDate: date });
  for (const [date, amountPaise] of bill.refunds ?? [])
    await db.insert(creditNotes).values({ ...book, billId: row!.id, number: `CN-${++sequence}`, sequence, mode: 'CASH', amountPaise, reason: 'Refund', businessDate: date });
}

async function addDoctorRow(db: Db, organisationId: string, name: string, tokenPrefix: string | null): Promise<string> {
  const [row] = await db
    .insert(doctors)
    .values({ organisationId, name, nameKey: name.toLowerCase(), specialization: 'General Medicine', consultationFeePaise: 50_000, tokenPrefix })
    .returning({ id: doctors.id });
  return row!.id;
}

async function addScanRow(db: Db, organisationId: string, name: string, tokenPrefix: string | null): Promise<string> {
  const [row] = await db
    .insert(services)
    .values({ organisationId, kind: 'SCAN', name, nameKey: name.toLowerCase(), pricePaise: 650_000, tokenPrefix })
    .returning({ id: services.id });
  return row!.id;
}

async function addPatientRow(db: Db, organisationId: string, name: string, createdAt: Date): Promise<string> {
  const [row] = await db
    .insert(patients)
    .values({ organisationId, name, nameKey: name.toLowerCase(), phone: '+919800000000', phoneDigits: '919800000000', gender: 'FEMALE', createdAt, updatedAt: createdAt })
    .returning({ id: patients.id });
  return row!.id;
}

type Visit = { date: string; startTime: string; tokenNumber: number; status: string; amount?: number; checkedInAt?: Date; calledAt?: Date; skippedAt?: Date };

const zeroDays = (): { date: string; appointments: number; bookings: number }[] =>
  Array.from({ length: 30 }, (_, i) => ({ date: new Date(Date.UTC(2025, 1, 11 + i)).toISOString().slice(0, 10), appointments: 0, bookings: 0 }));

describe.each(bothDrivers)('dashboard figures from a known data set (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let doctorA: string;
  let doctorB: string;
  let scan: string;
  let kiran: string;

  beforeAll(async () => {
    const db = t.database.db;
    org = await createOrganisation(db, { type: 'MULTIHOSPITAL', walletPaise: 123_456, planEndsInDays: 30 });
    doctorA = await addDoctorRow(db, org.id, 'Dr. Anil Rao', 'A');
    doctorB = await addDoctorRow(db, org.id, 'Dr. Bela Shah', null);
    scan = await addScanRow(db, org.id, 'MRI Brain', 'M');
    // Monday 00:30 at the desk is still Sunday in UTC: counted. Sunday 23:30: last week.
    kiran = await addPatientRow(db, org.id, 'Kiran Das', ist('2025-03-10T00:30'));
    await addPatientRow(db, org.id, 'Lata Iyer', ist('2025-03-09T23:30'));
    await addPatientRow(db, org.id, 'Mohan Pillai', ist('2025-03-12T10:30'));

    const appointment = (doctorId: string, { amount = 50_000, status, ...visit }: Visit) => ({
      organisationId: org.id,
      doctorId,
      patientId: kiran,
      endTime: '23:59',
      feePaise: amount,
      status: status as 'BOOKED',
      ...visit,
    });
    await db.insert(appointments).values([
      appointment(doctorA, {
        date: '2025-03-12',
        startTime: '09:00',
        tokenNumber: 1,
        status: 'COMPLETED',
        checkedInAt: ist('2025-03-12T09:00'),
        calledAt: ist('2025-03-12T09:10'),
      }),
      appointment(doctorA, {
        date: '2025-03-12',
        startTime: '09:15',
        tokenNumber: 2,
        status: 'IN_CONSULTATION',
        checkedInAt: ist('2025-03-12T09:05'),
        calledAt: ist('2025-03-12T09:26'),
      }),
      appointment(doctorA, { date: '2025-03-12', startTime: '12:30', tokenNumber: 3, status: 'CHECKED_IN', checkedInAt: ist('2025-03-12T11:50') }),
      appointment(doctorA, { date: '2025-03-12', startTime: '13:00', tokenNumber: 4, status: 'BOOKED' }),
      appointment(doctorA, { date: '2025-03-12', startTime: '11:59', tokenNumber: 5, status: 'BOOKED' }),
      appointment(doctorB, {
        date: '2025-03-12',
        startTime: '11:00',
        tokenNumber: 1,
        status: 'CHECKED_IN',
        checkedInAt: ist('2025-03-12T10:40'),
        skippedAt: ist('2025-03-12T11:05'),
      }),
      appointment(doctorB, { date: '2025-03-12', startTime: '10:00', tokenNumber: 2, status: 'CANCELLED', amount: 70_000 }),
      appointment(doctorB, { date: '2025-03-11', startTime: '10:00', tokenNumber: 1, status: 'COMPLETED', amount: 70_000 }),
      appointment(doctorB, { date: '2025-03-01', startTime: '10:00', tokenNumber: 1, status: 'COMPLETED', amount: 70_000 }),
      appointment(doctorA, { date: '2025-02-11', startTime: '10:00', tokenNumber: 1, status: 'NO_SHOW' }),
      // The day before the 30 days, and 40 days ago: outside every figure.
      appointment(doctorA, { date: '2025-02-10', startTime: '10:00', tokenNumber: 1, status: 'COMPLETED' }),
      appointment(doctorA, { date: '2025-01-31', startTime: '10:00', tokenNumber: 1, status: 'COMPLETED' }),
      appointment(doctorB, { date: '2025-03-13', startTime: '09:00', tokenNumber: 1, status: 'BOOKED' }),
    ]);
    const booking = ({ amount = 650_000, status, ...visit }: Visit) => ({
      organisationId: org.id,
      serviceId: scan,
      patientId: kiran,
      endTime: '23:59',
      pricePaise: amount,
      status: status as 'BOOKED',
      ...visit,
    });
    await db.insert(bookings).values([
      // Called 15.5 minutes after check-in: the waits of the day average 15.5 minutes, shown as 16.
      booking({
        date: '2025-03-12',
        startTime: '09:30',
        tokenNumber: 1,
        status: 'REPORT_READY',
        checkedInAt: ist('2025-03-12T09:20'),
        calledAt: new Date(ist('2025-03-12T09:35').getTime() + 30_000),
      }),
      booking({ date: '2025-03-12', startTime: '12:00', tokenNumber: 2, status: 'CHECKED_IN', checkedInAt: ist('2025-03-12T11:45') }),
      booking({ date: '2025-03-12', startTime: '14:00', tokenNumber: 3, status: 'CANCELLED' }),
      booking({ date: '2025-03-11', startTime: '09:30', tokenNumber: 1, status: 'COMPLETED', amount: 300_000 }),
      booking({ date: '2025-02-20', startTime: '09:30', tokenNumber: 1, status: 'COMPLETED', amount: 300_000 }),
    ]);

    // The same kinds of rows in another organisation: none may count.
    const other = await createOrganisation(db, { type: 'MULTIHOSPITAL' });
    const otherDoctor = await addDoctorRow(db, other.id, 'Dr. Other', 'Z');
    const otherScan = await addScanRow(db, other.id, 'CT Chest', null);
    const otherPatient = await addPatientRow(db, other.id, 'Other Patient', ist('2025-03-11T10:00'));
    const elsewhere = { organisationId: other.id, patientId: otherPatient, date: '2025-03-12', startTime: '12:15', endTime: '12:30', checkedInAt: ist('2025-03-12T11:00') };
    await db.insert(appointments).values([
      { ...elsewhere, doctorId: otherDoctor, tokenNumber: 1, status: 'CHECKED_IN', feePaise: 99_999 },
      { ...elsewhere, doctorId: otherDoctor, tokenNumber: 2, status: 'COMPLETED', feePaise: 99_999, calledAt: ist('2025-03-12T11:30') },
    ]);
    await db.insert(bookings).values({ ...elsewhere, serviceId: otherScan, tokenNumber: 1, status: 'BOOKED', pricePaise: 99_999 });
    await db.insert(notifications).values({ organisationId: other.id, recipientStaffId: other.admin.id, type: 'appointment-created', title: 'Elsewhere', message: 'Not ours' });
    await addBillRows(db, other.id, { date: '2025-03-12', totalPaise: 99_999, payments: [['2025-03-12', 99_999]] });

    // Money: collected today 500 - 100 refunded, this month also the 1st's 300; billed today 700,
    // this month also the 1st's 300 (February's 990 is not March's); due 200 + 990.
    await addBillRows(db, org.id, { date: '2025-03-12', totalPaise: 70_000, payments: [['2025-03-12', 50_000]] });
    await addBillRows(db, org.id, { date: '2025-03-01', totalPaise: 30_000, payments: [['2025-03-01', 30_000]], refunds: [['2025-03-12', 10_000]] });
    await addBillRows(db, org.id, { date: '2025-02-28', totalPaise: 99_000 });

    await db.insert(notifications).values([
      { organisationId: org.id, recipientStaffId: org.admin.id, type: 'appointment-created', title: 'New appointment', message: 'One' },
      { organisationId: org.id, recipientStaffId: org.admin.id, type: 'message-received', title: 'New message', message: 'Two' },
      { organisationId: org.id, recipientStaffId: org.admin.id, type: 'booking-created', title: 'New booking', message: 'Read', isRead: true },
      { organisationId: org.id, recipientStaffId: org.worker.id, type: 'booking-created', title: 'New booking', message: 'The worker’s' },
    ]);
    await db.insert(pushSubscriptions).values({ organisationId: org.id, staffId: org.admin.id, endpoint: `https://push.test/${randomUUID()}`, p256dh: 'key', auth: 'secret' });
    await db
      .insert(walletEntries)
      .values({ organisationId: org.id, kind: 'CREDIT', amountPaise: 123_456, balanceAfterPaise: 123_456, description: 'Wallet recharge', paymentId: `pay_${randomUUID()}` });
  });

  it('answers every figure of the organisation at noon on a Wednesday, and none of another organisation’s', async () => {
    const [subscription] = await t.database.db.select({ endsAt: subscriptions.endsAt }).from(subscriptions).where(eq(subscriptions.organisationId, org.id));
    const days = zeroDays();
    const set = (date: string, appointmentCount: number, bookingCount: number) =>
      Object.assign(
        days.find((d) => d.date === date)!,
        { appointments: appointmentCount, bookings: bookingCount },
      );
    set('2025-02-11', 1, 0);
    set('2025-02-20', 0, 1);
    set('2025-03-01', 1, 0);
    set('2025-03-11', 1, 1);
    set('2025-03-12', 7, 3);
    const upcoming = (kind: string, id: string, date: string, startTime: string, token: string, status: string, resourceName: string) => ({
      kind,
      id,
      date,
      startTime,
      token,
      status,
      patientId: kiran,
      patientName: 'Kiran Das',
      resourceName,
    });
    const visitId = async (table: typeof appointments | typeof bookings, date: string, startTime: string) =>
      (await t.database.db.select({ id: table.id, organisationId: table.organisationId, date: table.date, startTime: table.startTime }).from(table)).find(
        (row) => row.organisationId === org.id && row.date === date && row.startTime === startTime,
      )!.id;

    const dashboard = dashboardSchema.parse(await getDashboard(t.database.db, adminOf(org, 'MULTIHOSPITAL'), NOON));

    expect(dashboard).toEqual({
      today: '2025-03-12',
      timeZone: 'Asia/Kolkata',
      appointments: {
        today: 7,
        todayByStatus: { BOOKED: 2, CHECKED_IN: 2, IN_CONSULTATION: 1, COMPLETED: 1, CANCELLED: 1, NO_SHOW: 0 },
        last30ByStatus: { BOOKED: 2, CHECKED_IN: 2, IN_CONSULTATION: 1, COMPLETED: 3, CANCELLED: 1, NO_SHOW: 1 },
        byDoctor: [
          { id: doctorA, name: 'Dr. Anil Rao', count: 6 },
          { id: doctorB, name: 'Dr. Bela Shah', count: 3 },
        ],
      },
      bookings: {
        today: 3,
        todayByStatus: { BOOKED: 0, CHECKED_IN: 1, IN_PROGRESS: 0, COMPLETED: 0, REPORT_READY: 1, CANCELLED: 1, NO_SHOW: 0 },
        last30ByStatus: { BOOKED: 0, CHECKED_IN: 1, IN_PROGRESS: 0, COMPLETED: 2, REPORT_READY: 1, CANCELLED: 1, NO_SHOW: 0 },
        byService: [{ id: scan, name: 'MRI Brain', count: 4 }],
      },
      // The skipped appointment is not waiting; waits of 10, 21 and 15.5 minutes average 15.5.
      waitingNow: 2,
      averageWaitMinutes: 16,
      newPatientsThisWeek: 2,
      // Revenue is money collected (payments less refunds), not the fees of completed visits.
      revenue: { todayPaise: 40_000, monthPaise: 70_000 },
      billed: { todayPaise: 70_000, monthPaise: 100_000 },
      due: { totalPaise: 119_000 },
      daily: days,
      upcoming: [
        upcoming('booking', await visitId(bookings, '2025-03-12', '12:00'), '2025-03-12', '12:00', 'M-002', 'CHECKED_IN', 'MRI Brain'),
        upcoming('appointment', await visitId(appointments, '2025-03-12', '12:30'), '2025-03-12', '12:30', 'A-003', 'CHECKED_IN', 'Dr. Anil Rao'),
        upcoming('appointment', await visitId(appointments, '2025-03-12', '13:00'), '2025-03-12', '13:00', 'A-004', 'BOOKED', 'Dr. Anil Rao'),
        upcoming('appointment', await visitId(appointments, '2025-03-13', '09:00'), '2025-03-13', '09:00', '001', 'BOOKED', 'Dr. Bela Shah'),
      ],
      wallet: { balance: 1234.56, showWallet: true },
      plan: { isActive: true, name: 'Test Plan', endsAt: subscription!.endsAt.toISOString() },
      unreadNotifications: 2,
      checklist: { hasDoctorOrService: true, hasStaff: true, notificationsEnabled: true, walletRecharged: true },
    });
  });

  it('counts by the desk’s date: at 01:30 in Kolkata, still the 11th in UTC, the 12th is today', async () => {
    const dashboard = await getDashboard(t.database.db, adminOf(org, 'MULTIHOSPITAL'), ist('2025-03-12T01:30'));
    expect(dashboard.today).toBe('2025-03-12');
    expect(dashboard.appointments?.today).toBe(7);
    expect(dashboard.bookings?.today).toBe(3);
    expect(dashboard.daily.at(-1)).toEqual({ date: '2025-03-12', appointments: 7, bookings: 3 });
    expect(dashboard.daily[0]?.date).toBe(ZERO_DAYS_FROM);
    // Early in the morning every live visit of the day is still ahead.
    expect(dashboard.upcoming.map((visit) => `${visit.date} ${visit.startTime} ${visit.token}`)).toEqual([
      '2025-03-12 11:00 001',
      '2025-03-12 11:59 A-005',
      '2025-03-12 12:00 M-002',
      '2025-03-12 12:30 A-003',
      '2025-03-12 13:00 A-004',
      '2025-03-13 09:00 001',
    ]);
    // And the night before (still 23:59 on the 11th at the desk), the 11th is today.
    const before = await getDashboard(t.database.db, adminOf(org, 'MULTIHOSPITAL'), ist('2025-03-11T23:59'));
    expect(before.today).toBe('2025-03-11');
    expect(before.appointments?.today).toBe(1);
    expect(before.revenue).toEqual({ todayPaise: 0, monthPaise: 30_000 });
    expect(before.billed).toEqual({ todayPaise: 0, monthPaise: 30_000 });
  });

  it('leaves out the kind the caller’s menu lacks: a hospital admin sees appointments only', async () => {
    const dashboard = await getDashboard(t.database.db, adminOf(org, 'HOSPITAL'), NOON);
    expect(dashboard.bookings).toBeNull();
    expect(dashboard.appointments?.today).toBe(7);
    expect(dashboard.daily.at(-1)).toEqual({ date: '2025-03-12', appointments: 7, bookings: 0 });
    expect(dashboard.waitingNow).toBe(1);
    expect(dashboard.averageWaitMinutes).toBe(16); // (10 + 21) / 2 = 15.5
    // Money is the organisation's, whichever kind of visit it was for.
    expect(dashboard.revenue).toEqual({ todayPaise: 40_000, monthPaise: 70_000 });
    expect(dashboard.upcoming.map((visit) => visit.kind)).toEqual(['appointment', 'appointment', 'appointment']);

    const scanCentre = await getDashboard(t.database.db, adminOf(org, 'SCAN'), NOON);
    expect(scanCentre.appointments).toBeNull();
    expect(scanCentre.bookings?.today).toBe(3);
    expect(scanCentre.averageWaitMinutes).toBe(16); // 15.5 alone
    expect(scanCentre.revenue).toEqual({ todayPaise: 40_000, monthPaise: 70_000 });
  });

  it('lists at most the next ten live visits, in date, time and token order', async () => {
    const db = t.database.db;
    const busy = await createOrganisation(db, { type: 'HOSPITAL' });
    const doctor = await addDoctorRow(db, busy.id, 'Dr. Busy', null);
    const patient = await addPatientRow(db, busy.id, 'Queue Patient', ist('2025-01-01T10:00'));
    const times = ['09:15', '09:00'];
    await db.insert(appointments).values(
      Array.from({ length: 12 }, (_, i) => ({
        organisationId: busy.id,
        doctorId: doctor,
        patientId: patient,
        date: '2025-03-14',
        // Tokens 1-6 at 09:15, 7-12 at 09:00: time comes before token.
        startTime: times[Math.floor(i / 6)]!,
        endTime: '09:30',
        tokenNumber: i + 1,
        feePaise: 50_000,
      })),
    );
    const dashboard = await getDashboard(db, adminOf(busy, 'HOSPITAL'), NOON);
    expect(dashboard.upcoming.map((visit) => `${visit.startTime} ${visit.token}`)).toEqual([
      '09:00 007',
      '09:00 008',
      '09:00 009',
      '09:00 010',
      '09:00 011',
      '09:00 012',
      '09:15 001',
      '09:15 002',
      '09:15 003',
      '09:15 004',
    ]);
  });
});
