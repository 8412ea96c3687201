import { appointmentStatuses, bookingStatuses, canAccessArea, type Dashboard } from '@caredesk/shared';
import type { Db } from '../../db/client.js';
import type { StaffContext } from '../../lib/auth.js';
import { appointmentKind, bookingKind, organisationZone, type VisitKind } from '../visits/index.js';
import { countUnread } from '../notifications/index.js';
import { getPlanStatus } from '../plans/index.js';
import { getWallet } from '../wallet/index.js';
import { dashboardPeriods } from './periods.js';
import { billingFigures, dailyCounts, organisationFigures, statusFigures, topOwners, upcomingVisits, type StatusFigures } from './queries.js';

const countsByStatus = <S extends string>(statuses: readonly S[], rows: StatusFigures[], pick: (row: StatusFigures) => number): Record<S, number> =>
  Object.fromEntries(statuses.map((status) => [status, rows.filter((row) => row.status === status).reduce((sum, row) => sum + pick(row), 0)])) as Record<S, number>;

const total = (rows: StatusFigures[], pick: (row: StatusFigures) => number): number => rows.reduce((sum, row) => sum + pick(row), 0);

/**
 * GET /api/dashboard. After the organisation's time zone (a primary-key read), every query runs at
 * once: per kind shown its status figures and top ten, then the 30 days, the upcoming visits, the
 * organisation's figures, wallet, plan and unread count. A kind outside the caller's menu is
 * never queried, so a scan centre's dashboard never reads appointments.
 */
export async function getDashboard(db: Db, caller: StaffContext, now: Date = new Date()): Promise<Dashboard> {
  const { timeZone } = await organisationZone(db, caller.organisationId);
  const periods = dashboardPeriods(timeZone, now);
  const shown = (kind: VisitKind): VisitKind | undefined => (canAccessArea(caller.organisationType, caller.role, kind.area) ? kind : undefined);
  const kinds = { appointments: shown(appointmentKind), bookings: shown(bookingKind) };
  const figuresOf = (kind: VisitKind | undefined) =>
    kind ? Promise.all([statusFigures(db, kind, caller.organisationId, periods), topOwners(db, kind, caller.organisationId, periods)]) : undefined;

  const [appointmentFigures, bookingFigures, daily, upcoming, organisation, money, wallet, plan, unreadNotifications] = await Promise.all([
    figuresOf(kinds.appointments),
    figuresOf(kinds.bookings),
    dailyCounts(db, kinds, caller.organisationId, periods),
    upcomingVisits(
      db,
      [kinds.appointments, kinds.bookings].filter((kind) => kind !== undefined),
      caller.organisationId,
      periods,
    ),
    organisationFigures(db, caller, timeZone, periods),
    billingFigures(db, caller.organisationId, periods),
    getWallet(db, caller.organisationId),
    getPlanStatus(db, caller.organisationId),
    countUnread(db, { staffId: caller.id, organisationId: caller.organisationId }),
  ]);

  const rows = [...(appointmentFigures?.[0] ?? []), ...(bookingFigures?.[0] ?? [])];
  const waited = total(rows, (row) => row.waited);
  return {
    today: periods.today,
    timeZone,
    appointments: appointmentFigures
      ? {
          today: total(appointmentFigures[0], (row) => row.today),
          todayByStatus: countsByStatus(appointmentStatuses, appointmentFigures[0], (row) => row.today),
          last30ByStatus: countsByStatus(appointmentStatuses, appointmentFigures[0], (row) => row.last30),
          byDoctor: appointmentFigures[1],
        }
      : null,
    bookings: bookingFigures
      ? {
          today: total(bookingFigures[0], (row) => row.today),
          todayByStatus: countsByStatus(bookingStatuses, bookingFigures[0], (row) => row.today),
          last30ByStatus: countsByStatus(bookingStatuses, bookingFigures[0], (row) => row.last30),
          byService: bookingFigures[1],
        }
      : null,
    waitingNow: total(rows, (row) => row.waiting),
    averageWaitMinutes: waited === 0 ? null : Math.round(total(rows, (row) => row.waitSeconds) / waited / 60),
    newPatientsThisWeek: organisation.newPatientsThisWeek,
    revenue: { todayPaise: money.collectedToday, monthPaise: money.collectedMonth },
    billed: { todayPaise: money.billedToday, monthPaise: money.billedMonth },
    due: { totalPaise: money.due },
    daily,
    upcoming,
    wallet,
    plan: { isActive: plan.isActive, name: plan.planName, endsAt: plan.endsAt },
    unreadNotifications,
    checklist: organisation.checklist,
  };
}
