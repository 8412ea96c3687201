import type { Booking } from '@caredesk/shared';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { VisitSlip } from '@/components/visits/visit-slip';
import { fPhone } from '@/lib/format';
import { serviceLine } from './booking-format';

/** The booking slip: the token large, then patient, scan or test, date, time and price. */
export function BookingSlip({ booking }: { booking: Booking }) {
  return (
    <VisitSlip
      label="Booking slip"
      tokenLabel={booking.tokenLabel}
      rows={[
        { label: 'Patient', value: `${booking.patientName} · ${fPhone(booking.patientPhone)}` },
        { label: 'Scan / test', value: serviceLine(booking) },
        { label: 'Date', value: fVisitDate(booking.date) },
        { label: 'Time', value: `${fTimeOfDay(booking.startTime)} – ${fTimeOfDay(booking.endTime)}` },
        { label: 'Price', value: fFee(booking.pricePaise) },
        { label: 'Reason', value: booking.reason },
      ]}
    />
  );
}
