import type { Booking, ServiceKind } from '@caredesk/shared';
import { t } from '../i18n';

const kindIds = { SCAN: 'bookings.kind.SCAN', TEST: 'bookings.kind.TEST', OTHER: 'bookings.kind.OTHER' } as const;

/** 'Scan', 'Test' or 'Other service', in the language of the moment it is called. */
export const kindLabel = (kind: ServiceKind): string => t(kindIds[kind]);

/** 'MRI Brain (MRI)', or the kind when the service has no category: 'Lipid Profile (Test)'. */
export function serviceLine(booking: Pick<Booking, 'serviceName' | 'category' | 'serviceKind'>): string {
  return t('bookings.serviceLine', { service: booking.serviceName, detail: booking.category ?? kindLabel(booking.serviceKind) });
}
