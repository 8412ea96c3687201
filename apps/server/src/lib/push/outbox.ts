import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications, pushOutbox, pushSubscriptions } from '../../db/schema/index.js';

/**
 * Queues a push of each notification to every browser its recipient subscribed, in the
 * transaction that creates the notifications: the pushes exist exactly when the notifications
 * commit, and the sender (lib/push/sender.ts) sends them after the request has answered.
 * Call it wherever notifications are created.
 */
export async function queuePushes(tx: Tx, notificationIds: string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx.execute(sql`
    insert into ${pushOutbox} (notification_id, subscription_id)
    select ${notifications.id}, ${pushSubscriptions.id}
    from ${notifications} join ${pushSubscriptions} on ${pushSubscriptions.staffId} = ${notifications.recipientStaffId}
    where ${inArray(notifications.id, notificationIds)}
    on conflict do nothing`);
}

/**
 * queuePushes() as a data-modifying CTE body for the statement that inserts the notifications:
 * `created` names a CTE of that statement returning the new notifications' `id` and
 * `recipient_staff_id` (rows a statement inserts are not visible to its own reads of the table).
 */
export function queuePushesOf(created: SQL): SQL {
  return sql`
    insert into ${pushOutbox} (notification_id, subscription_id)
    select c.id, ${pushSubscriptions.id}
    from ${created} c join ${pushSubscriptions} on ${pushSubscriptions.staffId} = c.recipient_staff_id
    on conflict do nothing`;
}
