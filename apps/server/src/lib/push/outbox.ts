import { inArray, sql } from 'drizzle-orm';
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
