import { z } from 'zod';
import { appointmentStatuses, bookingStatuses } from './appointments.js';

const countsOf = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.object(Object.fromEntries(statuses.map((status) => [status, z.number().int().min(0)])) as { [K in T[number]]: z.ZodNumber });

export const appointmentStatusCountsSchema = countsOf(appointmentStatuses);
export const bookingStatusCountsSchema = countsOf(bookingStatuses);

/** One day of the 30-day chart: visits dated that day, any status; a kind the account does not have is 0 there. */
export const dashboardDaySchema = z.object({
  date: z.iso.date(),
  appointments: z.number().int(),
  bookings: z.number().int(),
});

/**
 * A doctor's or a service's visits over the last 30 days, today included (the top ten, most
 * first, then by name). Cancelled visits never happened, so they are not counted here.
 */
export const dashboardShareSchema = z.object({ id: z.uuid(), name: z.string(), count: z.number().int() });

export const dashboardUpcomingSchema = z.object({
  kind: z.enum(['appointment', 'booking']),
  id: z.uuid(),
  date: z.iso.date(),
  startTime: z.string(),
  /** The token as shown at the desk (tokenLabel): 'A-007' with the prefix 'A', else '007'. */
  token: z.string(),
  status: z.string(),
  patientId: z.uuid(),
  patientName: z.string(),
  /** The doctor's name, or the scan's / test's. */
  resourceName: z.string(),
});

/**
 * GET /api/dashboard (area 'dashboard'): every figure of the dashboard from one request, computed
 * in SQL. `appointments` / `bookings` are null when the account's menu lacks that area (a scan
 * centre has no doctors' appointments; a hospital no bookings). Dates are in the organisation's
 * time zone; money in paise.
 */
export const dashboardSchema = z.object({
  today: z.iso.date(),
  timeZone: z.string(),
  appointments: z
    .object({
      /** Appointments dated today, any status (the sum of todayByStatus). */
      today: z.number().int(),
      todayByStatus: appointmentStatusCountsSchema,
      /** The 30 days of `daily`, today included. */
      last30ByStatus: appointmentStatusCountsSchema,
      byDoctor: z.array(dashboardShareSchema),
    })
    .nullable(),
  bookings: z
    .object({
      today: z.number().int(),
      todayByStatus: bookingStatusCountsSchema,
      last30ByStatus: bookingStatusCountsSchema,
      byService: z.array(dashboardShareSchema),
    })
    .nullable(),
  /** Checked in today and not yet called (the token queues' waiting: not skipped), across the kinds the account has. */
  waitingNow: z.number().int(),
  /** Check-in -> called of today's visits, averaged, in whole minutes (rounded); null before anyone was called. */
  averageWaitMinutes: z.number().int().nullable(),
  /** Patients added since Monday 00:00 in the organisation's time zone. */
  newPatientsThisWeek: z.number().int(),
  /**
   * Money collected: bill payments less refunds (credit notes), by their business date — today,
   * and this calendar month so far. A completed visit's fee counts once it is paid.
   */
  revenue: z.object({ todayPaise: z.number().int(), monthPaise: z.number().int() }),
  /**
   * Bills' totals by their business date: today, and this calendar month so far. Always answered
   * by the server; optional only until the console's fixtures carry it.
   */
  billed: z.object({ todayPaise: z.number().int(), monthPaise: z.number().int() }).optional(),
  /** What bills of any date still owe (total less paid). Always answered, optional as `billed`. */
  due: z.object({ totalPaise: z.number().int() }).optional(),
  /** The last 30 days, oldest first, today last: always 30 entries. */
  daily: z.array(dashboardDaySchema),
  /**
   * The next ten live visits (booked or checked in) from now: today's from the current minute,
   * then later days, by date, start time and token.
   */
  upcoming: z.array(dashboardUpcomingSchema),
  wallet: z.object({ balance: z.number(), showWallet: z.boolean() }),
  plan: z.object({ isActive: z.boolean(), name: z.string().nullable(), endsAt: z.iso.datetime().nullable() }),
  unreadNotifications: z.number().int(),
  /** The getting-started checklist of a new organisation. */
  checklist: z.object({
    /** Any doctor or service, active or not. */
    hasDoctorOrService: z.boolean(),
    /** More than one active staff member. */
    hasStaff: z.boolean(),
    /** The caller has a browser push subscription. */
    notificationsEnabled: z.boolean(),
    /** The wallet was ever credited by a paid order. */
    walletRecharged: z.boolean(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardUpcoming = z.infer<typeof dashboardUpcomingSchema>;
export type DashboardShare = z.infer<typeof dashboardShareSchema>;
