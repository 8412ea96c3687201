import type { AppointmentSummary } from '@caredesk/shared';
import dayjs from 'dayjs';
import { fDate } from '@/lib/format';
import { useOrganisationToday } from '@/lib/organisation-today';
import { TimeGrid } from './time-grid';

interface WeekGridProps {
  label: string;
  /** Seven dates, Monday first. */
  days: readonly string[];
  appointments: AppointmentSummary[];
  onOpen: (id: string) => void;
}

const count = (n: number) => (n === 1 ? '1 appointment' : `${n} appointments`);

/** One doctor's week, one column per day; today's column is tinted. */
export function WeekGrid({ label, days, appointments, onOpen }: WeekGridProps) {
  const today = useOrganisationToday();
  const columns = days.map((date) => {
    const visits = appointments.filter((appointment) => appointment.date === date);
    return {
      key: date,
      title: dayjs(date).format('ddd D'),
      subtitle: count(visits.length),
      label: `${dayjs(date).format('dddd')}, ${fDate(date)}`,
      highlighted: date === today,
      appointments: visits,
    };
  });
  return <TimeGrid label={label} columns={columns} minColumnWidth={110} onOpen={onOpen} />;
}
