import { bookingCreateSchema, type Booking } from '@caredesk/shared';
import { NewVisitDialog } from '@/components/visits/new-visit-dialog';
import { fFee } from '@/components/visits/visit-format';
import { useBookableServices } from '../api/get-bookable-services';
import { useCreateBooking } from '../api/create-booking';
import { useT } from '../i18n';
import { kindLabel } from './booking-format';
import { BookingSlip } from './booking-slip';
import { ServiceSlotPicker } from './service-slot-picker';

interface NewBookingDialogProps {
  open: boolean;
  /** From ?patientId= (the patient view's 'Book scan or test'): starts with that patient chosen. */
  patientId: string | null;
  onClose: () => void;
}

/** Patient, then scan or test and date, then a free place; after booking, the slip. */
export function NewBookingDialog({ open, patientId, onClose }: NewBookingDialogProps) {
  const t = useT();
  const services = useBookableServices();
  const create = useCreateBooking();
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
      owners={{
        label: t('bookings.dialog.service'),
        step: t('bookings.dialog.serviceStep'),
        options: services.data ?? [],
        loading: services.isPending,
        name: (service) => service.name,
        detail: (service) => `${service.category ?? kindLabel(service.kind)} · ${fFee(service.pricePaise)}`,
      }}
      renderSlots={(serviceId, date, value, onChange, extra, whenFull) => (
        <ServiceSlotPicker serviceId={serviceId} date={date} value={value} onChange={onChange} offerExtras extra={extra} whenFull={whenFull} />
      )}
      renderSlip={(booking: Booking) => <BookingSlip booking={booking} />}
      book={create.mutateAsync}
      pending={create.isPending}
    />
  );
}
