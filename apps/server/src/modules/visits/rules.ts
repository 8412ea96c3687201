import { todayIn } from '@caredesk/shared';
import { eq, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, bookings, bookingTests } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { AppError, ConflictError } from '../../lib/errors.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { fVisitDate } from './visit-dates.js';

export type VisitHolder = 'doctor' | 'service' | 'patient';

async function anyRow(db: Db, table: typeof appointments | typeof bookings | typeof bookingTests, column: AnyColumn, id: string): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(column, id)).limit(1);
  return row !== undefined;
}

/**
 * Whether a doctor, service or patient has appointments or bookings: such records are kept
 * (deactivated) rather than deleted, so the history of visits stays whole.
 */
export async function hasVisits(db: Db, owner: VisitHolder, id: string): Promise<boolean> {
  if (owner === 'doctor') return anyRow(db, appointments, appointments.doctorId, id);
  // A test booked inside a package counts as booked too.
  if (owner === 'service') return (await anyRow(db, bookings, bookings.serviceId, id)) || anyRow(db, bookingTests, bookingTests.serviceId, id);
  return (await anyRow(db, appointments, appointments.patientId, id)) || anyRow(db, bookings, bookings.patientId, id);
}

/** What happens to a visit only once its day has come, with the words a refusal uses. */
const ON_THE_DAY = {
  'check-in': 'checked in',
  start: 'started',
  complete: 'completed',
  'no-show': 'marked as no-show',
  report: 'given its report',
} as const;
export type DayBoundAction = keyof typeof ON_THE_DAY;

export function isDayBound(action: string): action is DayBoundAction {
  return Object.hasOwn(ON_THE_DAY, action);
}

/**
 * A visit is checked in, started, completed, marked no-show or given its report only once its day
 * has come on the organisation's calendar: a patient cannot arrive for tomorrow's slot today, and
 * a visit done "early" would leave tomorrow's list and queue wrong (a no-show would also free a
 * slot someone may still come to). Past days stay open on purpose: a desk that forgot to close
 * yesterday's visit must be able to record it (completed, or no-show) the next morning.
 */
export async function assertVisitDayReached(db: Db, organisationId: string, visitDate: string, action: DayBoundAction, now: Date = new Date()): Promise<void> {
  const today = todayIn(await organisationTimeZone(db, organisationId), now);
  if (visitDate > today) throw new ConflictError(`This visit is on ${fVisitDate(visitDate)}; it can be ${ON_THE_DAY[action]} on that day.`);
}

/**
 * A reschedule of a BOOKED or CHECKED_IN visit: moved to another date, a checked-in visit goes
 * back to BOOKED and leaves the queue (its check-in, skip and recall times are cleared).
 */
export function statusAfterMove<S extends string>(
  status: S,
  fromDate: string,
  toDate: string,
): { status: S | 'BOOKED'; times: { checkedInAt?: null; skippedAt?: null; recalledAt?: null } } {
  if (status !== 'CHECKED_IN' || fromDate === toDate) return { status, times: {} };
  return { status: 'BOOKED', times: { checkedInAt: null, skippedAt: null, recalledAt: null } };
}

const EXTRAS_ADMIN_ONLY = 'Only an administrator can change the extras a day';

/**
 * The allowance of extras a day (doctors' and scans' extraPerDay) is an admin's decision: it lets
 * the desk book beyond the slots. Others may save a form that carries it unchanged (`current`:
 * the saved value, 0 for a new record); a change is a 403 naming the field.
 */
export function assertMayChangeExtras(caller: Pick<StaffContext, 'role'>, current: number, next: number | undefined): void {
  if (next === undefined || next === current || caller.role === 'ADMIN') return;
  throw new AppError(403, EXTRAS_ADMIN_ONLY, [{ path: 'extraPerDay', message: EXTRAS_ADMIN_ONLY }]);
}
