import { canAccessArea, type AppEvent, type Language, type MenuArea, type NotificationType, type OrganisationType, type StaffRole } from '@caredesk/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { notifications, staff, type NotificationDetails } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import { queuePushes, queuePushesOf } from '../../lib/push/outbox.js';

export interface StaffNotification {
  type: NotificationType;
  /**
   * Its title and message in a recipient's language (from the server catalogue). Worded once per
   * language among the recipients, at creation: the bell, the toast and the push read the row.
   */
  word: (language: Language) => { title: string; message: string };
  details: NotificationDetails;
}

/** A staff member to notify, with the language they read the console in. */
export interface StaffRecipient {
  id: string;
  language: Language;
}

/** The notification rows, one per recipient, each worded in its recipient's language. */
function notificationRows(organisationId: string, recipients: readonly StaffRecipient[], { word, ...notification }: StaffNotification) {
  const worded = new Map<Language, { title: string; message: string }>();
  return recipients.map((member) => {
    let texts = worded.get(member.language);
    if (!texts) {
      texts = word(member.language);
      worded.set(member.language, texts);
    }
    return { organisationId, recipientStaffId: member.id, ...notification, ...texts };
  });
}

/** The bus, or a caller's part of it (a test's fake may only publish one at a time). */
export type Announcer = Pick<EventBus, 'publish'> & Partial<Pick<EventBus, 'publishMany' | 'notifyInline'>>;

/** Every event in one statement where the bus can, in their order either way. */
export async function announceAll(events: Announcer | undefined, organisationId: string, list: readonly AppEvent[], tx: Tx): Promise<void> {
  if (!events || list.length === 0) return;
  if (events.publishMany) return events.publishMany(organisationId, list, tx);
  for (const event of list) await events.publish(organisationId, event, tx);
}

/** The active staff members whose menu shows `area` (only these roles among them, if given), with their languages. */
export async function staffOfArea(db: Db, organisation: { id: string; type: OrganisationType }, area: MenuArea, roles?: readonly StaffRole[]): Promise<StaffRecipient[]> {
  const members = await db
    .select({ id: staff.id, role: staff.role, language: staff.language })
    .from(staff)
    .where(and(eq(staff.organisationId, organisation.id), eq(staff.active, true)));
  return members.filter((member) => canAccessArea(organisation.type, member.role, area) && (!roles || roles.includes(member.role))).map(({ id, language }) => ({ id, language }));
}

/**
 * One notification per recipient, each announced to its recipient on the live channel and pushed
 * to their browsers when the transaction commits.
 */
export async function notifyStaff(
  tx: Tx,
  events: Announcer | undefined,
  organisationId: string,
  recipients: readonly StaffRecipient[],
  notification: StaffNotification,
  /** Events of the same write announced in the same statement, after the notifications'. */
  also: readonly AppEvent[] = [],
): Promise<void> {
  if (recipients.length === 0) {
    await announceAll(events, organisationId, also, tx);
    return;
  }
  const created = await tx
    .insert(notifications)
    .values(notificationRows(organisationId, recipients, notification))
    .returning({ id: notifications.id, recipientStaffId: notifications.recipientStaffId });
  await queuePushes(
    tx,
    created.map((row) => row.id),
  );
  await announceAll(
    events,
    organisationId,
    [...created.map((row): AppEvent => ({ type: 'notification.created', notificationId: row.id, recipientStaffId: row.recipientStaffId })), ...also],
    tx,
  );
}

/**
 * notifyStaff() as parts of the caller's own statement: the notifications and their pushes as
 * data-modifying CTEs (none without recipients), and the events to announce, the notifications'
 * first. The ids are made here so the events are known before the statement runs.
 */
export function staffNotificationsOf(tx: Tx, organisationId: string, recipients: readonly StaffRecipient[], notification: StaffNotification): { ctes: SQL[]; events: AppEvent[] } {
  if (recipients.length === 0) return { ctes: [], events: [] };
  const rows = notificationRows(organisationId, recipients, notification).map((row) => ({ id: crypto.randomUUID(), ...row }));
  const insert = tx.insert(notifications).values(rows).returning({ id: notifications.id, recipientStaffId: notifications.recipientStaffId });
  return {
    ctes: [sql`created_notifications as (${insert.getSQL()})`, sql`queued_pushes as (${queuePushesOf(sql`created_notifications`)})`],
    events: rows.map((row): AppEvent => ({ type: 'notification.created', notificationId: row.id, recipientStaffId: row.recipientStaffId })),
  };
}

/**
 * One notification per active staff member whose menu shows `area` (design.md §5), each
 * announced to its recipient on the live channel and pushed to their browsers when the
 * transaction commits.
 */
export async function notifyStaffOfArea(
  tx: Tx,
  events: Announcer | undefined,
  organisation: { id: string; type: OrganisationType },
  area: MenuArea,
  notification: StaffNotification,
  /** Only these roles among them (a warning about money goes to admins). */
  roles?: readonly StaffRole[],
): Promise<void> {
  await notifyStaff(tx, events, organisation.id, await staffOfArea(tx, organisation, area, roles), notification);
}
