import { useQuery } from '@tanstack/react-query';
import { freeSlotsQueryOptions } from '@/components/visits/api/get-free-slots';
import { queryKeys } from '@/lib/query-keys';

/** Only free slots (remaining > 0) of the doctor on the date; refetched every 30 s while shown. */
export const doctorSlotsQueryOptions = (doctorId: string, date: string) =>
  freeSlotsQueryOptions(queryKeys.doctorSlots.of(doctorId, date), `/doctors/${encodeURIComponent(doctorId)}/slots`, date);

export function useDoctorSlots(doctorId: string | null, date: string) {
  return useQuery({ ...doctorSlotsQueryOptions(doctorId ?? '', date), enabled: Boolean(doctorId && date) });
}
