import { bookingActionTarget, canMoveBooking, type BookingSummary } from '@caredesk/shared';
import { lazy, Suspense } from 'react';
import { VisitActions } from '@/components/visits/visit-actions';
import { useConfirmBooking } from '../api/confirm-booking';
import { useBookingAction } from '../api/run-booking-action';
import { useT } from '../i18n';
import { BookingSlipOf } from './booking-slip';

// Its form (react-hook-form, the slot picker) loads when a row is rescheduled, not with the list.
const RescheduleBookingDialog = lazy(() => import('./reschedule-booking-dialog').then((module) => ({ default: module.RescheduleBookingDialog })));

interface BookingActionsProps {
  /** A list row or the drawer's record: the slip reads the record itself. */
  booking: BookingSummary;
  /** In a grid row: the next step as a button, the rest in a menu. */
  compact?: boolean;
}

/** Confirm while it awaits the desk, the moves its status allows, reschedule until it starts (BOOKED or CHECKED_IN, as the server allows), and the slip. */
export function BookingActions({ booking, compact }: BookingActionsProps) {
  const t = useT();
  const done = {
    'check-in': t('bookings.done.checkIn'),
    start: t('bookings.done.start'),
    complete: t('bookings.done.complete'),
    'no-show': t('bookings.done.noShow'),
    cancel: t('bookings.done.cancel'),
  };
  const action = useBookingAction();
  const confirm = useConfirmBooking();
  return (
    <VisitActions
      visit={booking}
      noun="booking"
      allowed={(key) => canMoveBooking(booking.status, bookingActionTarget[key])}
      done={done}
      run={(key, reason) => action.mutateAsync({ id: booking.id, action: key, reason })}
      confirm={() => confirm.mutateAsync(booking.id)}
      pending={action.isPending || confirm.isPending}
      compact={compact}
      reschedulable={booking.status === 'BOOKED' || booking.status === 'CHECKED_IN'}
      renderReschedule={(close) => (
        <Suspense fallback={null}>
          <RescheduleBookingDialog booking={booking} open onClose={close} />
        </Suspense>
      )}
      slip={{ title: t('bookings.slip'), content: <BookingSlipOf id={booking.id} /> }}
    />
  );
}
