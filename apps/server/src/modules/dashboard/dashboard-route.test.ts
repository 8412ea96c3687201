import { randomUUID } from 'node:crypto';
import { addDays, dashboardSchema } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, walletEntries } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { DAY_TIMES, indiaDate, indiaDay, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, apiAs, bearer, createOrganisation, signIn } from '../../test/fixtures.js';

describe.each(drivers)('GET /api/dashboard (%s)', (driver) => {
  const t = useTestApp(driver);

  // "Today", "this week" and the thirty days are India's: run at mid-morning and either side of midnight there.
  describe.each(DAY_TIMES)('at $label', (wall) => {
    pinClockAt(wall);

    it('gives a new organisation zeros, thirty empty days ending today, no lists and an unticked checklist', async () => {
      // The worker is inactive, so the admin is the only staff member; the worker's browser push and
      // a credit that no payment made (a refund, say) tick nothing for the admin.
      const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', workerActive: false });
      await t.database.db
        .insert(pushSubscriptions)
        .values({ organisationId: org.id, staffId: org.worker.id, endpoint: `https://push.test/${randomUUID()}`, p256dh: 'key', auth: 'secret' });
      await t.database.db.insert(walletEntries).values({ organisationId: org.id, kind: 'CREDIT', amountPaise: 100, balanceAfterPaise: 100, description: 'Adjustment' });
      const { access_token } = await signIn(t.app, org.admin.email);
      const today = indiaDate();

      const response = await t.app.inject({ url: '/api/dashboard', headers: bearer(access_token) });

      expect(response.statusCode).toBe(200);
      const zeros = { BOOKED: 0, CHECKED_IN: 0, COMPLETED: 0, CANCELLED: 0, NO_SHOW: 0 };
      expect(dashboardSchema.parse(response.json())).toEqual({
        today,
        timeZone: 'Asia/Kolkata',
        appointments: { today: 0, todayByStatus: { ...zeros, IN_CONSULTATION: 0 }, last30ByStatus: { ...zeros, IN_CONSULTATION: 0 }, byDoctor: [] },
        bookings: { today: 0, todayByStatus: { ...zeros, IN_PROGRESS: 0, REPORT_READY: 0 }, last30ByStatus: { ...zeros, IN_PROGRESS: 0, REPORT_READY: 0 }, byService: [] },
        waitingNow: 0,
        averageWaitMinutes: null,
        newPatientsThisWeek: 0,
        revenue: { todayPaise: 0, monthPaise: 0 },
        billed: { todayPaise: 0, monthPaise: 0 },
        due: { totalPaise: 0 },
        daily: Array.from({ length: 30 }, (_, i) => ({ date: addDays(today, i - 29), appointments: 0, bookings: 0 })),
        upcoming: [],
        wallet: { balance: 0, showWallet: true },
        plan: { isActive: false, name: null, endsAt: null },
        unreadNotifications: 0,
        checklist: { hasDoctorOrService: false, hasStaff: false, notificationsEnabled: false, walletRecharged: false },
      });
    });

    it('shows what the desk just did: a patient added, a doctor and a scan set up, visits booked for tomorrow', async () => {
      const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      const admin = apiAs(t.app, (await signIn(t.app, org.admin.email)).access_token);
      const patient = await addPatient(admin, { name: 'Farah Khan' });
      const doctor = await addDoctor(admin, { name: 'Dr. Vikram Sethi', tokenPrefix: 'V' });
      const scan = await addScan(admin, { name: 'CT Abdomen', tokenPrefix: 'CT' });
      const tomorrow = indiaDay(1);
      expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: tomorrow, startTime: '09:00' })).statusCode).toBe(201);
      expect((await admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date: tomorrow, startTime: '09:00' })).statusCode).toBe(201);

      const dashboard = dashboardSchema.parse((await admin.get('/api/dashboard')).json());

      expect(dashboard.newPatientsThisWeek).toBe(1);
      expect(dashboard.checklist).toEqual({ hasDoctorOrService: true, hasStaff: true, notificationsEnabled: false, walletRecharged: false });
      expect(dashboard.upcoming).toEqual([
        expect.objectContaining({
          kind: 'appointment',
          date: tomorrow,
          startTime: '09:00',
          token: 'V-001',
          status: 'BOOKED',
          patientId: patient.id,
          patientName: 'Farah Khan',
          resourceName: 'Dr. Vikram Sethi',
        }),
        expect.objectContaining({
          kind: 'booking',
          date: tomorrow,
          startTime: '09:00',
          token: 'CT-001',
          status: 'BOOKED',
          patientId: patient.id,
          patientName: 'Farah Khan',
          resourceName: 'CT Abdomen',
        }),
      ]);
      // Tomorrow is not in the 30 days.
      expect(dashboard.appointments?.today).toBe(0);
      expect(dashboard.daily.every((day) => day.appointments === 0 && day.bookings === 0)).toBe(true);
    });

    it('answers a scan centre without appointments', async () => {
      const org = await createOrganisation(t.database.db, { type: 'SCAN' });
      const worker = apiAs(t.app, (await signIn(t.app, org.worker.email)).access_token);
      const dashboard = dashboardSchema.parse((await worker.get('/api/dashboard')).json());
      expect(dashboard.appointments).toBeNull();
      expect(dashboard.bookings?.today).toBe(0);
    });

    it('counts as revenue the money collected, less refunds, beside what was billed and what is due', async () => {
      const org = await createOrganisation(t.database.db);
      const admin = apiAs(t.app, (await signIn(t.app, org.admin.email)).access_token);
      const doctor = await addDoctor(admin, { consultationFeePaise: 60_000 });
      const patient = await addPatient(admin);
      const visit = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: addDays(indiaDate(), 2), startTime: '09:00' });
      expect(visit.statusCode, visit.body).toBe(201);
      const bill = (await admin.get(`/api/billing/bills?visitId=${visit.json<{ id: string }>().id}`)).json<{ id: string; totalPaise: number }>();
      expect(bill.totalPaise).toBe(60_000);
      // A fee billed and not yet paid is no revenue.
      const before = dashboardSchema.parse((await admin.get('/api/dashboard')).json());
      expect([before.revenue, before.billed, before.due]).toEqual([{ todayPaise: 0, monthPaise: 0 }, { todayPaise: 60_000, monthPaise: 60_000 }, { totalPaise: 60_000 }]);

      expect((await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 40_000 })).statusCode).toBe(201);
      expect((await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 10_000, reason: 'Overcharged' })).statusCode).toBe(201);
      const after = dashboardSchema.parse((await admin.get('/api/dashboard')).json());
      expect(after.revenue).toEqual({ todayPaise: 30_000, monthPaise: 30_000 });
      expect(after.billed).toEqual({ todayPaise: 60_000, monthPaise: 60_000 });
      expect(after.due).toEqual({ totalPaise: 20_000 });
    });
  });
});
