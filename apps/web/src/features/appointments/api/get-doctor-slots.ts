import { slotsResponseSchema, type SlotsResponse } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The live-update channel invalidates ['doctor-slots', doctorId, date] when someone books. */
export const doctorSlotsPrefix = ['doctor-slots'] as const;
export const doctorSlotsKey = (doctorId: string, date: string) => [...doctorSlotsPrefix, doctorId, date] as const;

/** Refetch while the picker is open, in case a live update is missed. */
export const SLOTS_REFETCH_MS = 30_000;

/** Only free slots (remaining > 0) of the doctor on the date. */
export async function getDoctorSlots(doctorId: string, date: string, signal?: AbortSignal): Promise<SlotsResponse> {
  const response = await http.get<unknown>(`/doctors/${encodeURIComponent(doctorId)}/slots`, { params: { date }, signal });
  return slotsResponseSchema.parse(response.data);
}

export const doctorSlotsQueryOptions = (doctorId: string, date: string) =>
  queryOptions({
    queryKey: doctorSlotsKey(doctorId, date),
    queryFn: ({ signal }) => getDoctorSlots(doctorId, date, signal),
    refetchInterval: SLOTS_REFETCH_MS,
  });

export function useDoctorSlots(doctorId: string | null, date: string) {
  return useQuery({ ...doctorSlotsQueryOptions(doctorId ?? '', date), enabled: Boolean(doctorId && date) });
}
