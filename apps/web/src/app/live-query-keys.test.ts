import { appEventTypes } from '@caredesk/shared';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { paymentLinkQueryOptions, visitBillQueryOptions } from '@/components/billing/bills-api';
import { messagesQueryOptions } from '@/components/messages/api/get-messages';
import { tokenQueuesQueryOptions } from '@/components/token-queue/api';
import { waitlistQueryOptions } from '@/components/waitlist/api/waitlist';
import { appointmentQueryOptions } from '@/features/appointments/api/get-appointment';
import { appointmentsQueryOptions } from '@/features/appointments/api/get-appointments';
import { doctorSlotsQueryOptions } from '@/features/appointments/api/get-doctor-slots';
import { bookingQueryOptions } from '@/features/bookings/api/get-booking';
import { bookingsQueryOptions } from '@/features/bookings/api/get-bookings';
import { serviceSlotsQueryOptions } from '@/features/bookings/api/get-service-slots';
import { chatThreadQueryOptions } from '@/features/chats/api/get-chat-thread';
import { conversationsQueryOptions } from '@/features/chats/api/get-conversations';
import { notificationListQueryOptions, notificationPagesQueryOptions } from '@/features/notifications/api/get-notifications';
import { planOffersQueryOptions } from '@/features/plan/api/get-plan-offers';
import { planStatusQueryOptions } from '@/features/plan/api/get-plan-status';
import { walletEntriesQueryOptions } from '@/features/wallet/api/get-wallet-entries';
import { walletQueryOptions } from '@/features/wallet/api/get-wallet';
import { liveQueryKeys } from '@/lib/events/query-keys';
import { queryKeys } from '@/lib/query-keys';

const day = '2026-11-22';

/** The keys the hooks that should follow live events really query with, built by the hooks' own factories. */
const hookKeys: readonly QueryKey[] = [
  appointmentsQueryOptions({ from: day }).queryKey,
  appointmentQueryOptions('a1').queryKey,
  doctorSlotsQueryOptions('d1', day).queryKey,
  bookingsQueryOptions({ from: day }).queryKey,
  bookingQueryOptions('b1').queryKey,
  serviceSlotsQueryOptions('s1', day).queryKey,
  waitlistQueryOptions({ kind: 'appointments', ownerId: 'd1', date: day }).queryKey,
  waitlistQueryOptions({ kind: 'bookings', ownerId: 's1', date: day }).queryKey,
  tokenQueuesQueryOptions('doctors', day, {}).queryKey,
  tokenQueuesQueryOptions('services', day, {}).queryKey,
  notificationListQueryOptions({ tab: 'new' }).queryKey,
  notificationPagesQueryOptions({}).queryKey,
  conversationsQueryOptions({}).queryKey,
  chatThreadQueryOptions('p1').queryKey,
  walletQueryOptions().queryKey,
  walletEntriesQueryOptions({ page: 1 }).queryKey,
  planStatusQueryOptions().queryKey,
  planOffersQueryOptions().queryKey,
  messagesQueryOptions({ visitId: 'v1' }).queryKey,
  visitBillQueryOptions('v1').queryKey,
  paymentLinkQueryOptions('l1').queryKey,
];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => JSON.stringify(part) === JSON.stringify(key[index]));

/** Every area's root prefix in the registry. */
const registryRoots: QueryKey[] = Object.values(queryKeys).flatMap((entry) => (typeof entry === 'object' && 'all' in entry ? [entry.all] : []));

describe('the live-update table and the hooks share one key registry', () => {
  it.each(appEventTypes.filter((type) => liveQueryKeys[type].length > 0))('every prefix %s invalidates starts a key a hook queries with', (type) => {
    for (const prefix of liveQueryKeys[type]) {
      // An area's root, or a part of one (a day's waitlist, not the kind's lists: waitlist.updated).
      expect(
        registryRoots.some((root) => startsWith(prefix, root)),
        `${JSON.stringify(prefix)} is under no area of the registry`,
      ).toBe(true);
      expect(
        hookKeys.filter((key) => startsWith(key, prefix)),
        `no hook's key starts with ${JSON.stringify(prefix)}`,
      ).not.toHaveLength(0);
    }
  });

  it('every hook above is refreshed by some live event', () => {
    const prefixes = Object.values(liveQueryKeys).flat();
    for (const key of hookKeys)
      expect(
        prefixes.some((prefix) => startsWith(key, prefix)),
        `nothing live refreshes ${JSON.stringify(key)}`,
      ).toBe(true);
  });
});
