import { bookingCreateSchema, type Booking } from '@caredesk/shared';
import { NewVisitDialog } from '@/components/visits/new-visit-dialog';
import { useCreateBooking } from '../api/create-booking';
import { useCreateBookingSeries } from '../api/create-booking-series';
import { useT } from '../i18n';
import { BookingSlip } from './booking-slip';
import { ServiceSlotPicker } from './service-slot-picker';
import { useServiceOwners } from './service-owners';

interface NewBookingDialogProps {
  open: boolean;
  /** From ?patientId= (the patient view's 'Book scan or test'): starts with that patient chosen. */
  patientId: string | null;
  onClose: () => void;
}

/** Patient, then scan or test and date, then a free place, and Repeat for a series; after booking, the slip (or the series' dates). */
export function NewBookingDialog({ open, patientId, onClose }: NewBookingDialogProps) {
  const t = useT();
  const services = useServiceOwners();
  const create = useCreateBooking();
  const createSeries = useCreateBookingSeries();
  return (
    <NewVisitDialog
      kind="bookings"
      schema={bookingCreateSchema}
      ownerKey="serviceId"
      open={open}
      patientId={patientId}
      onClose={onClose}
      title={t('bookings.new')}
      bookedTitle={t('bookings.confirmed')}
      owners={services}
      renderSlots={(serviceId, date, value, onChange, extra, whenFull) => (
        <ServiceSlotPicker serviceId={serviceId} date={date} value={value} onChange={onChange} offerExtras extra={extra} whenFull={whenFull} />
      )}
      renderSlip={(booking: Booking) => <BookingSlip booking={booking} />}
      book={create.mutateAsync}
      pending={create.isPending}
      repeat={{ book: createSeries.mutateAsync, pending: createSeries.isPending }}
    />
  );
}
