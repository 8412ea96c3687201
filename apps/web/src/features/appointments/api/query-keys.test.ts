import { describe, expect, it } from 'vitest';
import { appointmentQueryOptions } from './get-appointment';
import { appointmentsQueryOptions } from './get-appointments';
import { SLOTS_REFETCH_MS } from '@/components/visits/api/get-free-slots';
import { doctorSlotsQueryOptions } from './get-doctor-slots';

/** The live-update channel invalidates these prefixes: keep them stable. */
describe('appointment query keys', () => {
  it("lists and records sit under ['appointments']", () => {
    expect(appointmentsQueryOptions({ from: '2026-11-22' }).queryKey.slice(0, 2)).toEqual(['appointments', 'list']);
    expect(appointmentQueryOptions('a1').queryKey).toEqual(['appointments', 'detail', 'a1']);
  });

  it("slots are ['doctor-slots', doctorId, date] and refetch every 30 s", () => {
    const options = doctorSlotsQueryOptions('d1', '2026-11-22');
    expect(options.queryKey).toEqual(['doctor-slots', 'd1', '2026-11-22']);
    expect(options.refetchInterval).toBe(30_000);
    expect(SLOTS_REFETCH_MS).toBe(30_000);
  });
});
