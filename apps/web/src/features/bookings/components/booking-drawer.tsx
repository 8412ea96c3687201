import { DetailList } from '@/components/records/detail-list';
import { VisitDrawer } from '@/components/visits/visit-drawer';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { fPhone } from '@/lib/format';
import { useBooking } from '../api/get-booking';
import { BookingActions } from './booking-actions';
import { serviceLine } from './booking-format';
import { BookingReport } from './booking-report';

/** ?open=<id>: the booking's details, the actions its status allows, its report and its history. */
export function BookingDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const booking = useBooking(id);
  const data = booking.data;
  return (
    <VisitDrawer open={Boolean(id)} onClose={onClose} title={data ? `Token ${data.tokenLabel}` : 'Booking'} visit={data} error={booking.error}>
      {data ? (
        <>
          <DetailList
            items={[
              { label: 'Patient', value: data.patientName },
              { label: 'Phone', value: fPhone(data.patientPhone) },
              { label: 'Scan / test', value: serviceLine(data) },
              { label: 'Date', value: fVisitDate(data.date) },
              { label: 'Time', value: `${fTimeOfDay(data.startTime)} – ${fTimeOfDay(data.endTime)}` },
              { label: 'Price', value: fFee(data.pricePaise) },
              { label: 'Reason', value: data.reason },
              { label: 'Cancel reason', value: data.cancelReason, hidden: !data.cancelReason },
            ]}
          />
          <BookingActions booking={data} />
          <BookingReport booking={data} />
        </>
      ) : null}
    </VisitDrawer>
  );
}
