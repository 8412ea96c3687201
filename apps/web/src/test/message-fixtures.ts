import { configurableMessageEvents, defaultMessageTemplates, messageLanguages, type MessageLanguage, type MessageLogItem, type MessageSettings } from '@caredesk/shared';

let counter = 0;

/** A message of the log as GET /api/messages answers it (tests only). */
export function makeMessage(overrides: Partial<MessageLogItem> = {}): MessageLogItem {
  counter += 1;
  return {
    id: `80000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    patientId: '30000000-0000-4000-8000-000000000001',
    patientName: 'Lakshmi Narayan',
    visitId: '50000000-0000-4000-8000-000000000001',
    visitKind: 'appointment',
    event: 'booked',
    offsetMinutes: 0,
    channel: 'SMS',
    status: 'DELIVERED',
    language: 'en',
    to: '+91******3210',
    text: 'Hello Lakshmi Narayan, your visit with Dr. Meera Iyer at Sunrise Hospital is booked for 24 Nov 2026 at 9:30 am. Token 007.',
    dueAt: '2026-11-20T04:00:00.000Z',
    sentAt: '2026-11-20T04:00:05.000Z',
    costPaise: 25,
    failureReason: null,
    attempts: 1,
    timeline: [
      { status: 'SENT', at: '2026-11-20T04:00:05.000Z', detail: null },
      { status: 'DELIVERED', at: '2026-11-20T04:00:09.000Z', detail: null },
    ],
    createdAt: '2026-11-20T04:00:00.000Z',
    ...overrides,
  };
}

const byEvent = <T>(value: (event: (typeof configurableMessageEvents)[number]) => T) =>
  Object.fromEntries(configurableMessageEvents.map((event) => [event, value(event)])) as Record<(typeof configurableMessageEvents)[number], T>;

/** Settings → Messages as a new organisation has them: shipped texts, the server's defaults. */
export function makeMessageSettings(overrides: Partial<MessageSettings> = {}): MessageSettings {
  return {
    events: byEvent((event) => ({ WHATSAPP: true, SMS: event === 'booked' || event === 'cancelled' })),
    reminderOffsetsMinutes: [1440, 120],
    quietHours: { start: '21:00', end: '08:00' },
    nextAheadCount: 2,
    defaultLanguage: 'en',
    templates: byEvent((event) => Object.fromEntries(messageLanguages.map((language) => [language, defaultMessageTemplates[event][language]])) as Record<MessageLanguage, string>),
    customTemplates: byEvent(() => []),
    whatsappPhoneNumberId: null,
    smsTemplateIds: byEvent(() => null),
    pricesPaise: { WHATSAPP: 50, SMS: 25 },
    providers: { WHATSAPP: 'whatsapp-cloud', SMS: null },
    whatsappAddonActive: false,
    ...overrides,
  };
}
