import type { AppEventType } from '@caredesk/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Which TanStack Query keys (by prefix) an event makes stale. One table: a feature whose lists
 * should follow live changes adds its key prefix here. On 'resync' (a reconnect after a gap)
 * every prefix in the table is invalidated.
 */
export const liveQueryKeys: Record<AppEventType, readonly QueryKey[]> = {
  // A check-in or cancel from the lists changes the token queues too.
  'appointment.updated': [['appointments'], ['doctor-slots'], ['tokens']],
  'booking.updated': [['bookings'], ['service-slots'], ['tokens']],
  'token.updated': [['tokens']],
  'notification.created': [['notifications']],
  'chat.message': [['chat']],
  'wallet.updated': [['wallet']],
  'plan.updated': [['plan']],
  // Server-internal: the server never sends it to a socket.
  'session.ended': [],
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
