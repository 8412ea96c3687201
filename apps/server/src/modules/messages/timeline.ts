import type { MessageTimelineEntry } from '@caredesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';

export function timelineEntry(status: MessageTimelineEntry['status'], at: Date, detail: string | null = null): MessageTimelineEntry {
  return { status, at: at.toISOString(), detail };
}

/** The message's timeline with one more step: an UPDATE's `timeline` value. */
export function withTimelineEntry(status: MessageTimelineEntry['status'], at: Date, detail: string | null = null): SQL {
  return sql`${messages.timeline} || ${JSON.stringify([timelineEntry(status, at, detail)])}::jsonb`;
}
