import { defaultMessageTemplates, type MessageLogItem, type MessageSettings } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, staffClients } from '../../test/fixtures.js';
import { readyToMessage } from './test-support.js';

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
    const text = 'Namaste {{patient}}, see you on {{date}} at {{time}}.';
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
    const withId = (await admin.patch('/api/messages/settings', { smsTemplateIds: { booked: 'CDBOOKED01', cancelled: 'CDCANCEL01' } })).json<MessageSettings>();
    expect(withId.smsTemplateIds).toMatchObject({ booked: 'CDBOOKED01', cancelled: 'CDCANCEL01' });
    const cleared = (await admin.patch('/api/messages/settings', { smsTemplateIds: { booked: null } })).json<MessageSettings>();
    expect(cleared.smsTemplateIds).toMatchObject({ booked: null, cancelled: 'CDCANCEL01' });
    const badHours = await admin.patch('/api/messages/settings', { quietHours: { start: '9pm', end: '08:00' } });
    expect(badHours.statusCode).toBe(400);
    expect(JSON.stringify(badHours.json())).toContain('quietHours.start');
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
