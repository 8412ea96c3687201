import { addDays, isValidIsoDate } from '@caredesk/shared';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { useOpenedOnce } from '@/components/opened-once';
import type { DateRange } from '@/components/visits/date-range';
import { fDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useT } from '../../i18n';
import { weekOf } from './calendar-layout';
import type { CalendarActions } from './calendar-column';
import { CalendarToolbar } from './calendar-toolbar';
import { DayGrid } from './day-grid';
import { StatusLegend } from './status-legend';
import type { SlotTarget } from './use-block-drag';
import { useCalendarData } from './use-calendar-data';
import { useCalendarMoves } from './use-calendar-moves';
import { useFreeSlots, type DoctorDay } from './use-free-slots';
import { useOutsideHours } from './use-outside-hours';
import { WeekGrid } from './week-grid';

// The booking form loads when a free slot is first clicked.
const NewAppointmentDialog = lazy(() => import('../new-appointment-dialog').then((module) => ({ default: module.NewAppointmentDialog })));

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

/**
 * The day (a column per doctor) or week (a column per day, one doctor) of appointments on a time
 * grid, with each doctor's free slots: a click books one, a booked visit dragged onto one moves there.
 */
export function CalendarView({ mode, date: asked, doctorId, onRange, onDoctor, onOpen }: CalendarViewProps) {
  const t = useT();
  const today = useOrganisationToday();
  // `from` comes from the URL, which a person may edit: a date that is no day shows today, not a crash.
  const date = isValidIsoDate(asked) ? asked : today;
  const data = useCalendarData(mode, date, doctorId);
  const { days, activeDoctors, shownDoctorId, loading, error } = data;
  const moves = useCalendarMoves(activeDoctors);
  const appointments = moves.placed(data.appointments);
  const [booking, setBooking] = useState<SlotTarget | null>(null);
  const dialogMounted = useOpenedOnce(booking !== null);

  const from = days[0]!;
  const to = days.at(-1)!;
  const columnDoctors = doctorId ? activeDoctors.filter((doctor) => doctor.id === doctorId) : activeDoctors;
  const doctorDays: DoctorDay[] =
    mode === 'day' ? columnDoctors.map((doctor) => ({ doctorId: doctor.id, date })) : shownDoctorId ? days.map((day) => ({ doctorId: shownDoctorId, date: day })) : [];
  const slots = useFreeSlots(doctorDays, today);
  const anyFree = doctorDays.some((day) => slots.of(day.doctorId, day.date).length > 0);
  const outsideHours = useOutsideHours([...new Set(doctorDays.map((day) => day.doctorId))], from, to);
  const actions: CalendarActions = { onOpen, onBook: setBooking, canMove: moves.canMove, onMove: moves.move, outsideHours };

  const show = (day: string) => {
    const week = weekOf(day);
    onRange(mode === 'day' ? { from: day, to: day } : { from: week[0]!, to: week[6]! });
  };
  const doctorName = activeDoctors.find((doctor) => doctor.id === shownDoctorId)?.name ?? appointments[0]?.doctorName ?? '';
  const title =
    mode === 'day'
      ? t('appointments.calendar.dayTitle', { weekday: dayjs(date).format('dddd'), date: fDate(date) })
      : t('appointments.calendar.weekTitle', { from: fDate(from), to: fDate(to) });
  const nothingBooked = mode === 'day' ? t('appointments.calendar.nothingOnDay', { day: title }) : t('appointments.calendar.nothingInWeek', { doctor: doctorName });

  let body;
  if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  // An empty day waits for its free slots: they decide between the grid and 'No appointments'.
  else if (loading || (appointments.length === 0 && slots.pending)) body = <Skeleton variant="rounded" height={360} />;
  else if (mode === 'week' && !shownDoctorId) {
    body = <EmptyState icon={<EventNoteOutlined />} title={t('appointments.calendar.noDoctors')} description={t('appointments.calendar.noDoctorsHelp')} />;
  } else if (appointments.length === 0 && !anyFree) {
    body = <EmptyState icon={<EventNoteOutlined />} title={t('appointments.empty')} description={nothingBooked} />;
  } else {
    const grid =
      mode === 'day' ? (
        <DayGrid
          label={t('appointments.calendar.dayLabel', { day: title })}
          date={date}
          appointments={appointments}
          doctors={columnDoctors}
          freeSlotsOf={slots.of}
          fullSlotsOf={slots.fullOf}
          actions={actions}
        />
      ) : (
        <WeekGrid
          label={t('appointments.calendar.weekLabel', { doctor: doctorName, week: title })}
          doctorId={shownDoctorId}
          days={days}
          appointments={appointments}
          freeSlotsOf={slots.of}
          fullSlotsOf={slots.fullOf}
          actions={actions}
        />
      );
    body = (
      <>
        {appointments.length === 0 ? (
          <Typography role="status" variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
            {nothingBooked}
          </Typography>
        ) : null}
        {grid}
      </>
    );
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
      <StatusLegend />
      <Card variant="outlined">{body}</Card>
      {moves.dialog}
      <Suspense fallback={null}>
        {dialogMounted ? (
          <NewAppointmentDialog
            open={booking !== null}
            patientId={null}
            slot={booking ? { doctorId: booking.doctorId, date: booking.date, startTime: booking.start } : null}
            onClose={() => setBooking(null)}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}
