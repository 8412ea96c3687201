import { appointmentSummarySchema, CANCELLED_FOR_LEAVE, paginatedSchema, type AppointmentSummary } from '@caredesk/shared';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const pageSchema = paginatedSchema(appointmentSummarySchema);
/** Appointments a leave day still holds: the ones a cancel can reach. */
const CANCELLABLE = 'BOOKED,CHECKED_IN';
/** More than a doctor sees in a day; the panel says so if a day holds more. */
const DAY_LIMIT = 200;

export interface LeaveDay {
  date: string;
  visits: AppointmentSummary[];
  /** More than DAY_LIMIT are booked: the rest are cancelled from the list. */
  more: boolean;
}

/**
 * The appointments still booked on a doctor's leave days from today on (a leave entered after
 * patients had booked). One request a day: a doctor has a handful of leave days.
 */
export function useLeaveDayVisits(doctorId: string, leaveDates: readonly string[], today: string) {
  const dates = leaveDates.filter((date) => date >= today).sort();
  return useQueries({
    queries: dates.map((date) => {
      const params = { doctorId, from: date, to: date, status: CANCELLABLE, pageSize: DAY_LIMIT, sort: 'token' };
      return {
        queryKey: queryKeys.appointments.list(params),
        queryFn: async ({ signal }: { signal: AbortSignal }) => pageSchema.parse((await http.get<unknown>('/appointments', { params, signal })).data),
      };
    }),
    combine: (results) => ({
      days: results.flatMap((result, index): LeaveDay[] =>
        result.data && result.data.data.length > 0 ? [{ date: dates[index]!, visits: result.data.data, more: result.data.total > result.data.data.length }] : [],
      ),
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
}

export interface LeaveCancelOutcome {
  cancelled: number;
  /** Visits that could not be cancelled (moved on meanwhile: checked in, started), with the server's reason. */
  failed: { visit: AppointmentSummary; reason: unknown }[];
}

/**
 * Cancels each appointment through the same route as the drawer's Cancel, one at a time (each is
 * audited and messages its patient as any cancel does), and reports the ones that failed.
 */
export function useCancelLeaveDayVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (visits: readonly AppointmentSummary[]): Promise<LeaveCancelOutcome> => {
      const outcome: LeaveCancelOutcome = { cancelled: 0, failed: [] };
      for (const visit of visits) {
        try {
          await http.post(`/appointments/${encodeURIComponent(visit.id)}/actions/cancel`, { reason: CANCELLED_FOR_LEAVE });
          outcome.cancelled += 1;
        } catch (reason) {
          outcome.failed.push({ visit, reason });
        }
      }
      return outcome;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.doctorSlots.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
      ]),
  });
}
