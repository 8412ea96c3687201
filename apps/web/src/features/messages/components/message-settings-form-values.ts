import {
  configurableMessageEvents,
  messageSettingsUpdateSchema,
  type ConfigurableMessageEvent,
  type MessageChannel,
  type MessageLanguage,
  type MessageSettings,
  type MessageSettingsUpdate,
} from '@caredesk/shared';
import { z } from 'zod';

/** What Settings → Messages holds while it is edited: the settings, with blanks and a quiet-hours switch. */
export interface MessageSettingsFormValues {
  events: Record<ConfigurableMessageEvent, Record<MessageChannel, boolean>>;
  /** Minutes before the visit, latest first. */
  reminderOffsetsMinutes: number[];
  /** Off keeps the times typed, so switching back on restores them. */
  quietHours: { enabled: boolean; start: string; end: string };
  nextAheadCount: number;
  defaultLanguage: MessageLanguage;
  templates: Record<ConfigurableMessageEvent, Record<MessageLanguage, string>>;
  /** '' is none. */
  whatsappPhoneNumberId: string;
  /** '' is none. */
  smsTemplateIds: Record<ConfigurableMessageEvent, string>;
}

/** The hours offered when quiet hours are first switched on. */
const SUGGESTED_QUIET_HOURS = { start: '21:00', end: '08:00' } as const;

const byEvent = <T>(value: (event: ConfigurableMessageEvent) => T) =>
  Object.fromEntries(configurableMessageEvents.map((event) => [event, value(event)])) as Record<ConfigurableMessageEvent, T>;

const latestFirst = (offsets: readonly number[]) => [...offsets].sort((a, b) => b - a);

export function messageSettingsFormValues(settings: MessageSettings): MessageSettingsFormValues {
  return {
    events: byEvent((event) => ({ ...settings.events[event] })),
    reminderOffsetsMinutes: latestFirst(settings.reminderOffsetsMinutes),
    quietHours: settings.quietHours ? { enabled: true, ...settings.quietHours } : { enabled: false, ...SUGGESTED_QUIET_HOURS },
    nextAheadCount: settings.nextAheadCount,
    defaultLanguage: settings.defaultLanguage,
    templates: byEvent((event) => ({ ...settings.templates[event] })),
    whatsappPhoneNumberId: settings.whatsappPhoneNumberId ?? '',
    smsTemplateIds: byEvent((event) => settings.smsTemplateIds[event] ?? ''),
  };
}

/**
 * The form's values as a whole settings update, checked by the shared messageSettingsUpdateSchema
 * (the server's own rules: times, reminder limits, unknown template variables). Issue paths are
 * the form's field names. A DLT id left blank is not sent, unless one was saved: the API cannot
 * remove one, so clearing it is refused on the field.
 */
export function messageSettingsFormSchema(saved: MessageSettings) {
  return z
    .custom<MessageSettingsFormValues>()
    .transform((values): z.input<typeof messageSettingsUpdateSchema> => ({
      events: values.events,
      reminderOffsetsMinutes: latestFirst(values.reminderOffsetsMinutes),
      quietHours: values.quietHours.enabled ? { start: values.quietHours.start, end: values.quietHours.end } : null,
      nextAheadCount: values.nextAheadCount,
      defaultLanguage: values.defaultLanguage,
      templates: values.templates,
      whatsappPhoneNumberId: values.whatsappPhoneNumberId.trim() === '' ? null : values.whatsappPhoneNumberId,
      smsTemplateIds: Object.fromEntries(
        configurableMessageEvents
          .filter((event) => values.smsTemplateIds[event].trim() !== '' || saved.smsTemplateIds[event] !== null)
          // An id emptied that was saved is sent as null: the server clears it.
          .map((event) => [event, values.smsTemplateIds[event].trim() === '' ? null : values.smsTemplateIds[event]]),
      ),
    }))
    .pipe(messageSettingsUpdateSchema);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what differs from the saved settings: whole fields, and within events, templates and DLT
 * ids only the events (and languages) that changed — the server merges those per event.
 */
export function changedMessageSettings(next: MessageSettingsUpdate, saved: MessageSettings): MessageSettingsUpdate {
  const changes: MessageSettingsUpdate = {};
  const events = configurableMessageEvents.filter((event) => next.events?.[event] && !sameJson(next.events[event], saved.events[event]));
  if (events.length > 0) changes.events = Object.fromEntries(events.map((event) => [event, next.events![event]!]));

  if (next.reminderOffsetsMinutes && !sameJson(latestFirst(next.reminderOffsetsMinutes), latestFirst(saved.reminderOffsetsMinutes)))
    changes.reminderOffsetsMinutes = next.reminderOffsetsMinutes;
  if (next.quietHours !== undefined && !sameJson(next.quietHours, saved.quietHours)) changes.quietHours = next.quietHours;
  if (next.nextAheadCount !== undefined && next.nextAheadCount !== saved.nextAheadCount) changes.nextAheadCount = next.nextAheadCount;
  if (next.defaultLanguage !== undefined && next.defaultLanguage !== saved.defaultLanguage) changes.defaultLanguage = next.defaultLanguage;
  if (next.whatsappPhoneNumberId !== undefined && next.whatsappPhoneNumberId !== saved.whatsappPhoneNumberId) changes.whatsappPhoneNumberId = next.whatsappPhoneNumberId;

  const templates: NonNullable<MessageSettingsUpdate['templates']> = {};
  for (const event of configurableMessageEvents) {
    for (const [language, text] of Object.entries(next.templates?.[event] ?? {}) as [MessageLanguage, string][]) {
      if (text !== saved.templates[event][language]) templates[event] = { ...templates[event], [language]: text };
    }
  }
  if (Object.keys(templates).length > 0) changes.templates = templates;

  const smsTemplateIds = configurableMessageEvents.filter((event) => next.smsTemplateIds?.[event] !== undefined && next.smsTemplateIds[event] !== saved.smsTemplateIds[event]);
  if (smsTemplateIds.length > 0) changes.smsTemplateIds = Object.fromEntries(smsTemplateIds.map((event) => [event, next.smsTemplateIds![event] ?? null]));
  return changes;
}
