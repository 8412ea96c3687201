import { appointmentStatusSchema, bookingStatusSchema, paginatedSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export type VisitKind = 'appointments' | 'bookings';

/** Visits that still count: a cancelled or missed one does not make a new booking a duplicate. */
const LIVE_STATUSES: Record<VisitKind, string> = {
  appointments: 'BOOKED,CHECKED_IN,IN_CONSULTATION,COMPLETED',
  bookings: 'BOOKED,CHECKED_IN,IN_PROGRESS,COMPLETED,REPORT_READY',
};
const OWNER_PARAM: Record<VisitKind, 'doctorId' | 'serviceId'> = { appointments: 'doctorId', bookings: 'serviceId' };

const sameDayVisitSchema = z.object({
  id: z.uuid(),
  tokenLabel: z.string(),
  startTime: z.string(),
  status: z.union([appointmentStatusSchema, bookingStatusSchema]),
});
export type SameDayVisit = z.infer<typeof sameDayVisitSchema>;
const visitPageSchema = paginatedSchema(sameDayVisitSchema);

export interface SameDayQuery {
  kind: VisitKind;
  ownerId: string;
  patientId: string;
  date: string;
}

/**
 * The patient's live visits with this doctor (or scan/test) on this day: a second booking is
 * warned about before it is made. Only ids and a date go in the URL, never patient data.
 */
export async function getSameDayVisits({ kind, ownerId, patientId, date }: SameDayQuery, signal?: AbortSignal): Promise<SameDayVisit[]> {
  const params = { patientId, [OWNER_PARAM[kind]]: ownerId, from: date, to: date, status: LIVE_STATUSES[kind], sort: 'date', pageSize: 10 };
  const response = await http.get<unknown>(`/${kind}`, { params, signal });
  return visitPageSchema.parse(response.data).data;
}

/** Under the visit kind's own prefix, so booking one refreshes the warning. */
export const sameDayVisitsQueryOptions = (query: SameDayQuery | null) =>
  queryOptions({
    queryKey: queryKeys[query?.kind ?? 'appointments'].sameDay(query),
    queryFn: ({ signal }) => getSameDayVisits(query!, signal),
    enabled: query !== null,
  });

export function useSameDayVisits(query: SameDayQuery | null) {
  return useQuery(sameDayVisitsQueryOptions(query));
}
