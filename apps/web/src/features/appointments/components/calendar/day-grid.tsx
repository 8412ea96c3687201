import type { AppointmentSummary, Doctor, Slot } from '@caredesk/shared';
import { TimeGrid, type CalendarActions, type CalendarColumn } from './time-grid';

interface DayGridProps {
  label: string;
  date: string;
  appointments: AppointmentSummary[];
  /** The active doctors to show as columns, in order (one, when the doctor filter is set). */
  doctors: readonly Doctor[];
  freeSlotsOf: (doctorId: string, date: string) => readonly Slot[];
  /** The full slots a dragged visit may move into as an extra. */
  fullSlotsOf: (doctorId: string, date: string) => readonly Slot[];
  actions: CalendarActions;
}

/** One day, one column per doctor. */
export function DayGrid({ label, date, appointments, doctors, freeSlotsOf, fullSlotsOf, actions }: DayGridProps) {
  const columns = new Map<string, CalendarColumn>();
  for (const doctor of doctors) {
    columns.set(doctor.id, {
      key: doctor.id,
      title: doctor.name,
      subtitle: doctor.specialization,
      label: doctor.name,
      doctorId: doctor.id,
      date,
      appointments: [],
      freeSlots: freeSlotsOf(doctor.id, date),
      fullSlots: fullSlotsOf(doctor.id, date),
    });
  }
  for (const appointment of appointments) {
    // A doctor deactivated since keeps a column for the visits already booked with them (and takes no more).
    const column = columns.get(appointment.doctorId) ?? {
      key: appointment.doctorId,
      title: appointment.doctorName,
      subtitle: appointment.specialization,
      label: appointment.doctorName,
      doctorId: appointment.doctorId,
      date,
      appointments: [],
      freeSlots: [],
      fullSlots: [],
    };
    column.appointments.push(appointment);
    columns.set(appointment.doctorId, column);
  }
  return <TimeGrid label={label} columns={[...columns.values()]} minColumnWidth={150} actions={actions} />;
}
