import { doctorDayChangesSchema, type AffectedVisit, type AppointmentSummary } from '@caredesk/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { SLOTS_REFETCH_MS } from '@/components/visits/api/get-free-slots';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** The statuses the server lists kept visits among (doctors/days.ts UPCOMING_STATUSES): a visit seen or called off is past caring. */
const UPCOMING: ReadonlySet<string> = new Set(['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION']);

/**
 * A doctor's changed days from `from` on, each listing the visits it keeps outside its hours or
 * over its cap, as the server works them out (GET /doctors/:id/days, the doctor's page reads the
 * same). A changed day is rare, so one read per doctor shown costs a few rows, never one per visit.
 * The key sits under ['doctor-slots', doctorId]: every visit event and every day change refreshes
 * the slots, and with them this list (a visit moved or cancelled leaves it, a day kept adds some).
 */
export const dayChangesQueryOptions = (doctorId: string, from: string) =>
  queryOptions({
    queryKey: [...queryKeys.doctorSlots.all, doctorId, 'changed-days', from] as const,
    queryFn: async ({ signal }) => doctorDayChangesSchema.parse((await http.get<unknown>(`/doctors/${encodeURIComponent(doctorId)}/days`, { params: { from }, signal })).data).data,
    // A day changed at another desk raises no live event: read again as the free slots are.
    refetchInterval: SLOTS_REFETCH_MS,
  });

const sameTime = (a: string, b: string) => a.slice(0, 5) === b.slice(0, 5);

/**
 * Whether a visit of the calendar is one a doctor's one-day change kept outside the day's hours
 * (or over its cap): listed so by the server, and still where and what it was when listed (a
 * visit moved since is judged again when the list is read again, not flagged meanwhile).
 */
export function useOutsideHours(doctorIds: readonly string[], from: string, to: string): (appointment: AppointmentSummary) => boolean {
  const results = useQueries({ queries: doctorIds.map((doctorId) => dayChangesQueryOptions(doctorId, from)) });
  const kept = new Map<string, AffectedVisit>();
  // A doctor whose days could not be read flags nothing: the calendar still shows every visit.
  for (const result of results) {
    for (const change of result.data ?? []) if (change.date <= to) for (const visit of change.outsideHours) kept.set(visit.id, visit);
  }
  return (appointment) => {
    const listed = kept.get(appointment.id);
    return listed !== undefined && UPCOMING.has(appointment.status) && listed.date === appointment.date && sameTime(listed.startTime, appointment.startTime);
  };
}
