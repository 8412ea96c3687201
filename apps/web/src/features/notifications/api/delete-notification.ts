import { notificationSchema, type Notification, type NotificationList } from '@caredesk/shared';
import { useSyncExternalStore } from 'react';
import { http } from '@/lib/http';
import { withoutUnread } from './notification-cache';

/** DELETE /api/notifications/{id}: answers the removed notification. */
export async function deleteNotification(id: string): Promise<Notification> {
  const response = await http.delete<unknown>(`/notifications/${encodeURIComponent(id)}`);
  return notificationSchema.parse(response.data);
}

/**
 * There is no undelete call, so undo works by not deleting yet: a deleted notification is hidden
 * from every list at once and the DELETE goes out only when the undo time is over. The timers
 * live here, not in a component, so leaving the page does not cancel a delete.
 */
const pending = new Map<string, { notification: Notification; timer: ReturnType<typeof setTimeout> }>();
let hidden: ReadonlyMap<string, Notification> = new Map();
const listeners = new Set<() => void>();

function publish(): void {
  hidden = new Map([...pending].map(([id, entry]) => [id, entry.notification]));
  for (const listener of listeners) listener();
}

export interface DeferredDeleteHooks {
  /** After the DELETE succeeded and before the notification stops being hidden (refetch the lists here). */
  afterDelete?: () => Promise<unknown>;
  onFailed?: (error: unknown) => void;
}

/** Hides the notification and deletes it after `delayMs`; the returned function undoes it until then. */
export function deferDelete(notification: Notification, delayMs: number, hooks: DeferredDeleteHooks = {}): () => void {
  const release = () => {
    if (pending.delete(notification.id)) publish();
  };
  const timer = setTimeout(() => {
    deleteNotification(notification.id)
      .then(() => hooks.afterDelete?.())
      .then(release, (error: unknown) => {
        release();
        hooks.onFailed?.(error);
      });
  }, delayMs);
  pending.set(notification.id, { notification, timer });
  publish();
  return () => {
    const entry = pending.get(notification.id);
    if (!entry || entry.timer !== timer) return;
    clearTimeout(timer);
    release();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notifications deleted but still undoable, by id. */
export function usePendingDeletes(): ReadonlyMap<string, Notification> {
  return useSyncExternalStore(
    subscribe,
    () => hidden,
    () => hidden,
  );
}

/** A list as it looks with the pending deletes gone (items and unread counts). */
export function withoutPending(list: NotificationList, deleting: ReadonlyMap<string, Notification>): NotificationList {
  if (deleting.size === 0) return list;
  let result = list;
  for (const notification of deleting.values()) {
    result = { ...result, ...withoutUnread(result, notification), data: result.data.filter((item) => item.id !== notification.id) };
  }
  return result;
}
