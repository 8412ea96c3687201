import { tokenLabel, type Dashboard, type DashboardShare, type DashboardUpcoming } from '@caredesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { StaffContext } from '../../lib/auth.js';
import { rowsOf } from '../../db/rows.js';
import type { VisitKind } from '../visits/index.js';
import type { DashboardPeriods } from './periods.js';

// Raw SQL, for aggregates drizzle's builder would only make longer. Every query is scoped by the
// organisation and a date range; the 30-day figures read only the columns of the *_dashboard_idx
// indexes (migration 0013), so they never touch the table.
// Counts are cast to int and sums to float8: node-postgres answers bigint and numeric as strings.

export interface StatusFigures {
  status: string;
  today: number;
  last30: number;
  /** Checked in today, not called, not skipped. */
  waiting: number;
  /** Today's visits with both a check-in and a call, and their waits added up. */
  waited: number;
  waitSeconds: number;
}

/** Per status, everything dated in the 30 days up to today (money is billingFigures', by business date). */
export async function statusFigures(db: Db, kind: VisitKind, organisationId: string, periods: DashboardPeriods): Promise<StatusFigures[]> {
  const { today, last30From } = periods;
  const result = await db.execute(sql`
    select v.status::text as status,
      count(*) filter (where v.date = ${today})::int as today,
      count(*)::int as last30,
      count(*) filter (where v.date = ${today} and v.status = 'CHECKED_IN' and v.skipped_at is null)::int as waiting,
      count(*) filter (where v.date = ${today} and v.called_at is not null and v.checked_in_at is not null)::int as waited,
      coalesce(sum(greatest(extract(epoch from v.called_at - v.checked_in_at), 0)) filter (where v.date = ${today}), 0)::float8 as wait_seconds
    from ${kind.visits} v
    where v.organisation_id = ${organisationId} and v.date >= ${last30From} and v.date <= ${today}
    group by v.status`);
  return rowsOf<{ status: string; today: number; last30: number; waiting: number; waited: number; wait_seconds: number }>(result).map((row) => ({
    status: row.status,
    today: Number(row.today),
    last30: Number(row.last30),
    waiting: Number(row.waiting),
    waited: Number(row.waited),
    waitSeconds: Number(row.wait_seconds),
  }));
}

