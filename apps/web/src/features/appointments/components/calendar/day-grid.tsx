import type { AppointmentSummary, Doctor } from '@caredesk/shared';
import { TimeGrid, type CalendarColumn } from './time-grid';

interface DayGridProps {
  label: string;
  appointments: AppointmentSummary[];
  /** The active doctors to show as columns, in order (one, when the doctor filter is set). */
  doctors: readonly Doctor[];
  onOpen: (id: string) => void;
}

/** One day, one column per doctor. */
export function DayGrid({ label, appointments, doctors, onOpen }: DayGridProps) {
  const columns = new Map<string, CalendarColumn>();
  for (const doctor of doctors) {
    columns.set(doctor.id, { key: doctor.id, title: doctor.name, subtitle: doctor.specialization, label: doctor.name, appointments: [] });
  }
  for (const appointment of appointments) {
    // A doctor deactivated since keeps a column for the visits already booked with them.
    const column = columns.get(appointment.doctorId) ?? {
      key: appointment.doctorId,
      title: appointment.doctorName,
      subtitle: appointment.specialization,
      label: appointment.doctorName,
      appointments: [],
    };
    column.appointments.push(appointment);
    columns.set(appointment.doctorId, column);
  }
  return <TimeGrid label={label} columns={[...columns.values()]} minColumnWidth={150} onOpen={onOpen} />;
}
