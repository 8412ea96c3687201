import { appointmentCreateSchema, type Appointment } from '@caredesk/shared';
import { NewVisitDialog } from '@/components/visits/new-visit-dialog';
import { useCreateAppointment } from '../api/create-appointment';
import { useCreateAppointmentSeries } from '../api/create-appointment-series';
import { useT } from '../i18n';
import { AppointmentSlip } from './appointment-slip';
import { useDoctorOwners } from './doctor-owners';
import { DoctorSlotPicker } from './doctor-slot-picker';

interface NewAppointmentDialogProps {
  open: boolean;
  /** From ?patientId= (the patient view's 'Book appointment'): starts with that patient chosen. */
  patientId: string | null;
  /** A free slot clicked on the calendar: starts with its doctor, date and time chosen. */
  slot?: { doctorId: string; date: string; startTime: string } | null;
  onClose: () => void;
}

/** Patient, then doctor and date, then a free slot; after booking, the slip. */
export function NewAppointmentDialog({ open, patientId, slot, onClose }: NewAppointmentDialogProps) {
  const t = useT();
  const doctors = useDoctorOwners();
  const create = useCreateAppointment();
  const createSeries = useCreateAppointmentSeries();
  return (
    <NewVisitDialog
      kind="appointments"
      schema={appointmentCreateSchema}
      ownerKey="doctorId"
      open={open}
      patientId={patientId}
      slot={slot ? { ownerId: slot.doctorId, date: slot.date, startTime: slot.startTime } : null}
      onClose={onClose}
      title={t('appointments.new')}
      bookedTitle={t('appointments.booked')}
      owners={doctors}
      renderSlots={(doctorId, date, value, onChange, extra, whenFull) => (
        <DoctorSlotPicker doctorId={doctorId} date={date} value={value} onChange={onChange} offerExtras extra={extra} whenFull={whenFull} />
      )}
      renderSlip={(appointment: Appointment) => <AppointmentSlip appointment={appointment} />}
      book={create.mutateAsync}
      pending={create.isPending}
      repeat={{ book: createSeries.mutateAsync, pending: createSeries.isPending }}
    />
  );
}
