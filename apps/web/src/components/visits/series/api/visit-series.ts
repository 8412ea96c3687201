import { seriesChangeResultSchema, visitSeriesSchema, type SeriesChangeResult } from '@caredesk/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { useVisitMutation } from '../../api/use-visit-mutation';
import type { VisitKind } from '../../api/get-same-day-visits';

/*
 * /api/appointments/series and /api/bookings/series answer alike (one series engine on the
 * server): the kind names the path. A feature names its kind and, to book, its own schemas.
 */
const seriesPath = (kind: VisitKind, id?: string, action?: 'cancel' | 'reschedule') =>
  [`/${kind}/series`, id === undefined ? null : encodeURIComponent(id), action ?? null].filter(Boolean).join('/');

/** 201 with the series, the visits booked and the dates skipped with why; 409 when no date could be booked. */
export function useCreateVisitSeries<Input, Booked>(kind: VisitKind, schemas: { create: z.ZodType<unknown, Input>; booked: z.ZodType<Booked> }) {
  return useVisitMutation(kind, async (input: Input): Promise<Booked> => schemas.booked.parse((await http.post<unknown>(seriesPath(kind), input)).data));
}

/** What the drawer's series part reads of GET …/series/:id, whichever the kind: the plan, and each visit's day, time and status. */
const seriesVisitsSchema = z.object({
  series: visitSeriesSchema,
  visits: z.array(z.object({ id: z.uuid(), date: z.string(), startTime: z.string(), status: z.string() })),
});
export type SeriesVisits = z.infer<typeof seriesVisitsSchema>;

/** A series and every visit of it (whatever its status), by date; under the kind's key, so its changes refresh it. */
export function useVisitSeries(kind: VisitKind, id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys[kind].series(id ?? ''),
    queryFn: async () => seriesVisitsSchema.parse((await http.get<unknown>(seriesPath(kind, id ?? ''))).data),
    enabled: Boolean(id),
  });
}

/** Every visit of the series still booked ahead cancelled with the reason; answers what changed and what could not. */
export function useCancelVisitSeries(kind: VisitKind) {
  return useVisitMutation(kind, async ({ id, reason }: { id: string; reason: string }): Promise<SeriesChangeResult> =>
    seriesChangeResultSchema.parse((await http.post<unknown>(seriesPath(kind, id, 'cancel'), { reason })).data),
  );
}

/** The move of a series: a new time, and another doctor (doctorId) or scan or test (serviceId) when one is chosen. */
export type SeriesMoveBody = { id: string; startTime: string } & Partial<Record<'doctorId' | 'serviceId', string>>;

/** Every visit of the series still booked ahead moved to a new time of its day (and/or to another doctor, scan or test). */
export function useRescheduleVisitSeries(kind: VisitKind) {
  return useVisitMutation(kind, async ({ id, ...body }: SeriesMoveBody): Promise<SeriesChangeResult> =>
    seriesChangeResultSchema.parse((await http.post<unknown>(seriesPath(kind, id, 'reschedule'), body)).data),
  );
}
