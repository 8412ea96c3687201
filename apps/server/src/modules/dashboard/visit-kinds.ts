import { appointmentStatuses, bookingStatuses, type MenuArea } from '@caredesk/shared';
import { sql, type SQL } from 'drizzle-orm';

type Identifier = ReturnType<typeof sql.identifier>;

/**
 * What differs between the two kinds of visit for the dashboard: both tables share the columns
 * it reads (date, start_time, status, token_number, queue times), so one set of queries serves both.
 */
export interface VisitKind {
  kind: 'appointment' | 'booking';
  /** The menu area that shows this kind: without it, its figures are not the caller's to see. */
  area: MenuArea;
  statuses: readonly string[];
  visits: Identifier;
  owners: Identifier;
  ownerColumn: Identifier;
  /** The fee (appointments) or price (bookings) column. */
  amountColumn: Identifier;
  /** Statuses whose amount counts as revenue: the visit took place. */
  paidStatuses: readonly string[];
}

export const appointmentKind: VisitKind = {
  kind: 'appointment',
  area: 'appointments',
  statuses: appointmentStatuses,
  visits: sql.identifier('appointments'),
  owners: sql.identifier('doctors'),
  ownerColumn: sql.identifier('doctor_id'),
  amountColumn: sql.identifier('fee_paise'),
  paidStatuses: ['COMPLETED'],
};

export const bookingKind: VisitKind = {
  kind: 'booking',
  area: 'bookings',
  statuses: bookingStatuses,
  visits: sql.identifier('bookings'),
  owners: sql.identifier('services'),
  ownerColumn: sql.identifier('service_id'),
  amountColumn: sql.identifier('price_paise'),
  paidStatuses: ['COMPLETED', 'REPORT_READY'],
};

/** `status in ('A', 'B')`: the statuses go as parameters, which the enum column types. */
export function statusIn(column: SQL, statuses: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
}
