import type { BookingSummary } from '@caredesk/shared';
import type { RecordColumn } from '@/components/records/record-column';
import { TwoLines, VisitCard, visitColumns, visitSortFields } from '@/components/visits/visit-columns';
import { BookingActions } from './booking-actions';
import { t } from '../i18n';
import { kindLabel } from './booking-format';

/** Grid column field -> API sort key. */
export const bookingSortFields = visitSortFields;

export const bookingColumns = (showDate: boolean): RecordColumn<BookingSummary>[] =>
  visitColumns<BookingSummary>({
    showDate,
    owner: {
      field: 'serviceName',
      headerName: t('bookings.column.service'),
      flex: 1,
      minWidth: 170,
      render: (row) => <TwoLines first={row.serviceName} second={row.category ?? kindLabel(row.serviceKind)} />,
    },
    renderActions: (row) => <BookingActions booking={row} compact />,
  });

/** A row as a card on phones. */
export function BookingCard({ booking }: { booking: BookingSummary }) {
  return <VisitCard visit={booking} detail={`${booking.serviceName} · ${booking.category ?? kindLabel(booking.serviceKind)}`} />;
}
