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
  const title = mode === 'day' ? `${dayjs(date).format('dddd')}, ${fDate(date)}` : `${fDate(from)} – ${fDate(to)}`;

  let body;
  if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (loading) body = <Skeleton variant="rounded" height={360} />;
  else if (mode === 'week' && !shownDoctorId) {
    body = <EmptyState icon={<EventNoteOutlined />} title="No active doctors" description="Add a doctor to see a week of their appointments." />;
  } else if (appointments.length === 0) {
    const description = mode === 'day' ? `Nothing is booked on ${title}.` : `Nothing is booked with ${doctorName} in this week.`;
    body = <EmptyState icon={<EventNoteOutlined />} title="No appointments" description={description} />;
  } else if (mode === 'day') {
    const columns = doctorId ? activeDoctors.filter((doctor) => doctor.id === doctorId) : activeDoctors;
    body = <DayGrid label={`Appointments on ${title}`} appointments={appointments} doctors={columns} onOpen={onOpen} />;
  } else {
    body = <WeekGrid label={`Appointments of ${doctorName}, ${title}`} days={days} appointments={appointments} onOpen={onOpen} />;
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
        allDoctorsLabel={mode === 'day' ? 'All doctors' : undefined}
        onDoctor={onDoctor}
      />
      <Card variant="outlined">{body}</Card>
    </Stack>
  );
}
