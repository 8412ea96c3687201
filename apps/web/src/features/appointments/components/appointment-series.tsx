import type { Appointment } from '@caredesk/shared';
import { SeriesSection } from '@/components/visits/series/series-section';
import { DoctorSlotPicker } from './doctor-slot-picker';
import { useDoctorOwners } from './doctor-owners';

/** The drawer's series part for an appointment in one: cancel it, or move it to a new time and/or another active doctor. */
export function AppointmentSeriesSection({ appointment }: { appointment: Appointment }) {
  return (
    <SeriesSection
      kind="appointments"
      visit={appointment}
      owners={useDoctorOwners()}
      renderSlots={(doctorId, date, value, onChange) => <DoctorSlotPicker doctorId={doctorId} date={date} value={value} onChange={onChange} />}
    />
  );
}
