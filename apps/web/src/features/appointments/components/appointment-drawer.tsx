import { DetailList } from '@/components/records/detail-list';
import { VisitDrawer } from '@/components/visits/visit-drawer';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { fPhone } from '@/lib/format';
import { useAppointment } from '../api/get-appointment';
import { useT } from '../i18n';
import { AppointmentActions } from './appointment-actions';
import { AppointmentSeriesSection } from './appointment-series';

/** ?open=<id>: the appointment's details, its history and the actions its status allows. */
export function AppointmentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT();
  const appointment = useAppointment(id);
  const data = appointment.data;
  return (
    <VisitDrawer
      open={Boolean(id)}
      onClose={onClose}
      title={data ? t('appointments.token', { token: data.tokenLabel }) : t('appointments.appointment')}
      visit={data}
      error={appointment.error}
    >
      {data ? (
        <>
          <DetailList
            items={[
              { label: t('appointments.field.patient'), value: data.patientName },
              { label: t('appointments.field.phone'), value: fPhone(data.patientPhone) },
              { label: t('appointments.field.doctor'), value: `${data.doctorName} (${data.specialization})` },
              { label: t('appointments.field.date'), value: fVisitDate(data.date) },
              { label: t('appointments.field.time'), value: `${fTimeOfDay(data.startTime)} – ${fTimeOfDay(data.endTime)}` },
              { label: t('appointments.field.fee'), value: fFee(data.feePaise) },
              { label: t('appointments.field.reason'), value: data.reason },
              { label: t('appointments.field.cancelReason'), value: data.cancelReason, hidden: !data.cancelReason },
            ]}
          />
          <AppointmentActions appointment={data} />
          {data.seriesId ? <AppointmentSeriesSection appointment={data} /> : null}
        </>
      ) : null}
    </VisitDrawer>
  );
}
