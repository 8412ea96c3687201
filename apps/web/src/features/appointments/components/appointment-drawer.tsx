import { DetailList } from '@/components/records/detail-list';
import { VisitDrawer } from '@/components/visits/visit-drawer';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { fPhone } from '@/lib/format';
import { useAppointment } from '../api/get-appointment';
import { AppointmentActions } from './appointment-actions';

/** ?open=<id>: the appointment's details, its history and the actions its status allows. */
export function AppointmentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const appointment = useAppointment(id);
  const data = appointment.data;
  return (
    <VisitDrawer open={Boolean(id)} onClose={onClose} title={data ? `Token ${data.tokenLabel}` : 'Appointment'} visit={data} error={appointment.error}>
      {data ? (
        <>
          <DetailList
            items={[
              { label: 'Patient', value: data.patientName },
              { label: 'Phone', value: fPhone(data.patientPhone) },
              { label: 'Doctor', value: `${data.doctorName} (${data.specialization})` },
              { label: 'Date', value: fVisitDate(data.date) },
              { label: 'Time', value: `${fTimeOfDay(data.startTime)} – ${fTimeOfDay(data.endTime)}` },
              { label: 'Fee', value: fFee(data.feePaise) },
              { label: 'Reason', value: data.reason },
              { label: 'Cancel reason', value: data.cancelReason, hidden: !data.cancelReason },
            ]}
          />
          <AppointmentActions appointment={data} />
        </>
      ) : null}
    </VisitDrawer>
  );
}
