import { bookingRescheduleSchema, type BookingSummary } from '@caredesk/shared';
import { RescheduleDialog } from '@/components/visits/reschedule-dialog';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { ServiceSlotPicker } from './service-slot-picker';

interface RescheduleBookingDialogProps {
  booking: BookingSummary;
  open: boolean;
  onClose: () => void;
}

/** A new date and a free place of the same scan or test. */
export function RescheduleBookingDialog({ booking, open, onClose }: RescheduleBookingDialogProps) {
  const reschedule = useRescheduleBooking();
  return (
    <RescheduleDialog
      title="Reschedule booking"
      summary={`${booking.patientName} for ${booking.serviceName}, now ${fVisitDate(booking.date)} at ${fTimeOfDay(booking.startTime)}`}
      schema={bookingRescheduleSchema}
      date={booking.date}
      open={open}
      onClose={onClose}
      pending={reschedule.isPending}
      renderSlots={(date, value, onChange) => <ServiceSlotPicker serviceId={booking.serviceId} date={date} value={value} onChange={onChange} />}
      onReschedule={(input) => reschedule.mutateAsync({ id: booking.id, ...input })}
    />
  );
}
