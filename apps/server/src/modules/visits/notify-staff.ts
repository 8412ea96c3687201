import { canAccessArea, type AppEvent, type MenuArea, type NotificationType, type OrganisationType, type StaffRole } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { notifications, staff, type NotificationDetails } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import { queuePushes } from '../../lib/push/outbox.js';

export interface StaffNotification {
  type: NotificationType;
  title: string;
  message: string;
  details: NotificationDetails;
}

/** The bus, or a caller's part of it (a test's fake may only publish one at a time). */
export type Announcer = Pick<EventBus, 'publish'> & Partial<Pick<EventBus, 'publishMany'>>;

/** Every event in one statement where the bus can, in their order either way. */
async function announceAll(events: Announcer | undefined, organisationId: string, list: readonly AppEvent[], tx: Tx): Promise<void> {
  if (!events || list.length === 0) return;
  if (events.publishMany) return events.publishMany(organisationId, list, tx);
  for (const event of list) await events.publish(organisationId, event, tx);
}

/** The active staff members whose menu shows `area` (only these roles among them, if given). */
export async function staffOfArea(db: Db, organisation: { id: string; type: OrganisationType }, area: MenuArea, roles?: readonly StaffRole[]): Promise<{ id: string }[]> {
  const members = await db
    .select({ id: staff.id, role: staff.role })
    .from(staff)
    .where(and(eq(staff.organisationId, organisation.id), eq(staff.active, true)));
  return members.filter((member) => canAccessArea(organisation.type, member.role, area) && (!roles || roles.includes(member.role)));
}

/**
 * One notification per recipient, each announced to its recipient on the live channel and pushed
 * to their browsers when the transaction commits.
 */
export async function notifyStaff(
  tx: Tx,
  events: Announcer | undefined,
  organisationId: string,
  recipients: readonly { id: string }[],
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
    .values(recipients.map((member) => ({ organisationId, recipientStaffId: member.id, ...notification })))
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
