import type { Notification, NotificationList } from '@caredesk/shared';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export interface Recipient {
  staffId: string;
  organisationId: string;
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    details: row.details,
  };
}

/** The caller's own notifications in its organisation, newest first; `before` pages by createdAt. */
export async function listNotifications(db: Db, recipient: Recipient, query: { before?: string | undefined; limit: number }): Promise<NotificationList> {
  const mine = and(eq(notifications.recipientStaffId, recipient.staffId), eq(notifications.organisationId, recipient.organisationId));
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(query.before ? and(mine, lt(notifications.createdAt, new Date(query.before))) : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit),
    countUnread(db, recipient),
  ]);
  return { data: rows.map(toNotification), unread };
}

export async function countUnread(db: Db, recipient: Recipient): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientStaffId, recipient.staffId), eq(notifications.organisationId, recipient.organisationId), eq(notifications.isRead, false)));
  return row?.unread ?? 0;
}
