import { defaultMessageTemplates, type AppEvent, type MessageLogItem, type MessageSettings } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { messageSettings, messages } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, upcoming } from '../../test/fixtures.js';
import { createMessageSettingsCache, readyToMessage } from './test-support.js';

describe.each(drivers)('Settings → Messages (%s)', (driver) => {
  const t = useTestApp(driver);

  async function admins() {
    const org = await createOrganisation(t.database.db as Db);
    return staffClients(t.app, org);
  }

  it('shows the defaults, the prices and providers of this server, and whether the add-on is active', async () => {
    const { admin } = await admins();
    const settings = (await admin.get('/api/messages/settings')).json<MessageSettings>();
    expect(settings).toMatchObject({
      reminderOffsetsMinutes: [1440, 120],
      quietHours: { start: '21:00', end: '08:00' },
      nextAheadCount: 2,
      defaultLanguage: 'en',
      pricesPaise: { WHATSAPP: 50, SMS: 25 },
      providers: { WHATSAPP: 'log', SMS: 'log' },
      whatsappAddonActive: false,
      whatsappPhoneNumberId: null,
    });
    expect(settings.events.booked).toEqual({ WHATSAPP: true, SMS: true });
    expect(settings.templates.booked.hi).toBe(defaultMessageTemplates.booked.hi);
    expect(settings.customTemplates.booked).toEqual([]);
  });

  it('saves only the parts sent, restores a default by sending it, and refuses an unknown variable naming the field', async () => {
    const { admin } = await admins();
    const text = 'Namaste {{patient}}, see you on {{date}} at {{time}} at the clinic.';
    const saved = await admin.patch('/api/messages/settings', {
      templates: { booked: { en: text } },
      events: { reminder: { WHATSAPP: false, SMS: true } },
      reminderOffsetsMinutes: [60],
    });
    expect(saved.statusCode).toBe(200);
    const settings = saved.json<MessageSettings>();
    expect(settings.templates.booked.en).toBe(text);
    expect(settings.customTemplates.booked).toEqual(['en']);
    expect(settings.events.reminder).toEqual({ WHATSAPP: false, SMS: true });
    expect(settings.events.booked).toEqual({ WHATSAPP: true, SMS: true });
    expect(settings.reminderOffsetsMinutes).toEqual([60]);
    // Another part later keeps the first.
    const later = (await admin.patch('/api/messages/settings', { quietHours: null })).json<MessageSettings>();
    expect(later).toMatchObject({ quietHours: null, reminderOffsetsMinutes: [60] });
    expect(later.templates.booked.en).toBe(text);
    const restored = (await admin.patch('/api/messages/settings', { templates: { booked: { en: defaultMessageTemplates.booked.en } } })).json<MessageSettings>();
    expect(restored.customTemplates.booked).toEqual([]);

    const unknown = await admin.patch('/api/messages/settings', { templates: { cancelled: { hi: 'दिनांक {{date}} {{doctor}}' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ issues: { path: string; message: string }[] }>().issues).toEqual([{ path: 'templates.cancelled.hi', message: 'Unknown variable {{doctor}}' }]);
    // WhatsApp refuses a template body that ends with a variable: so does the organisation's text.
    const dangling = await admin.patch('/api/messages/settings', { templates: { booked: { en: 'Your token is {{token}}.' } } });
    expect(dangling.statusCode).toBe(400);
    expect(dangling.json<{ issues: { path: string; message: string }[] }>().issues).toEqual([
      { path: 'templates.booked.en', message: 'Begin and end with words, not {{token}}: WhatsApp refuses such a text' },
    ]);
    expect((await admin.get('/api/messages/settings')).json<MessageSettings>().templates.booked.en).toBe(defaultMessageTemplates.booked.en);
    const withId = (await admin.patch('/api/messages/settings', { smsTemplateIds: { booked: 'CDBOOKED01', cancelled: 'CDCANCEL01' } })).json<MessageSettings>();
    expect(withId.smsTemplateIds).toMatchObject({ booked: 'CDBOOKED01', cancelled: 'CDCANCEL01' });
    const cleared = (await admin.patch('/api/messages/settings', { smsTemplateIds: { booked: null } })).json<MessageSettings>();
    expect(cleared.smsTemplateIds).toMatchObject({ booked: null, cancelled: 'CDCANCEL01' });
    const badHours = await admin.patch('/api/messages/settings', { quietHours: { start: '9pm', end: '08:00' } });
    expect(badHours.statusCode).toBe(400);
    expect(JSON.stringify(badHours.json())).toContain('quietHours.start');
  });

  // Bookings remember the settings (createMessageSettingsCache): a change must still apply to the next one.
  it('a booking owes messages by the settings as saved: turning the booking message off and on again applies to the next booking at once', async () => {
    const org = await createOrganisation(t.database.db as Db);
    await readyToMessage(t.database.db as Db, org.id);
    const { admin } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const book = async (startTime: string) => {
      const booked = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: upcoming(3), startTime });
      expect(booked.statusCode).toBe(201);
      const id = booked.json<{ id: string }>().id;
      const owed = await (t.database.db as Db).select({ event: messages.event, channel: messages.channel }).from(messages).where(eq(messages.visitId, id));
      return owed
        .filter((message) => message.event === 'booked')
        .map((message) => message.channel)
        .sort();
    };
    expect(await book('09:00')).toEqual(['SMS', 'WHATSAPP']);
    expect((await admin.patch('/api/messages/settings', { events: { booked: { WHATSAPP: false, SMS: false } } })).statusCode).toBe(200);
    expect(await book('09:15')).toEqual([]);
    expect((await admin.patch('/api/messages/settings', { events: { booked: { WHATSAPP: true, SMS: false } } })).statusCode).toBe(200);
    expect(await book('09:30')).toEqual(['WHATSAPP']);
  });

  it('previews a template with sample values, in its language', async () => {
    const { admin } = await admins();
    const preview = await admin.post('/api/messages/preview', { event: 'cancelled', language: 'hi', template: defaultMessageTemplates.cancelled.hi });
    expect(preview.statusCode).toBe(200);
    const { text } = preview.json<{ text: string }>();
    expect(text).toContain('सुनीता शर्मा');
    expect(text).toContain('डॉक्टर छुट्टी पर हैं');
    expect(text).not.toContain('{{');
  });

  it('sends a test message to the phone given, on the channel chosen; admins only', async () => {
    const org = await createOrganisation(t.database.db as Db);
    await readyToMessage(t.database.db as Db, org.id, { addon: false });
    const { admin, worker } = await staffClients(t.app, org);
    const sent = await admin.post('/api/messages/test', { channel: 'SMS', phone: '+919812345678' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json<MessageLogItem>()).toMatchObject({ event: 'test', channel: 'SMS', to: '+********5678', patientId: null });
    await t.app.patientMessages.drain();
    const [logged] = (await admin.get('/api/messages?event=test')).json<{ data: MessageLogItem[] }>().data;
    expect(logged).toMatchObject({ status: 'DELIVERED', costPaise: 25 });
    expect(logged!.text).toContain('This is a test message from');
    expect((await admin.post('/api/messages/test', { channel: 'SMS', phone: '98123' })).statusCode).toBe(400);
    expect((await worker.post('/api/messages/test', { channel: 'SMS', phone: '+919812345678' })).statusCode).toBe(403);
    expect((await worker.get('/api/messages/settings')).statusCode).toBe(403);
  });
});

describe('the message settings a booking remembers', () => {
  const t = useTestApp('pglite');

  it('are read once, and read again only when a change of their organisation is heard on the bus', async () => {
    const db = t.database.db as Db;
    const heard: ((organisationId: string, event: AppEvent) => void)[] = [];
    // Another process's bus: the change arrives as a NOTIFY, not from this process's own publish.
    const bus = {
      subscribe: (listener: (organisationId: string, event: AppEvent) => void) => (heard.push(listener), () => undefined),
      onPublish: () => () => undefined,
      onReconnect: () => () => undefined,
      listening: () => true,
    };
    const cache = createMessageSettingsCache(bus);
    const [org, other] = [await createOrganisation(db), await createOrganisation(db)];
    expect((await cache.read(db, org.id)).events.booked.SMS).toBe(true);
    const settings = { events: { booked: { WHATSAPP: true, SMS: false } } };
    await db.insert(messageSettings).values({ organisationId: org.id, settings });

    expect((await cache.read(db, org.id)).events.booked.SMS).toBe(true);
    for (const listener of heard) listener(other.id, { type: 'message-settings.changed' });
    expect((await cache.read(db, org.id)).events.booked.SMS).toBe(true);
    for (const listener of heard) listener(org.id, { type: 'message-settings.changed' });
    expect((await cache.read(db, org.id)).events.booked.SMS).toBe(false);
  });
});
