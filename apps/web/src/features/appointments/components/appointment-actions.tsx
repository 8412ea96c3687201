import { appointmentActionTarget, canMoveAppointment, type Appointment } from '@caredesk/shared';
import { SlipDialog } from '@/components/visits/slip-dialog';
import { VisitActions } from '@/components/visits/visit-actions';
import { isCalledOff } from '@/components/visits/visit-status';
import { useAppointmentAction } from '../api/run-appointment-action';
import { AppointmentSlip } from './appointment-slip';
import { RescheduleAppointmentDialog } from './reschedule-appointment-dialog';

type Extra = 'reschedule' | 'slip';

const DONE = {
  'check-in': 'Checked in',
  start: 'Consultation started',
  complete: 'Completed',
  'no-show': 'Marked as no-show',
  cancel: 'Appointment cancelled',
} as const;

/** Reschedule while still booked; the slip for any appointment that was not called off. */
function extrasOf(appointment: Appointment): { key: Extra; label: string }[] {
  const extras: { key: Extra; label: string }[] = [];
  if (appointment.status === 'BOOKED') extras.push({ key: 'reschedule', label: 'Reschedule' });
  if (!isCalledOff(appointment.status)) extras.push({ key: 'slip', label: 'Print slip' });
  return extras;
}

interface AppointmentActionsProps {
  appointment: Appointment;
  /** In a grid row: the next step as a button, the rest in a menu. */
  compact?: boolean;
}

export function AppointmentActions({ appointment, compact }: AppointmentActionsProps) {
  const action = useAppointmentAction();
  return (
    <VisitActions
      visit={appointment}
      noun="appointment"
      allowed={(key) => canMoveAppointment(appointment.status, appointmentActionTarget[key])}
      done={DONE}
      extras={extrasOf(appointment)}
      run={(key, reason) => action.mutateAsync({ id: appointment.id, action: key, reason })}
      pending={action.isPending}
      compact={compact}
      renderDialogs={(chosen, close) => (
        <>
          {chosen === 'reschedule' ? <RescheduleAppointmentDialog appointment={appointment} open onClose={close} /> : null}
          <SlipDialog title="Appointment slip" open={chosen === 'slip'} onClose={close}>
            <AppointmentSlip appointment={appointment} />
          </SlipDialog>
        </>
      )}
    />
  );
}
