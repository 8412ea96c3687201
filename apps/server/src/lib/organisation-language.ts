import { isLanguage, type Language } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { messageSettings } from '../db/schema/index.js';

/**
 * The organisation's own language: its default in Settings → Messages ('en' until chosen), which
 * its patients read unless their record names another. Here, not in the messages module, because
 * what that module reads (queues, receipts) reads this too: they would import each other.
 */
export async function organisationLanguage(db: Db, organisationId: string): Promise<Language> {
  const [row] = await db
    .select({ language: sql<string | null>`${messageSettings.settings}->>'defaultLanguage'` })
    .from(messageSettings)
    .where(eq(messageSettings.organisationId, organisationId));
  return isLanguage(row?.language) ? row.language : 'en';
}
