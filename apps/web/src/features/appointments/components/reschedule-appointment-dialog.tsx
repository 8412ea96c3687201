import { rescheduleSchema, type AppointmentSummary } from '@caredesk/shared';
import { RescheduleDialog } from '@/components/visits/reschedule-dialog';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { DoctorSlotPicker } from './doctor-slot-picker';

interface RescheduleAppointmentDialogProps {
  appointment: AppointmentSummary;
  open: boolean;
  onClose: () => void;
}

/** A new date and a free slot of the same doctor. */
export function RescheduleAppointmentDialog({ appointment, open, onClose }: RescheduleAppointmentDialogProps) {
  const reschedule = useRescheduleAppointment();
  return (
    <RescheduleDialog
      title="Reschedule appointment"
      summary={`${appointment.patientName} with ${appointment.doctorName}, now ${fVisitDate(appointment.date)} at ${fTimeOfDay(appointment.startTime)}`}
      schema={rescheduleSchema}
      date={appointment.date}
      open={open}
      onClose={onClose}
      pending={reschedule.isPending}
      renderSlots={(date, value, onChange) => <DoctorSlotPicker doctorId={appointment.doctorId} date={date} value={value} onChange={onChange} />}
      onReschedule={(input) => reschedule.mutateAsync({ id: appointment.id, ...input })}
    />
  );
}
