import type { Appointment, AppointmentSeries } from '@caredesk/shared';
import { useState } from 'react';
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import { MoveSeriesDialog } from '@/components/visits/series/move-series-dialog';
import { SeriesSection } from '@/components/visits/series/series-section';
import { OwnerField } from '@/components/visits/owner-field';
import { fFee } from '@/components/visits/visit-format';
import { useAppointmentSeries } from '../api/get-appointment-series';
import { useCancelAppointmentSeries, useRescheduleAppointmentSeries } from '../api/change-appointment-series';
import { useT } from '../i18n';
import { DoctorSlotPicker } from './doctor-slot-picker';

/** The drawer's series part for an appointment that belongs to one: its size and plan, cancel or move it as a whole. */
export function AppointmentSeriesSection({ appointment }: { appointment: Appointment }) {
  const series = useAppointmentSeries(appointment.seriesId);
  const cancel = useCancelAppointmentSeries();
  const id = appointment.seriesId ?? '';
  return (
    <SeriesSection
      series={series.data}
      patientName={appointment.patientName}
      cancel={(reason) => cancel.mutateAsync({ id, reason })}
      pending={cancel.isPending}
      renderMove={(close, next) =>
        series.data ? <MoveAppointmentSeriesDialog series={series.data} patientName={appointment.patientName} nextDate={next.date} onClose={close} /> : null
      }
    />
  );
}

interface MoveAppointmentSeriesDialogProps {
  series: AppointmentSeries;
  patientName: string;
  nextDate: string;
  onClose: () => void;
}

/** The series to a new time, with the same doctor or another active one. */
function MoveAppointmentSeriesDialog({ series, patientName, nextDate, onClose }: MoveAppointmentSeriesDialogProps) {
  const t = useT();
  const move = useRescheduleAppointmentSeries();
  const doctors = useActiveDoctors();
  const own = series.series.ownerId;
  const [doctorId, setDoctorId] = useState(own);
  const options = doctors.data ?? [];
  return (
    <MoveSeriesDialog
      patientName={patientName}
      nextDate={nextDate}
      renderOwner={(clearTime) => (
        <OwnerField
          owners={{
            label: t('appointments.field.doctor'),
            step: t('appointments.dialog.doctorStep'),
            options,
            loading: doctors.isPending,
            name: (doctor) => doctor.name,
            detail: (doctor) => `${doctor.specialization} · ${fFee(doctor.consultationFeePaise)}`,
          }}
          value={options.find((doctor) => doctor.id === doctorId) ?? null}
          onChange={(doctor) => {
            setDoctorId(doctor?.id ?? own);
            clearTime();
          }}
        />
      )}
      renderSlots={(value, onChange) => <DoctorSlotPicker doctorId={doctorId} date={nextDate} value={value} onChange={(start) => onChange(start)} />}
      onMove={(startTime) => move.mutateAsync({ id: series.series.id, startTime, ...(doctorId === own ? {} : { doctorId }) })}
      pending={move.isPending}
      onClose={onClose}
    />
  );
}
