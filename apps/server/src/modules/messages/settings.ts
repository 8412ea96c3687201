import {
  configurableMessageEvents,
  defaultMessageTemplates,
  messageLanguages,
  REMINDER_OFFSETS_DEFAULT_MINUTES,
  type ConfigurableMessageEvent,
  type MessageChannel,
  type MessageLanguage,
  type MessageSettings,
  type MessageSettingsUpdate,
} from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { messageProvidersOf } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { messageSettings } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import { createRemembered } from '../../lib/events/remembered.js';
import { whatsappStatus } from '../plans/index.js';

/** An organisation's message settings with the defaults filled in: what the scheduler and sender read. */
export interface EffectiveMessageSettings {
  events: Record<ConfigurableMessageEvent, Record<MessageChannel, boolean>>;
  reminderOffsetsMinutes: number[];
  quietHours: { start: string; end: string } | null;
  nextAheadCount: number;
  defaultLanguage: MessageLanguage;
  templates: Partial<Record<ConfigurableMessageEvent, Partial<Record<MessageLanguage, string>>>>;
  whatsappPhoneNumberId: string | null;
  smsTemplateIds: Partial<Record<ConfigurableMessageEvent, string | null>>;
}

/**
 * Every event on WhatsApp; SMS for what matters when WhatsApp does not reach (booked, moved,
 * cancelled, the queue's call). An organisation that pays for neither sends nothing: the sender
 * skips a channel whose add-on or provider is missing, and says so in the log.
 */
const DEFAULT_EVENTS: Record<ConfigurableMessageEvent, Record<MessageChannel, boolean>> = {
  booked: { WHATSAPP: true, SMS: true },
  reminder: { WHATSAPP: true, SMS: false },
  rescheduled: { WHATSAPP: true, SMS: true },
  cancelled: { WHATSAPP: true, SMS: true },
  next: { WHATSAPP: true, SMS: false },
  serving: { WHATSAPP: true, SMS: true },
  'report-ready': { WHATSAPP: true, SMS: false },
  'chat-reply': { WHATSAPP: true, SMS: false },
  // The receipt: on WhatsApp, where its link opens; SMS costs more and an admin may turn it on.
  'payment-received': { WHATSAPP: true, SMS: false },
  'refund-issued': { WHATSAPP: true, SMS: false },
  // As the receipt: its link opens on WhatsApp; an admin whose patients rely on SMS turns it on.
  'waitlist-offer': { WHATSAPP: true, SMS: false },
};

export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '08:00' } as const;
export const DEFAULT_NEXT_AHEAD = 2;

export function effectiveSettings(stored: MessageSettingsUpdate): EffectiveMessageSettings {
  const events = Object.fromEntries(
    configurableMessageEvents.map((event) => [event, { ...DEFAULT_EVENTS[event], ...stored.events?.[event] }]),
  ) as EffectiveMessageSettings['events'];
  return {
    events,
    reminderOffsetsMinutes: [...(stored.reminderOffsetsMinutes ?? REMINDER_OFFSETS_DEFAULT_MINUTES)].sort((a, b) => b - a),
    quietHours: stored.quietHours === undefined ? DEFAULT_QUIET_HOURS : stored.quietHours,
    nextAheadCount: stored.nextAheadCount ?? DEFAULT_NEXT_AHEAD,
    defaultLanguage: stored.defaultLanguage ?? 'en',
    templates: stored.templates ?? {},
    whatsappPhoneNumberId: stored.whatsappPhoneNumberId ?? null,
    smsTemplateIds: stored.smsTemplateIds ?? {},
  };
}

export async function loadMessageSettings(db: Db | Tx, organisationId: string): Promise<EffectiveMessageSettings> {
  const [row] = await db.select({ settings: messageSettings.settings }).from(messageSettings).where(eq(messageSettings.organisationId, organisationId));
  return effectiveSettings(row?.settings ?? {});
}

/** How long an organisation's settings are used without reading them again (a change through the app is seen at once). */
export const MESSAGE_SETTINGS_MAX_AGE_MS = 60_000;

export interface MessageSettingsCache {
  /** The organisation's settings as loadMessageSettings() reads them, remembered in this process. */
  read(db: Db | Tx, organisationId: string): Promise<EffectiveMessageSettings>;
}

/**
 * Every booking asks what it owes the patient, which needs the organisation's settings: one read
 * per booking under the day's lock for a row that changes a few times a year. Remembered here and
 * forgotten at `message-settings.changed`, which updateMessageSettings() announces once its change
 * committed (lib/events/remembered.ts: in this process before the PATCH answers, in the others
 * when the NOTIFY arrives). A change made behind the app's back is seen within maxAgeMs.
 */
export function createMessageSettingsCache(
  events: Pick<EventBus, 'subscribe' | 'onPublish' | 'onReconnect' | 'listening'>,
  { maxAgeMs = MESSAGE_SETTINGS_MAX_AGE_MS, maxEntries = 10_000 } = {},
): MessageSettingsCache {
  const remembered = createRemembered<{ organisationId: string; settings: EffectiveMessageSettings }>(events, {
    maxAgeMs,
    maxEntries,
    staleAfter: (organisationId, event) => (event.type === 'message-settings.changed' ? (entry) => entry.organisationId === organisationId : undefined),
  });
  return {
    read: async (db, organisationId) =>
      (await remembered.read(organisationId, async () => ({ value: { organisationId, settings: await loadMessageSettings(db, organisationId) } }))).settings,
  };
}

