import type { AppointmentSummary, Slot } from '@caredesk/shared';
import dayjs from 'dayjs';
import { fDate } from '@/lib/format';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useT } from '../../i18n';
import { TimeGrid, type CalendarActions } from './time-grid';

interface WeekGridProps {
  label: string;
  doctorId: string;
  /** Seven dates, Monday first. */
  days: readonly string[];
  appointments: AppointmentSummary[];
  freeSlotsOf: (doctorId: string, date: string) => readonly Slot[];
  /** The full slots a dragged visit may move into as an extra. */
  fullSlotsOf: (doctorId: string, date: string) => readonly Slot[];
  actions: CalendarActions;
}

/** One doctor's week, one column per day; today's column is tinted. */
export function WeekGrid({ label, doctorId, days, appointments, freeSlotsOf, fullSlotsOf, actions }: WeekGridProps) {
  const t = useT();
  const today = useOrganisationToday();
  const columns = days.map((date) => {
    const visits = appointments.filter((appointment) => appointment.date === date);
    return {
      key: date,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a date format
      title: dayjs(date).format('ddd D'),
      subtitle: t('appointments.calendar.count', { count: visits.length }),
      label: t('appointments.calendar.dayTitle', { weekday: dayjs(date).format('dddd'), date: fDate(date) }),
      highlighted: date === today,
      doctorId,
      date,
      appointments: visits,
      freeSlots: freeSlotsOf(doctorId, date),
      fullSlots: fullSlotsOf(doctorId, date),
    };
  });
  return <TimeGrid label={label} columns={columns} minColumnWidth={110} actions={actions} />;
}
