import { rescheduleSchema, type AppointmentSummary } from '@caredesk/shared';
import { RescheduleDialog } from '@/components/visits/reschedule-dialog';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { useT } from '../i18n';
import { DoctorSlotPicker } from './doctor-slot-picker';

interface RescheduleAppointmentDialogProps {
  appointment: AppointmentSummary;
  open: boolean;
  onClose: () => void;
}

/** A new date and a free slot of the same doctor. */
export function RescheduleAppointmentDialog({ appointment, open, onClose }: RescheduleAppointmentDialogProps) {
  const t = useT();
  const reschedule = useRescheduleAppointment();
  return (
    <RescheduleDialog
      title={t('appointments.reschedule.title')}
      summary={t('appointments.reschedule.summary', {
        patient: appointment.patientName,
        doctor: appointment.doctorName,
        date: fVisitDate(appointment.date),
        time: fTimeOfDay(appointment.startTime),
      })}
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
