import type { Appointment } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { VisitSlip } from '@/components/visits/visit-slip';
import { fPhone } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useAppointment } from '../api/get-appointment';

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

/**
 * The slip of a list row: the list carries no reason or fee (issue 13), so the slip reads the one
 * record (the drawer's, from the cache when it is open).
 */
export function AppointmentSlipOf({ id }: { id: string }) {
  const appointment = useAppointment(id);
  if (appointment.error) return <Alert severity="error">{errorMessage(appointment.error)}</Alert>;
  if (!appointment.data) return <Skeleton variant="rounded" height={240} aria-label="Loading the slip" />;
  return <AppointmentSlip appointment={appointment.data} />;
}
