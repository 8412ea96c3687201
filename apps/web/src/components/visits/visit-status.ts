import type { AppointmentStatus, BookingStatus } from '@caredesk/shared';
import { t } from './i18n';

/** Appointments and scan/test bookings share most statuses; bookings add IN_PROGRESS and REPORT_READY. */
export type VisitStatus = AppointmentStatus | BookingStatus;

const statuses: readonly VisitStatus[] = ['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION', 'IN_PROGRESS', 'COMPLETED', 'REPORT_READY', 'CANCELLED', 'NO_SHOW'];

/** A status's name in the language of the moment it is read (each entry is a getter, so a language change applies). */
export const statusLabels = Object.defineProperties(
  {},
  Object.fromEntries(statuses.map((status) => [status, { enumerable: true, get: () => t(`visits.status.${status}`) }])),
) as Readonly<Record<VisitStatus, string>>;

export const statusColors: Record<VisitStatus, 'info' | 'warning' | 'secondary' | 'success' | 'error' | 'default' | 'primary'> = {
  BOOKED: 'info',
  CHECKED_IN: 'warning',
  IN_CONSULTATION: 'secondary',
  IN_PROGRESS: 'secondary',
  COMPLETED: 'success',
  REPORT_READY: 'primary',
  CANCELLED: 'error',
  NO_SHOW: 'default',
};

/** Cancelled and no-show visits are over without having happened: no slip to print. */
export const isCalledOff = (status: VisitStatus) => status === 'CANCELLED' || status === 'NO_SHOW';
