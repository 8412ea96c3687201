import { useQuery } from '@tanstack/react-query';
import { freeSlotsQueryOptions } from '@/components/visits/api/get-free-slots';

/** The live-update channel invalidates ['doctor-slots', doctorId, date] when someone books. */
export const doctorSlotsPrefix = ['doctor-slots'] as const;
export const doctorSlotsKey = (doctorId: string, date: string) => [...doctorSlotsPrefix, doctorId, date] as const;

/** Only free slots (remaining > 0) of the doctor on the date; refetched every 30 s while shown. */
export const doctorSlotsQueryOptions = (doctorId: string, date: string) =>
  freeSlotsQueryOptions(doctorSlotsKey(doctorId, date), `/doctors/${encodeURIComponent(doctorId)}/slots`, date);

export function useDoctorSlots(doctorId: string | null, date: string) {
  return useQuery({ ...doctorSlotsQueryOptions(doctorId ?? '', date), enabled: Boolean(doctorId && date) });
}
