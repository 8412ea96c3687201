import { addDays, isValidIsoDate } from '@caredesk/shared';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import { EmptyState } from '@/components/empty-state';
import type { DateRange } from '@/components/visits/date-range';
import { fDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useT } from '../../i18n';
import { weekOf } from './calendar-layout';
import { CalendarToolbar } from './calendar-toolbar';
import { DayGrid } from './day-grid';
import { useCalendarData } from './use-calendar-data';
import { WeekGrid } from './week-grid';

interface CalendarViewProps {
  mode: 'day' | 'week';
  /** The page's `from` date: the day shown, or a date in the week shown. */
  date: string;
  /** The page's doctor filter ('' = none). */
  doctorId: string;
  onRange: (range: DateRange) => void;
  onDoctor: (doctorId: string) => void;
  onOpen: (id: string) => void;
}

/** The day (a column per doctor) or week (a column per day, one doctor) of appointments on a time grid. */
export function CalendarView({ mode, date: asked, doctorId, onRange, onDoctor, onOpen }: CalendarViewProps) {
  const t = useT();
  const today = useOrganisationToday();
  // `from` comes from the URL, which a person may edit: a date that is no day shows today, not a crash.
  const date = isValidIsoDate(asked) ? asked : today;
  const { days, activeDoctors, shownDoctorId, appointments, loading, error } = useCalendarData(mode, date, doctorId);
  const from = days[0]!;
  const to = days.at(-1)!;
  const show = (day: string) => {
    const week = weekOf(day);
    onRange(mode === 'day' ? { from: day, to: day } : { from: week[0]!, to: week[6]! });
  };
  const doctorName = activeDoctors.find((doctor) => doctor.id === shownDoctorId)?.name ?? appointments[0]?.doctorName ?? '';
  const title =
    mode === 'day'
      ? t('appointments.calendar.dayTitle', { weekday: dayjs(date).format('dddd'), date: fDate(date) })
      : t('appointments.calendar.weekTitle', { from: fDate(from), to: fDate(to) });

  let body;
  if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (loading) body = <Skeleton variant="rounded" height={360} />;
  else if (mode === 'week' && !shownDoctorId) {
    body = <EmptyState icon={<EventNoteOutlined />} title={t('appointments.calendar.noDoctors')} description={t('appointments.calendar.noDoctorsHelp')} />;
  } else if (appointments.length === 0) {
    const description = mode === 'day' ? t('appointments.calendar.nothingOnDay', { day: title }) : t('appointments.calendar.nothingInWeek', { doctor: doctorName });
    body = <EmptyState icon={<EventNoteOutlined />} title={t('appointments.empty')} description={description} />;
  } else if (mode === 'day') {
    const columns = doctorId ? activeDoctors.filter((doctor) => doctor.id === doctorId) : activeDoctors;
    body = <DayGrid label={t('appointments.calendar.dayLabel', { day: title })} appointments={appointments} doctors={columns} onOpen={onOpen} />;
  } else {
    body = <WeekGrid label={t('appointments.calendar.weekLabel', { doctor: doctorName, week: title })} days={days} appointments={appointments} onOpen={onOpen} />;
  }

  return (
    <Stack spacing={2}>
      <CalendarToolbar
        unit={mode}
        title={title}
        date={date}
        onStep={(step) => show(addDays(date, step * days.length))}
        onToday={() => show(today)}
        onDate={show}
        doctorId={shownDoctorId}
        doctors={activeDoctors.map((doctor) => ({ value: doctor.id, label: doctor.name }))}
        allDoctorsLabel={mode === 'day' ? t('appointments.filter.allDoctors') : undefined}
        onDoctor={onDoctor}
      />
      <Card variant="outlined">{body}</Card>
    </Stack>
  );
}