/** Tells every process an organisation's message settings changed. Call after the change committed. */
export function announceMessageSettingsChanged(events: Pick<EventBus, 'publish'>, organisationId: string): Promise<void> {
  return events.publish(organisationId, { type: 'message-settings.changed' });
}

/** The organisation's own text for an event, else the shipped one. */
export function templateOf(settings: EffectiveMessageSettings, event: ConfigurableMessageEvent | 'test', language: MessageLanguage): string {
  if (event === 'test') return defaultMessageTemplates.test[language];
  return settings.templates[event]?.[language] ?? defaultMessageTemplates[event][language];
}

export type MessagePricing = Pick<Config, 'MESSAGE_PRICE_WHATSAPP_PAISE' | 'MESSAGE_PRICE_SMS_PAISE'>;

export function priceOf(config: MessagePricing, channel: MessageChannel): number {
  return channel === 'WHATSAPP' ? config.MESSAGE_PRICE_WHATSAPP_PAISE : config.MESSAGE_PRICE_SMS_PAISE;
}

/** GET /api/messages/settings: everything Settings → Messages shows. */
export async function getMessageSettings(db: Db, config: Config, organisationId: string): Promise<MessageSettings> {
  const [row] = await db.select({ settings: messageSettings.settings }).from(messageSettings).where(eq(messageSettings.organisationId, organisationId));
  const stored = row?.settings ?? {};
  const settings = effectiveSettings(stored);
  return {
    events: settings.events,
    reminderOffsetsMinutes: settings.reminderOffsetsMinutes,
    quietHours: settings.quietHours,
    nextAheadCount: settings.nextAheadCount,
    defaultLanguage: settings.defaultLanguage,
    templates: Object.fromEntries(
      configurableMessageEvents.map((event) => [event, Object.fromEntries(messageLanguages.map((language) => [language, templateOf(settings, event, language)]))]),
    ) as MessageSettings['templates'],
    customTemplates: Object.fromEntries(
      configurableMessageEvents.map((event) => [event, messageLanguages.filter((language) => stored.templates?.[event]?.[language] !== undefined)]),
    ) as MessageSettings['customTemplates'],
    whatsappPhoneNumberId: settings.whatsappPhoneNumberId,
    smsTemplateIds: Object.fromEntries(configurableMessageEvents.map((event) => [event, settings.smsTemplateIds[event] ?? null])) as MessageSettings['smsTemplateIds'],
    pricesPaise: { WHATSAPP: priceOf(config, 'WHATSAPP'), SMS: priceOf(config, 'SMS') },
    providers: messageProvidersOf(config),
    whatsappAddonActive: (await whatsappStatus(db, organisationId)).isActive,
  };
}

/**
 * PATCH /api/messages/settings: the parts sent replace the stored ones; within events, templates
 * and DLT ids, per event (and language), so the form can save one event without the others. A
 * template equal to the shipped text is stored as no template: 'Restore the default' sends it.
 */
export async function updateMessageSettings(
  db: Db,
  config: Config,
  organisationId: string,
  update: MessageSettingsUpdate,
  events?: Pick<EventBus, 'publish'>,
): Promise<MessageSettings> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: messageSettings.settings }).from(messageSettings).where(eq(messageSettings.organisationId, organisationId)).for('update');
    const stored: MessageSettingsUpdate = structuredClone(row?.settings ?? {});
    if (update.events) stored.events = { ...stored.events, ...update.events };
    if (update.templates) {
      const templates = { ...stored.templates };
      for (const [event, languages] of Object.entries(update.templates) as [ConfigurableMessageEvent, Partial<Record<MessageLanguage, string>>][]) {
        const merged = { ...templates[event], ...languages };
        templates[event] = Object.fromEntries(Object.entries(merged).filter(([language, text]) => text !== defaultMessageTemplates[event][language as MessageLanguage]));
      }
      stored.templates = templates;
    }
    if (update.smsTemplateIds) {
      const ids = { ...stored.smsTemplateIds, ...update.smsTemplateIds };
      stored.smsTemplateIds = Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== null));
    }
    for (const key of ['reminderOffsetsMinutes', 'quietHours', 'nextAheadCount', 'defaultLanguage', 'whatsappPhoneNumberId'] as const) {
      if (update[key] !== undefined) (stored as Record<string, unknown>)[key] = update[key];
    }
    await tx
      .insert(messageSettings)
      .values({ organisationId, settings: stored })
      .onConflictDoUpdate({ target: messageSettings.organisationId, set: { settings: stored, updatedAt: sql`now()` } });
  });
  // After the commit: a read between the announcement and the commit would remember the old settings.
  if (events) await announceMessageSettingsChanged(events, organisationId);
  return getMessageSettings(db, config, organisationId);
}

/** The organisation whose WhatsApp number an inbound message came to. */
export async function organisationOfWhatsAppNumber(db: Db, phoneNumberId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organisationId: messageSettings.organisationId })
    .from(messageSettings)
    .where(sql`${messageSettings.settings}->>'whatsappPhoneNumberId' = ${phoneNumberId}`)
    .limit(1);
  return row?.organisationId;
}
