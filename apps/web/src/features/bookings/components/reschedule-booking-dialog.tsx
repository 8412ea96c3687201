import { bookingRescheduleSchema, type BookingSummary } from '@caredesk/shared';
import { RescheduleDialog } from '@/components/visits/reschedule-dialog';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { useT } from '../i18n';
import { ServiceSlotPicker } from './service-slot-picker';

interface RescheduleBookingDialogProps {
  booking: BookingSummary;
  open: boolean;
  onClose: () => void;
}

/** A new date and a free place of the same scan or test, or a full one as an extra where the day allows. */
export function RescheduleBookingDialog({ booking, open, onClose }: RescheduleBookingDialogProps) {
  const t = useT();
  const reschedule = useRescheduleBooking();
  return (
    <RescheduleDialog
      title={t('bookings.reschedule.title')}
      summary={t('bookings.reschedule.summary', {
        patient: booking.patientName,
        service: booking.serviceName,
        date: fVisitDate(booking.date),
        time: fTimeOfDay(booking.startTime),
      })}
      schema={bookingRescheduleSchema}
      date={booking.date}
      open={open}
      onClose={onClose}
      pending={reschedule.isPending}
      renderSlots={(date, value, onChange, extra) => (
        <ServiceSlotPicker serviceId={booking.serviceId} date={date} value={value} onChange={onChange} offerExtras moving extra={extra} />
      )}
      onReschedule={(input) => reschedule.mutateAsync({ id: booking.id, ...input })}
    />
  );
}
