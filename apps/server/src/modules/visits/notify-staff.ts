import { canAccessArea, type MenuArea, type NotificationType, type OrganisationType, type StaffRole } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications, staff, type NotificationDetails } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import { queuePushes } from '../../lib/push/outbox.js';

export interface StaffNotification {
  type: NotificationType;
  title: string;
  message: string;
  details: NotificationDetails;
}

/**
 * One notification per active staff member whose menu shows `area` (design.md §5), each
 * announced to its recipient on the live channel and pushed to their browsers when the
 * transaction commits.
 */
export async function notifyStaffOfArea(
  tx: Tx,
  events: Pick<EventBus, 'publish'> | undefined,
  organisation: { id: string; type: OrganisationType },
  area: MenuArea,
  notification: StaffNotification,
  /** Only these roles among them (a warning about money goes to admins). */
  roles?: readonly StaffRole[],
): Promise<void> {
  const members = await tx
    .select({ id: staff.id, role: staff.role })
    .from(staff)
    .where(and(eq(staff.organisationId, organisation.id), eq(staff.active, true)));
  const recipients = members.filter((member) => canAccessArea(organisation.type, member.role, area) && (!roles || roles.includes(member.role)));
  if (recipients.length === 0) return;
  const created = await tx
    .insert(notifications)
    .values(recipients.map((member) => ({ organisationId: organisation.id, recipientStaffId: member.id, ...notification })))
    .returning({ id: notifications.id, recipientStaffId: notifications.recipientStaffId });
  await queuePushes(
    tx,
    created.map((row) => row.id),
  );
  for (const row of created) {
    await events?.publish(organisation.id, { type: 'notification.created', notificationId: row.id, recipientStaffId: row.recipientStaffId }, tx);
  }
}
