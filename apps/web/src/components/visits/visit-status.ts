import type { AppointmentStatus, BookingStatus } from '@caredesk/shared';

/** Appointments and scan/test bookings share most statuses; bookings add IN_PROGRESS and REPORT_READY. */
export type VisitStatus = AppointmentStatus | BookingStatus;

export const statusLabels: Record<VisitStatus, string> = {
  BOOKED: 'Booked',
  CHECKED_IN: 'Checked in',
  IN_CONSULTATION: 'In consultation',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  REPORT_READY: 'Report ready',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
};

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
