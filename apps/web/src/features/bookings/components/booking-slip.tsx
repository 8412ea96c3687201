import type { Booking } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { VisitSlip } from '@/components/visits/visit-slip';
import { fPhone } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useBooking } from '../api/get-booking';
import { useT } from '../i18n';
import { serviceLine } from './booking-format';

/** The booking slip: the token large, then patient, scan or test, date, time and price. */
export function BookingSlip({ booking }: { booking: Booking }) {
  const t = useT();
  return (
    <VisitSlip
      label={t('bookings.slip')}
      tokenLabel={booking.tokenLabel}
      rows={[
        { label: t('bookings.field.patient'), value: `${booking.patientName} · ${fPhone(booking.patientPhone)}` },
        { label: t('bookings.field.service'), value: serviceLine(booking) },
        { label: t('bookings.field.date'), value: fVisitDate(booking.date) },
        { label: t('bookings.field.time'), value: `${fTimeOfDay(booking.startTime)} – ${fTimeOfDay(booking.endTime)}` },
        { label: t('bookings.field.price'), value: fFee(booking.pricePaise) },
        { label: t('bookings.field.reason'), value: booking.reason },
      ]}
    />
  );
}

/**
 * The slip of a list row: the list carries no reason or price (issue 13), so the slip reads the
 * one record (the drawer's, from the cache when it is open).
 */
export function BookingSlipOf({ id }: { id: string }) {
  const t = useT();
  const booking = useBooking(id);
  if (booking.error) return <Alert severity="error">{errorMessage(booking.error)}</Alert>;
  if (!booking.data) return <Skeleton variant="rounded" height={240} aria-label={t('bookings.slipLoading')} />;
  return <BookingSlip booking={booking.data} />;
}
