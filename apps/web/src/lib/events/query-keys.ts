import type { AppEventType } from '@caredesk/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Which TanStack Query keys (by prefix) an event makes stale. One table: a feature whose lists
 * should follow live changes adds its registry prefix here. On 'resync' (a reconnect after a gap)
 * every prefix in the table is invalidated.
 */
export const liveQueryKeys: Record<AppEventType, readonly QueryKey[]> = {
  // A check-in or cancel from the lists changes the token queues too; and every step of a visit
  // may message the patient (booked, moved, cancelled, called), so its log follows.
  'appointment.updated': [queryKeys.appointments.all, queryKeys.doctorSlots.all, queryKeys.tokens.all, queryKeys.messages.all],
  'booking.updated': [queryKeys.bookings.all, queryKeys.serviceSlots.all, queryKeys.tokens.all, queryKeys.messages.all],
  // A day's line changed: its panel, and the free slots a held place left or took; not the lists,
  // whose visits did not change (a booked offer raises the visit's own event).
  'waitlist.updated': [queryKeys.appointments.waitlists, queryKeys.bookings.waitlists, queryKeys.doctorSlots.all, queryKeys.serviceSlots.all],
  'token.updated': [queryKeys.tokens.all, queryKeys.messages.all],
  'notification.created': [queryKeys.notifications.all],
  'chat.message': [queryKeys.chat.all],
  'wallet.updated': [queryKeys.wallet.all],
  'plan.updated': [queryKeys.plan.all],
  // Money moved on a bill or its payment link ended: the open bill, its waiting link, the day book.
  'bill.updated': [queryKeys.billing.all],
  // A message sent, delivered or read: the log, a patient's Messages tab, a visit drawer.
  'message.updated': [queryKeys.messages.all],
  // Server-internal: the server never sends them to a socket.
  'session.ended': [],
  'account.changed': [],
  'message-settings.changed': [],
};

function unique(keys: readonly QueryKey[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const key of keys) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

export function invalidateForEvent(queryClient: QueryClient, type: AppEventType): Promise<void> {
  return Promise.all(liveQueryKeys[type].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** After a reconnect: whatever changed while the socket was down is refetched. */
export function invalidateAllLive(queryClient: QueryClient): Promise<void> {
  const keys = unique(Object.values(liveQueryKeys).flat());
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
