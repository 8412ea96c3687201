import { appointmentActionTarget, canMoveAppointment, type AppointmentSummary } from '@caredesk/shared';
import { lazy, Suspense } from 'react';
import { VisitActions } from '@/components/visits/visit-actions';
import { useConfirmAppointment } from '../api/confirm-appointment';
import { useAppointmentAction } from '../api/run-appointment-action';
import { useT } from '../i18n';
import { AppointmentSlipOf } from './appointment-slip';

// Its form (react-hook-form, the slot picker) loads when a row is rescheduled, not with the list.
const RescheduleAppointmentDialog = lazy(() => import('./reschedule-appointment-dialog').then((module) => ({ default: module.RescheduleAppointmentDialog })));

interface AppointmentActionsProps {
  /** A list row or the drawer's record: the slip reads the record itself. */
  appointment: AppointmentSummary;
  /** In a grid row: the next step as a button, the rest in a menu. */
  compact?: boolean;
}

/** Confirm while it awaits the desk, the moves its status allows, reschedule while still booked, and the slip. */
export function AppointmentActions({ appointment, compact }: AppointmentActionsProps) {
  const t = useT();
  const done = {
    'check-in': t('appointments.done.checkIn'),
    start: t('appointments.done.start'),
    complete: t('appointments.done.complete'),
    'no-show': t('appointments.done.noShow'),
    cancel: t('appointments.done.cancel'),
  };
  const action = useAppointmentAction();
  const confirm = useConfirmAppointment();
  return (
    <VisitActions
      visit={appointment}
      noun="appointment"
      allowed={(key) => canMoveAppointment(appointment.status, appointmentActionTarget[key])}
      done={done}
      run={(key, reason) => action.mutateAsync({ id: appointment.id, action: key, reason })}
      confirm={() => confirm.mutateAsync(appointment.id)}
      pending={action.isPending || confirm.isPending}
      compact={compact}
      reschedulable={appointment.status === 'BOOKED'}
      renderReschedule={(close) => (
        <Suspense fallback={null}>
          <RescheduleAppointmentDialog appointment={appointment} open onClose={close} />
        </Suspense>
      )}
      slip={{ title: t('appointments.slip'), content: <AppointmentSlipOf id={appointment.id} /> }}
    />
  );
}
