import type { Notification, NotificationList, NotificationTab, notificationListQuerySchema } from '@caredesk/shared';
import { and, count, desc, eq, ne, or, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { notifications } from '../../db/schema/index.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';

export interface Recipient {
  staffId: string;
  organisationId: string;
}
export type NotificationQuery = z.output<typeof notificationListQuerySchema>;

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

/** Only ever the caller's own notifications, in the caller's organisation. */
function mine(recipient: Recipient): SQL {
  return and(eq(notifications.recipientStaffId, recipient.staffId), eq(notifications.organisationId, recipient.organisationId))!;
}

function ofTab(tab: NotificationTab): SQL {
  return tab === 'chats' ? eq(notifications.type, 'message-received') : ne(notifications.type, 'message-received');
}

/** The cursor is the last item's "createdAt|id": (createdAt, id) is unique, so pages never overlap. */
function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** The cursor's instant (ISO) and id, or a 400 when it is not one of this list's. */
function decodeCursor(cursor: string): { cursorAt: string; cursorId: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const when = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(when.getTime())) {
    throw new BadRequestError('cursor: not a cursor from this list', [{ path: 'cursor', message: 'Not a cursor from this list' }]);
  }
  return { cursorAt: when.toISOString(), cursorId: id };
}

/** The caller, as the placeholders of a prepared statement (db/prepared.ts). */
const mineByPlaceholders = (): SQL => and(eq(notifications.recipientStaffId, sql.placeholder('staffId')), eq(notifications.organisationId, sql.placeholder('organisationId')))!;

interface PageShape {
  tab: NotificationTab | undefined;
  unread: boolean;
  cursor: boolean;
}

/** A page of one shape of the list (tab, unread only, after a cursor), with the page size as a placeholder. */
function pageStatement(db: Db, { tab, unread, cursor }: PageShape) {
  const conditions: SQL[] = [mineByPlaceholders()];
  if (tab) conditions.push(ofTab(tab));
  if (unread) conditions.push(eq(notifications.isRead, false));
  if (cursor) {
    const at = sql.placeholder('cursorAt');
    conditions.push(or(lt(notifications.createdAt, at), and(eq(notifications.createdAt, at), lt(notifications.id, sql.placeholder('cursorId'))))!);
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .prepare(`notifications_page_${tab ?? 'all'}${unread ? '_unread' : ''}${cursor ? '_after' : ''}`);
}

// The console polls the list and its counts: each of the list's twelve shapes is prepared once,
// on first use.
const pageStatements = preparedPerDb(() => new Map<string, ReturnType<typeof pageStatement>>());

function pageOf(db: Db, shape: PageShape): ReturnType<typeof pageStatement> {
  const statements = pageStatements(db);
  const key = `${shape.tab ?? ''}|${shape.unread}|${shape.cursor}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = pageStatement(db, shape);
    statements.set(key, statement);
  }
  return statement;
}

/** Newest first, `limit` at a time; `nextCursor` continues where this page ends (null at the end). */
export async function listNotifications(db: Db, recipient: Recipient, query: NotificationQuery): Promise<NotificationList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = pageOf(db, { tab: query.tab, unread: query.unread === true, cursor: after !== undefined });
  const [rows, counts] = await Promise.all([page.execute({ ...recipient, limit: query.limit + 1, ...after }), unreadCounts(db, recipient)]);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return { data: shown.map(toNotification), ...counts, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

const unreadCountsOf = preparedPerDb((db) =>
  db
    .select({
      all: count(),
      chats: sql<number>`count(*) filter (where ${notifications.type} = 'message-received')`.mapWith(Number),
    })
    .from(notifications)
    .where(and(mineByPlaceholders(), eq(notifications.isRead, false)))
    .prepare('notifications_unread_counts'),
);

async function unreadCounts(db: Db, recipient: Recipient): Promise<{ unread: number; unreadByTab: { new: number; chats: number } }> {
  const [row] = await unreadCountsOf(db).execute({ staffId: recipient.staffId, organisationId: recipient.organisationId });
  const all = row?.all ?? 0;
  const chats = row?.chats ?? 0;
  return { unread: all, unreadByTab: { new: all - chats, chats } };
}

export async function countUnread(db: Db, recipient: Recipient): Promise<number> {
  return (await unreadCounts(db, recipient)).unread;
}

/** PATCH /api/notifications/read/all: every unread one of the caller (optionally one tab). */
export async function markAllRead(db: Db, recipient: Recipient, tab?: NotificationTab): Promise<{ unread: number }> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(mine(recipient), eq(notifications.isRead, false), tab ? ofTab(tab) : undefined));
  return { unread: await countUnread(db, recipient) };
}

/** PATCH /api/notifications/read/{id}: another's id is as unknown as a missing one (404). */
export async function markRead(db: Db, recipient: Recipient, id: string): Promise<{ unread: number }> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(mine(recipient), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new NotFoundError('Notification not found');
  return { unread: await countUnread(db, recipient) };
}

/** DELETE /api/notifications/{id}: the console offers undo, so it answers what it removed. */
export async function deleteNotification(db: Db, recipient: Recipient, id: string): Promise<Notification> {
  const [removed] = await db
    .delete(notifications)
    .where(and(mine(recipient), eq(notifications.id, id)))
    .returning();
  if (!removed) throw new NotFoundError('Notification not found');
  return toNotification(removed);
}
