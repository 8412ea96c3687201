import type { Appointment } from '@caredesk/shared';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { VisitSlip } from '@/components/visits/visit-slip';
import { fPhone } from '@/lib/format';

/** The appointment slip: the token large, then patient, doctor, date, time and fee. */
export function AppointmentSlip({ appointment }: { appointment: Appointment }) {
  return (
    <VisitSlip
      label="Appointment slip"
      tokenLabel={appointment.tokenLabel}
      rows={[
        { label: 'Patient', value: `${appointment.patientName} · ${fPhone(appointment.patientPhone)}` },
        { label: 'Doctor', value: `${appointment.doctorName} (${appointment.specialization})` },
        { label: 'Date', value: fVisitDate(appointment.date) },
        { label: 'Time', value: `${fTimeOfDay(appointment.startTime)} – ${fTimeOfDay(appointment.endTime)}` },
        { label: 'Fee', value: fFee(appointment.feePaise) },
        { label: 'Reason', value: appointment.reason },
      ]}
    />
  );
}
