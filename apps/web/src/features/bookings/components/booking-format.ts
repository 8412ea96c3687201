import type { Booking, ServiceKind } from '@caredesk/shared';

export const kindLabels: Record<ServiceKind, string> = { SCAN: 'Scan', TEST: 'Test', OTHER: 'Other service' };

/** 'MRI Brain (MRI)', or the kind when the service has no category: 'Lipid Profile (Test)'. */
export function serviceLine(booking: Pick<Booking, 'serviceName' | 'category' | 'serviceKind'>): string {
  return `${booking.serviceName} (${booking.category ?? kindLabels[booking.serviceKind]})`;
}
