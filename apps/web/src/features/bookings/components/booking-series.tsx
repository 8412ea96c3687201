import type { Booking } from '@caredesk/shared';
import { SeriesSection } from '@/components/visits/series/series-section';
import { ServiceSlotPicker } from './service-slot-picker';
import { useServiceOwners } from './service-owners';

/** The drawer's series part for a booking in one: cancel it, or move it to a new time and/or another scan or test. */
export function BookingSeriesSection({ booking }: { booking: Booking }) {
  return (
    <SeriesSection
      kind="bookings"
      visit={booking}
      owners={useServiceOwners()}
      renderSlots={(serviceId, date, value, onChange) => <ServiceSlotPicker serviceId={serviceId} date={date} value={value} onChange={onChange} />}
    />
  );
}
