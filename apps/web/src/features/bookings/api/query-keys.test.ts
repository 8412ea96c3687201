import { describe, expect, it } from 'vitest';
import { SLOTS_REFETCH_MS } from '@/components/visits/api/get-free-slots';
import { liveQueryKeys } from '@/lib/events/query-keys';
import { bookingQueryOptions } from './get-booking';
import { bookingsQueryOptions } from './get-bookings';
import { serviceSlotsQueryOptions } from './get-service-slots';

/** The live-update channel invalidates these prefixes on booking.updated: keep them stable. */
describe('booking query keys', () => {
  it("lists and records sit under ['bookings'], which booking.updated invalidates", () => {
    expect(bookingsQueryOptions({ from: '2026-11-22' }).queryKey.slice(0, 2)).toEqual(['bookings', 'list']);
    expect(bookingQueryOptions('b1').queryKey).toEqual(['bookings', 'detail', 'b1']);
    expect(liveQueryKeys['booking.updated']).toContainEqual(['bookings']);
  });

  it("slots are ['service-slots', serviceId, date], invalidated by booking.updated and refetched every 30 s", () => {
    const options = serviceSlotsQueryOptions('s1', '2026-11-22');
    expect(options.queryKey).toEqual(['service-slots', 's1', '2026-11-22']);
    expect(options.refetchInterval).toBe(SLOTS_REFETCH_MS);
    expect(liveQueryKeys['booking.updated']).toContainEqual(['service-slots']);
  });
});
