import { rescheduleSchema, type AppointmentSummary } from '@caredesk/shared';
import { useState } from 'react';
import { OwnerField } from '@/components/visits/owner-field';
import { RescheduleDialog } from '@/components/visits/reschedule-dialog';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { useT } from '../i18n';
import { DoctorSlotPicker } from './doctor-slot-picker';

interface RescheduleAppointmentDialogProps {
  appointment: AppointmentSummary;
  open: boolean;
  onClose: () => void;
}

/** A doctor in the picker: an active doctor, or the visit's own when it is no longer active. */
interface DoctorOption {
  id: string;
  name: string;
  specialization: string;
  facilityName?: string | null;
  consultationFeePaise?: number;
}

/** A new date and a free slot, with the same doctor or another active one (the server reprices a move to another doctor). */
export function RescheduleAppointmentDialog({ appointment, open, onClose }: RescheduleAppointmentDialogProps) {
  const t = useT();
  const reschedule = useRescheduleAppointment();
  const doctors = useActiveDoctors();
  const [doctorId, setDoctorId] = useState(appointment.doctorId);
  const active: DoctorOption[] = doctors.data ?? [];
  const options = active.some((doctor) => doctor.id === appointment.doctorId)
    ? active
    : [{ id: appointment.doctorId, name: appointment.doctorName, specialization: appointment.specialization }, ...active];
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
      renderOwner={(clearSlot) => (
        <OwnerField
          owners={{
            label: t('appointments.field.doctor'),
            step: t('appointments.dialog.doctorStep'),
            options,
            loading: doctors.isPending,
            name: (doctor) => doctor.name,
            detail: (doctor) => [doctor.specialization, doctor.consultationFeePaise === undefined ? null : fFee(doctor.consultationFeePaise)].filter(Boolean).join(' · '),
          }}
          value={options.find((doctor) => doctor.id === doctorId) ?? null}
          onChange={(doctor) => {
            // Cleared: back to the visit's own doctor rather than no doctor at all.
            setDoctorId(doctor?.id ?? appointment.doctorId);
            clearSlot();
          }}
        />
      )}
      renderSlots={(date, value, onChange, extra) => <DoctorSlotPicker doctorId={doctorId} date={date} value={value} onChange={onChange} offerExtras moving extra={extra} />}
      onReschedule={(input) => reschedule.mutateAsync({ id: appointment.id, ...input, ...(doctorId === appointment.doctorId ? {} : { doctorId }) })}
    />
  );
}