/** The ten doctors (or services) with the most visits over the 30 days; cancelled ones never happened. */
export async function topOwners(db: Db, kind: VisitKind, organisationId: string, periods: DashboardPeriods): Promise<DashboardShare[]> {
  const result = await db.execute(sql`
    select o.id, o.name, t.count
    from (
      select v.${sql.identifier(kind.visitOwnerId.name)} as owner_id, count(*)::int as count
      from ${kind.visits} v
      where v.organisation_id = ${organisationId} and v.date >= ${periods.last30From} and v.date <= ${periods.today} and v.status <> 'CANCELLED'
      group by v.${sql.identifier(kind.visitOwnerId.name)}
    ) t join ${kind.owners} o on o.id = t.owner_id
    order by t.count desc, o.name, o.id
    limit 10`);
  return rowsOf<{ id: string; name: string; count: number }>(result).map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

/** Visits per day over the 30 days, any status; every day present (generate_series), a kind not shown 0. */
export async function dailyCounts(
  db: Db,
  kinds: { appointments?: VisitKind; bookings?: VisitKind },
  organisationId: string,
  periods: DashboardPeriods,
): Promise<Dashboard['daily']> {
  const { last30From, today } = periods;
  const perDay = (kind: VisitKind | undefined, alias: string): { column: SQL; join: SQL } => {
    if (!kind) return { column: sql`0`, join: sql`` };
    const name = sql.identifier(alias);
    return {
      column: sql`coalesce(${name}.count, 0)`,
      join: sql`left join (
        select v.date, count(*)::int as count from ${kind.visits} v
        where v.organisation_id = ${organisationId} and v.date >= ${last30From} and v.date <= ${today}
        group by v.date
      ) ${name} on ${name}.date = d.day`,
    };
  };
  const a = perDay(kinds.appointments, 'a');
  const b = perDay(kinds.bookings, 'b');
  const result = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, ${a.column} as appointments, ${b.column} as bookings
    from (select day::date as day from generate_series(${last30From}::date, ${today}::date, interval '1 day') as day) d
    ${a.join}
    ${b.join}
    order by d.day`);
  return rowsOf<{ date: string; appointments: number; bookings: number }>(result).map((row) => ({
    date: row.date,
    appointments: Number(row.appointments),
    bookings: Number(row.bookings),
  }));
}

interface UpcomingRow {
  kind: DashboardUpcoming['kind'];
  id: string;
  date: string;
  start_time: string;
  token_number: number;
  token_prefix: string | null;
  status: string;
  patient_id: string;
  patient_name: string;
  resource_name: string;
}

/**
 * The next ten booked or checked-in visits from this minute on, over the kinds shown. Each kind
 * takes its own first ten in index order ((date, start_time) as one row comparison, so the scan
 * starts at now), then the union keeps the first ten of those.
 */
export async function upcomingVisits(db: Db, kinds: VisitKind[], organisationId: string, periods: DashboardPeriods): Promise<DashboardUpcoming[]> {
  if (kinds.length === 0) return [];
  const perKind = kinds.map(
    (kind) => sql`(
      select ${kind.name} as kind, v.id, v.date as day, to_char(v.date, 'YYYY-MM-DD') as date, v.start_time, v.token_number, o.token_prefix,
        v.status::text as status, v.patient_id, p.name as patient_name, o.name as resource_name
      from ${kind.visits} v
        join ${kind.owners} o on o.id = v.${sql.identifier(kind.visitOwnerId.name)}
        join patients p on p.id = v.patient_id
      where v.organisation_id = ${organisationId} and (v.date, v.start_time) >= (${periods.today}::date, ${periods.time}::text)
        -- A filter, not an index condition: nearly every future visit is booked, which the
        -- planner (taking status and date as independent) cannot know, so through the dashboard
        -- index it expects a few hundred rows and sorts ten thousand. This way it walks the
        -- (organisation_id, date, start_time) index in order and stops at the tenth.
        and v.status::text in ('BOOKED', 'CHECKED_IN')
      order by v.date, v.start_time, v.token_number, v.id
      limit 10
    )`,
  );
  const result = await db.execute(sql`
    select * from (${sql.join(perKind, sql` union all `)}) u
    order by u.day, u.start_time, u.token_number, u.kind, u.id
    limit 10`);
  return rowsOf<UpcomingRow>(result).map((row) => ({
    kind: row.kind,
    id: row.id,
    date: row.date,
    startTime: row.start_time,
    token: tokenLabel(Number(row.token_number), row.token_prefix),
    status: row.status,
    patientId: row.patient_id,
    patientName: row.patient_name,
    resourceName: row.resource_name,
  }));
}

export interface OrganisationFigures {
  newPatientsThisWeek: number;
  checklist: Dashboard['checklist'];
}

/** The figures that are not about visits, in one round trip. */
export async function organisationFigures(db: Db, caller: StaffContext, timeZone: string, periods: DashboardPeriods): Promise<OrganisationFigures> {
  const org = caller.organisationId;
  // The week runs Monday 00:00 to the next Monday 00:00 on the organisation's wall clock.
  const weekStart = sql`(${periods.weekStart}::date)::timestamp at time zone ${timeZone}`;
  const weekEnd = sql`(${periods.weekStart}::date + 7)::timestamp at time zone ${timeZone}`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from patients where organisation_id = ${org} and created_at >= ${weekStart} and created_at < ${weekEnd}) as new_patients,
      (exists (select 1 from doctors where organisation_id = ${org}) or exists (select 1 from services where organisation_id = ${org})) as has_doctor_or_service,
      (select count(*) from staff where organisation_id = ${org} and active) > 1 as has_staff,
      exists (select 1 from push_subscriptions where staff_id = ${caller.id} and organisation_id = ${org}) as notifications_enabled,
      exists (select 1 from wallet_entries where organisation_id = ${org} and kind = 'CREDIT' and payment_id is not null) as wallet_recharged`);
  const [row] = rowsOf<{ new_patients: number; has_doctor_or_service: boolean; has_staff: boolean; notifications_enabled: boolean; wallet_recharged: boolean }>(result);
  if (!row) throw new Error('the organisation figures query answered no row');
  return {
    newPatientsThisWeek: Number(row.new_patients),
    checklist: {
      hasDoctorOrService: row.has_doctor_or_service,
      hasStaff: row.has_staff,
      notificationsEnabled: row.notifications_enabled,
      walletRecharged: row.wallet_recharged,
    },
  };
}

export interface BillingFigures {
  collectedToday: number;
  collectedMonth: number;
  billedToday: number;
  billedMonth: number;
  due: number;
}

/**
 * Money by business date (the organisation's calendar, as the day book keeps it), in one round
 * trip: collected is payments less refunds, billed the bills' totals, due what bills still owe
 * whatever their date. Each sum reads through its (organisation_id, business_date) index.
 */
export async function billingFigures(db: Db, organisationId: string, periods: DashboardPeriods): Promise<BillingFigures> {
  const { today, monthStart } = periods;
  const byDay = (table: SQL, column: SQL) => sql`(
    select coalesce(sum(${column}) filter (where business_date = ${today}), 0)::float8 as today,
      coalesce(sum(${column}), 0)::float8 as month
    from ${table} where organisation_id = ${organisationId} and business_date >= ${monthStart} and business_date <= ${today})`;
  const result = await db.execute(sql`
    select p.today as paid_today, p.month as paid_month, r.today as refunded_today, r.month as refunded_month,
      b.today as billed_today, b.month as billed_month,
      (select coalesce(sum(total_paise - paid_paise), 0)::float8 from bills where organisation_id = ${organisationId} and paid_paise < total_paise) as due
    from ${byDay(sql`bill_payments`, sql`amount_paise`)} p, ${byDay(sql`credit_notes`, sql`amount_paise`)} r, ${byDay(sql`bills`, sql`total_paise`)} b`);
  const [row] = rowsOf<{ paid_today: number; paid_month: number; refunded_today: number; refunded_month: number; billed_today: number; billed_month: number; due: number }>(result);
  if (!row) throw new Error('the billing figures query answered no row');
  return {
    collectedToday: Number(row.paid_today) - Number(row.refunded_today),
    collectedMonth: Number(row.paid_month) - Number(row.refunded_month),
    billedToday: Number(row.billed_today),
    billedMonth: Number(row.billed_month),
    due: Number(row.due),
  };
}
