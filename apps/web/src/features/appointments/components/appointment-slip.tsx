import type { Appointment } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { VisitSlip } from '@/components/visits/visit-slip';
import { fPhone } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useAppointment } from '../api/get-appointment';
import { useT } from '../i18n';

/** The appointment slip: the token large, then patient, doctor, date, time and fee. */
export function AppointmentSlip({ appointment }: { appointment: Appointment }) {
  const t = useT();
  return (
    <VisitSlip
      label={t('appointments.slip')}
      tokenLabel={appointment.tokenLabel}
      rows={[
        { label: t('appointments.field.patient'), value: `${appointment.patientName} · ${fPhone(appointment.patientPhone)}` },
        { label: t('appointments.field.doctor'), value: `${appointment.doctorName} (${appointment.specialization})` },
        { label: t('appointments.field.date'), value: fVisitDate(appointment.date) },
        { label: t('appointments.field.time'), value: `${fTimeOfDay(appointment.startTime)} – ${fTimeOfDay(appointment.endTime)}` },
        { label: t('appointments.field.fee'), value: fFee(appointment.feePaise) },
        { label: t('appointments.field.reason'), value: appointment.reason },
      ]}
    />
  );
}

/**
 * The slip of a list row: the list carries no reason or fee (issue 13), so the slip reads the one
 * record (the drawer's, from the cache when it is open).
 */
export function AppointmentSlipOf({ id }: { id: string }) {
  const t = useT();
  const appointment = useAppointment(id);
  if (appointment.error) return <Alert severity="error">{errorMessage(appointment.error)}</Alert>;
  if (!appointment.data) return <Skeleton variant="rounded" height={240} aria-label={t('appointments.slipLoading')} />;
  return <AppointmentSlip appointment={appointment.data} />;
}
