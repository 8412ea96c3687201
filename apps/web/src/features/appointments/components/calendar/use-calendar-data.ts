import { appointmentListQuerySchema, type AppointmentSummary } from '@caredesk/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
/* eslint-disable no-restricted-imports -- this feature's own api/: the boundary rule's '../../'
   pattern cannot tell two folders up inside a feature from a sibling feature. */
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import { appointmentsQueryOptions } from '../../api/get-appointments';
/* eslint-enable no-restricted-imports */
import { weekOf } from './calendar-layout';

/** The API's largest page (packages/shared lists.ts): a busy hospital day fits in one or two requests. */
export const CALENDAR_PAGE_SIZE = appointmentListQuerySchema.shape.pageSize.unwrap().maxValue ?? 100;

/**
 * Every appointment of a date range, paging through the list API: a calendar cannot leave some out.
 * The keys are the list's (['appointments', …]), which the live-update channel invalidates.
 */
function useEveryAppointment(params: Record<string, string>, enabled: boolean) {
  const pageOf = (page: number) => ({ ...appointmentsQueryOptions({ ...params, page, pageSize: CALENDAR_PAGE_SIZE }), enabled });
  const first = useQuery(pageOf(1));
  // A placeholder is the previous range's first page: its total says nothing about this range.
  const total = first.data && !first.isPlaceholderData ? first.data.total : 0;
  const rest = useQueries({
    queries: Array.from({ length: Math.max(Math.ceil(total / CALENDAR_PAGE_SIZE) - 1, 0) }, (_, index) => pageOf(index + 2)),
  });

  // Pages are read at slightly different moments; a visit moved meanwhile may sit on two of them.
  const byId = new Map<string, AppointmentSummary>();
  for (const page of [first, ...rest]) for (const appointment of page.data?.data ?? []) byId.set(appointment.id, appointment);
  return {
    appointments: [...byId.values()],
    loading: enabled && (first.isPending || first.isPlaceholderData || rest.some((page) => page.isPending)),
    error: first.error ?? rest.find((page) => page.error)?.error ?? null,
  };
}

/**
 * The dates, doctors and appointments a calendar shows. A day is every active doctor's (or the
 * filtered one's); a week is one doctor's: the filtered one, else the first active doctor.
 */
export function useCalendarData(mode: 'day' | 'week', date: string, doctorId: string) {
  const doctors = useActiveDoctors();
  const activeDoctors = doctors.data ?? [];
  const days = mode === 'day' ? [date] : weekOf(date);
  const from = days[0]!;
  const to = days.at(-1)!;
  const shownDoctorId = mode === 'week' ? doctorId || (activeDoctors[0]?.id ?? '') : doctorId;
  const params = { from, to, sort: 'date', order: 'asc', ...(shownDoctorId ? { doctorId: shownDoctorId } : {}) };
  const visits = useEveryAppointment(params, mode === 'day' || shownDoctorId !== '');
  return {
    days,
    activeDoctors,
    shownDoctorId,
    // While the next range loads, the previous one's visits stand in as placeholder: never draw them here.
    appointments: visits.appointments.filter((appointment) => appointment.date >= from && appointment.date <= to),
    loading: doctors.isPending || visits.loading,
    error: visits.error ?? doctors.error,
  };
}
