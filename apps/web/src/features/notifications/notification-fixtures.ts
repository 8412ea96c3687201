import { NOTIFICATIONS_PAGE_SIZE, tabOfNotification, type Notification, type NotificationList } from '@caredesk/shared';
import type { HttpRequestConfig } from '@/lib/http';
import type { FakeReply, FakeRoute } from '@/test/fake-api';

let counter = 0;

/** A notification as the API returns it (tests only); each one a minute older than the last. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type: 'appointment-created',
    title: 'New appointment',
    message: `Patient ${counter} booked Dr. Meera Iyer (Cardiology) for 24 Nov, 10:30 am`,
    isRead: false,
    createdAt: new Date(Date.now() - counter * 60_000).toISOString(),
    details: {},
    ...overrides,
  };
}

/**
 * The four notification calls over an in-memory inbox, as the server answers them: newest
 * first, tab and unread filters, cursor pages (the cursor here is the next index), per-tab counts.
 */
export function fakeNotificationServer(initial: Notification[]) {
  const inbox = [...initial].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const routes: Record<string, FakeRoute> = {};
  /** The query params of every GET /notifications/all. */
  const queries: Record<string, unknown>[] = [];
  const counts = () => {
    const unread = inbox.filter((item) => !item.isRead);
    const chats = unread.filter((item) => tabOfNotification(item.type) === 'chats').length;
    return { unread: unread.length, unreadByTab: { new: unread.length - chats, chats } };
  };
  const list = (_body: unknown, config: HttpRequestConfig): FakeReply => {
    const params = (config.params ?? {}) as { tab?: string; unread?: boolean; cursor?: string; limit?: number };
    queries.push(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
    const matching = inbox.filter((item) => (!params.tab || tabOfNotification(item.type) === params.tab) && (!params.unread || !item.isRead));
    const start = Number(params.cursor ?? 0);
    const limit = params.limit ?? NOTIFICATIONS_PAGE_SIZE;
    const data = matching.slice(start, start + limit);
    const body: NotificationList = { data, ...counts(), nextCursor: start + limit < matching.length ? String(start + limit) : null };
    return { data: body };
  };
  const routesFor = (item: Notification) => {
    routes[`PATCH /notifications/read/${item.id}`] = () => {
      item.isRead = true;
      return { data: { unread: counts().unread } };
    };
    routes[`DELETE /notifications/${item.id}`] = () => {
      inbox.splice(inbox.indexOf(item), 1);
      return { data: item };
    };
  };
  routes['GET /notifications/all'] = list;
  routes['PATCH /notifications/read/all'] = () => {
    for (const item of inbox) item.isRead = true;
    return { data: { unread: 0 } };
  };
  inbox.forEach(routesFor);
  return {
    inbox,
    routes,
    queries,
    /** A notification created on the server (the live channel announces it). */
    add(notification: Notification) {
      inbox.unshift(notification);
      routesFor(notification);
    },
  };
}
