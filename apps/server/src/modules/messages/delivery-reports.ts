import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import { withTimelineEntry } from './timeline.js';

const STATUS_RANK = { SENT: 1, DELIVERED: 2, READ: 3, FAILED: 4 } as const;

/**
 * A provider's delivery report moves its message forward (sent → delivered → read, or failed);
 * a late or repeated report never moves it back. Answers the matched message's organisation.
 */
export async function applyDeliveryReport(
  db: Db,
  provider: string,
  report: { providerMessageId: string; status: 'SENT' | 'DELIVERED' | 'READ' | 'FAILED'; at: Date; reason?: string | undefined },
): Promise<string | undefined> {
  const rank = STATUS_RANK[report.status];
  const result = await db
    .update(messages)
    .set({
      status: report.status,
      failureReason: report.status === 'FAILED' ? (report.reason ?? 'The provider could not deliver it') : null,
      timeline: withTimelineEntry(report.status, report.at, report.status === 'FAILED' ? (report.reason ?? null) : null),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.provider, provider),
        eq(messages.providerMessageId, report.providerMessageId),
        sql`(case ${messages.status} when 'SENT' then 1 when 'DELIVERED' then 2 when 'READ' then 3 when 'FAILED' then 4 else 0 end) < ${rank}`,
        sql`${messages.status} in ('SENT', 'DELIVERED', 'READ')`,
      ),
    )
    .returning({ organisationId: messages.organisationId });
  return result[0]?.organisationId;
}
