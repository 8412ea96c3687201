import { z } from 'zod';
import { queryBooleanSchema } from './lists.js';
import { lineText } from './text.js';

export const notificationTypes = ['appointment-created', 'booking-created', 'message-received', 'wallet-low', 'payment-held'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** SPEC.md §2: where clicking a notification leads. */
export const notificationRoutes: Record<NotificationType, string> = {
  'appointment-created': '/appointments',
  'booking-created': '/bookings',
  'message-received': '/chats',
  // Messages to patients stop when the wallet cannot pay: the page that shows prices and the log.
  'wallet-low': '/settings/messages',
  // Money the gateway took for a bill already settled: the day book is where the desk squares it.
  'payment-held': '/day-book',
};

/** The popover's and the page's tabs: 'New' is every type but chat messages, 'Chats' only those. */
export const notificationTabs = ['new', 'chats'] as const;
export const notificationTabSchema = z.enum(notificationTabs);
export type NotificationTab = z.infer<typeof notificationTabSchema>;
export function tabOfNotification(type: NotificationType): NotificationTab {
  return type === 'message-received' ? 'chats' : 'new';
}

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime(),
  details: z
    .object({
      img: z.string().optional(),
      appointmentId: z.uuid().optional(),
      bookingId: z.uuid().optional(),
      patientId: z.uuid().optional(),
      conversationId: z.uuid().optional(),
      /** The visit's day (YYYY-MM-DD): its list opens on that day, the drawer over it. */
      date: z.iso.date().optional(),
      /** The staff member whose action raised it (none for a patient's): they are not toasted about it. */
      actorStaffId: z.uuid().optional(),
    })
    .default({}),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Where a notification lands: its own record (the visit's drawer over its day's list, the
 * patient's conversation) when its details name one, else the list its type leads to (SPEC.md §2).
 */
export function notificationHref(notification: Pick<Notification, 'type' | 'details'>): string {
  const { details } = notification;
  const visitHref = (id: string | undefined) => {
    if (!id) return notificationRoutes[notification.type];
    const params = new URLSearchParams(details.date ? { from: details.date, open: id } : { open: id });
    return `${notificationRoutes[notification.type]}?${params.toString()}`;
  };
  switch (notification.type) {
    case 'appointment-created':
      return visitHref(details.appointmentId);
    case 'booking-created':
      return visitHref(details.bookingId);
    case 'message-received':
      return details.patientId ? `${notificationRoutes[notification.type]}/${encodeURIComponent(details.patientId)}` : notificationRoutes[notification.type];
    case 'wallet-low':
    case 'payment-held':
      return notificationRoutes[notification.type];
  }
}

/**
 * GET /api/notifications/all: newest first, at most `limit` (default 50). `cursor` is the
 * previous page's nextCursor (opaque: createdAt and id of its last item), so pages never overlap
 * or skip even when two notifications share a millisecond.
 */
export const NOTIFICATIONS_PAGE_SIZE = 50;
export const notificationListQuerySchema = z.object({
  cursor: lineText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(NOTIFICATIONS_PAGE_SIZE),
  tab: notificationTabSchema.optional(),
  unread: queryBooleanSchema.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  /** Unread of the caller, all tabs; the per-tab figures drive the tab badges. */
  unread: z.number().int(),
  unreadByTab: z.object({ new: z.number().int(), chats: z.number().int() }).optional(),
  nextCursor: z.string().nullable().optional(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PATCH /api/notifications/read/all and /read/{id}: the unread count afterwards. */
export const notificationReadResponseSchema = z.object({ unread: z.number().int() });

/**
 * Browser push (design.md §7): standard Web Push with VAPID. The spec's FCM token maps onto a
 * PushSubscription: POST /api/fcm/save stores it, POST /api/fcm/remove forgets it (logout).
 */
export const PUSH_SERVICE_WORKER_PATH = '/sw.js';
export const PUSH_SERVICE_WORKER_SCOPE = '/';
/** A stored subscription older than this is refreshed (SPEC.md §4). */
export const PUSH_REFRESH_AFTER_DAYS = 7;
export const pushConfigSchema = z.object({ publicKey: z.string().nullable() });
export const pushSubscriptionSaveSchema = z.object({
  endpoint: lineText().max(2000).pipe(z.url()),
  p256dh: lineText().min(1).max(200),
  auth: lineText().min(1).max(100),
  userAgent: lineText().max(500).optional(),
});
export type PushSubscriptionSave = z.infer<typeof pushSubscriptionSaveSchema>;
export const pushSubscriptionRemoveSchema = z.object({ endpoint: lineText().max(2000).pipe(z.url()) });

/** What the service worker receives: it shows title/body/icon/image and opens `url` on click. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string().optional(),
  image: z.string().optional(),
  url: z.string(),
  notificationId: z.uuid(),
  type: notificationTypeSchema,
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
