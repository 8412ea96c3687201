import { addDays, type Dashboard, type DashboardUpcoming } from '@caredesk/shared';

export const TODAY = '2026-03-10';

/** 30 days ending TODAY; `visits(i)` gives day i's appointments and bookings (i = 0 is the oldest). */
export function makeDaily(visits: (index: number) => [number, number]): Dashboard['daily'] {
  return Array.from({ length: 30 }, (_, index) => {
    const [appointments, bookings] = visits(index);
    return { date: addDays(TODAY, index - 29), appointments, bookings };
  });
}

export function makeUpcoming(overrides: Partial<DashboardUpcoming> = {}): DashboardUpcoming {
  return {
    kind: 'appointment',
    id: '40000000-0000-4000-8000-000000000001',
    date: TODAY,
    startTime: '10:30',
    token: 'A-007',
    status: 'BOOKED',
    patientId: '50000000-0000-4000-8000-000000000001',
    patientName: 'Ravi Kumar',
    resourceName: 'Dr. Meera Iyer',
    ...overrides,
  };
}

/** A hospital's morning: seven appointments today, two doctors, money, an active plan, every first step done. */
export function makeHospitalDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: TODAY,
    timeZone: 'Asia/Kolkata',
    appointments: {
      today: 7,
      todayByStatus: { BOOKED: 3, CHECKED_IN: 2, IN_CONSULTATION: 0, COMPLETED: 2, CANCELLED: 0, NO_SHOW: 0 },
      last30ByStatus: { BOOKED: 5, CHECKED_IN: 2, IN_CONSULTATION: 1, COMPLETED: 48, CANCELLED: 4, NO_SHOW: 3 },
      byDoctor: [
        { id: '60000000-0000-4000-8000-000000000001', name: 'Dr. Meera Iyer', count: 42 },
        { id: '60000000-0000-4000-8000-000000000002', name: 'Dr. Arjun Rao', count: 17 },
      ],
    },
    bookings: null,
    waitingNow: 2,
    averageWaitMinutes: 14,
    newPatientsThisWeek: 5,
    revenue: { todayPaise: 1_234_550, monthPaise: 12_345_670 },
    billed: { todayPaise: 1_500_000, monthPaise: 13_000_000 },
    due: { totalPaise: 265_450 },
    daily: makeDaily((index) => [index === 29 ? 7 : index % 3, 0]),
    upcoming: [
      makeUpcoming(),
      makeUpcoming({
        id: '40000000-0000-4000-8000-000000000002',
        date: '2026-03-11',
        startTime: '09:00',
        token: 'A-001',
        status: 'CHECKED_IN',
        patientName: 'Sita Devi',
        resourceName: 'Dr. Arjun Rao',
      }),
    ],
    wallet: { balance: 2450, showWallet: true },
    plan: { isActive: true, name: 'Clinic Pro', endsAt: '2030-01-31T00:00:00.000Z' },
    unreadNotifications: 3,
    checklist: { hasDoctorOrService: true, hasStaff: true, notificationsEnabled: true, walletRecharged: true },
    ...overrides,
  };
}

/** A scan centre: bookings only, no wallet shown. */
export function makeScanDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return makeHospitalDashboard({
    appointments: null,
    bookings: {
      today: 4,
      todayByStatus: { BOOKED: 1, CHECKED_IN: 1, IN_PROGRESS: 1, COMPLETED: 0, REPORT_READY: 1, CANCELLED: 0, NO_SHOW: 0 },
      last30ByStatus: { BOOKED: 2, CHECKED_IN: 1, IN_PROGRESS: 1, COMPLETED: 10, REPORT_READY: 20, CANCELLED: 2, NO_SHOW: 1 },
      byService: [{ id: '70000000-0000-4000-8000-000000000001', name: 'MRI Brain', count: 12 }],
    },
    daily: makeDaily((index) => [0, index % 4]),
    upcoming: [makeUpcoming({ kind: 'booking', token: '012', patientName: 'Anil Shah', resourceName: 'MRI Brain' })],
    wallet: { balance: 0, showWallet: false },
    ...overrides,
  });
}

/** Signed up a minute ago: nothing booked, nothing done. */
export function makeNewOrganisationDashboard(): Dashboard {
  return makeHospitalDashboard({
    appointments: {
      today: 0,
      todayByStatus: { BOOKED: 0, CHECKED_IN: 0, IN_CONSULTATION: 0, COMPLETED: 0, CANCELLED: 0, NO_SHOW: 0 },
      last30ByStatus: { BOOKED: 0, CHECKED_IN: 0, IN_CONSULTATION: 0, COMPLETED: 0, CANCELLED: 0, NO_SHOW: 0 },
      byDoctor: [],
    },
    waitingNow: 0,
    averageWaitMinutes: null,
    newPatientsThisWeek: 0,
    revenue: { todayPaise: 0, monthPaise: 0 },
    billed: { todayPaise: 0, monthPaise: 0 },
    due: { totalPaise: 0 },
    daily: makeDaily(() => [0, 0]),
    upcoming: [],
    wallet: { balance: 0, showWallet: true },
    plan: { isActive: true, name: 'Trial', endsAt: '2026-03-24T00:00:00.000Z' },
    checklist: { hasDoctorOrService: false, hasStaff: false, notificationsEnabled: false, walletRecharged: false },
  });
}
