import { defaultMessageTemplates, type MessageSettings, type MessageSettingsUpdate } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makeMessage, makeMessageSettings } from '@/test/message-fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

/** Lazy pages compile on first use, on a machine shared with other work. */
const slow = { timeout: 15_000 };

/** The server's preview: the template with the sample patient's name filled in. */
const preview = recording((_params, body) => ({ data: { text: String((body as { template: string }).template).replace('{{patient}}', 'Lakshmi Narayan') } }));

/** The saved settings after a PATCH, merged per event as the server does. */
function saved(settings: MessageSettings, update: MessageSettingsUpdate): MessageSettings {
  const { events, templates, smsTemplateIds, ...whole } = update;
  const next: MessageSettings = { ...settings, ...whole, events: { ...settings.events, ...events }, smsTemplateIds: { ...settings.smsTemplateIds, ...smsTemplateIds } };
  for (const [event, languages] of Object.entries(templates ?? {})) Object.assign(next.templates[event as keyof typeof next.templates], languages);
  return next;
}

async function openMessageSettings(settings: MessageSettings = makeMessageSettings(), routes: Record<string, FakeRoute> = {}) {
  const patches = recording((_params, body) => ({ data: saved(structuredClone(settings), body as MessageSettingsUpdate) }));
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /messages/settings': { data: settings },
    'PATCH /messages/settings': patches.route,
    'POST /messages/preview': preview.route,
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const view = renderApp('/settings/messages');
  await screen.findByRole('form', { name: 'Message settings' }, slow);
  return { ...view, api, patches, user: userEvent.setup() };
}

const editor = (language: 'English' | 'हिन्दी (Hindi)') => screen.getByRole('group', { name: `Text in ${language}` });

describe('Settings → Messages', () => {
  it('shows each event by WhatsApp and by SMS, what a message costs, who carries it, and the missing add-on', async () => {
    await openMessageSettings();
    expect(screen.getByRole('switch', { name: 'Booking confirmed by WhatsApp' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Booking confirmed by SMS' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Reminder by SMS' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Chat reply by WhatsApp' })).toBeChecked();
    const table = screen.getByRole('table', { name: 'Messages by channel' });
    expect(within(table).getByText('₹0.50 a message')).toBeInTheDocument();
    expect(within(table).getByText('₹0.25 a message')).toBeInTheDocument();
    expect(within(table).getByText('Sent by WhatsApp Cloud API')).toBeInTheDocument();
    expect(within(table).getByText('Not available on this server')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp messages need the WhatsApp add-on')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get the add-on' })).toHaveAttribute('href', '/plan');
    expect(screen.getByRole('list', { name: 'Reminder times' })).toHaveTextContent('24 hours before2 hours before');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves only what changed: one event, the reminder times and the language', async () => {
    const { patches, user } = await openMessageSettings(makeMessageSettings({ whatsappAddonActive: true }));
    expect(screen.getByText('WhatsApp add-on active')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Reminder by SMS' }));
    await user.click(screen.getByRole('button', { name: 'Remove reminder 2 hours before' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Reminder before the visit' }), '30');
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'minutes' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    await user.click(screen.getByRole('combobox', { name: 'Default language' }));
    await user.click(await screen.findByRole('option', { name: 'हिन्दी (Hindi)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(patches.seen).toHaveLength(1));
    expect(patches.seen[0]?.body).toEqual({ events: { reminder: { WHATSAPP: true, SMS: true } }, reminderOffsetsMinutes: [1440, 30], defaultLanguage: 'hi' });
    expect(await screen.findByText('Message settings saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('refuses a fifth reminder and one already there, and sends quiet hours off as none', async () => {
    const { patches, user } = await openMessageSettings(makeMessageSettings({ reminderOffsetsMinutes: [2880, 1440, 120] }));
    const amount = screen.getByRole('spinbutton', { name: 'Reminder before the visit' });
    await user.type(amount, '24');
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(screen.getByText('That reminder is already there')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '6');
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(screen.getByRole('list', { name: 'Reminder times' })).toHaveTextContent('48 hours before24 hours before6 hours before2 hours before');
    expect(screen.getByText('At most 4 reminders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'No messages at night except queue calls' }));
    expect(screen.getByLabelText('Quiet from')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches.seen).toHaveLength(1));
    expect(patches.seen[0]?.body).toEqual({ reminderOffsetsMinutes: [2880, 1440, 360, 120], quietHours: null });
  });

  it("previews a text as it is typed, with the server's sample values", async () => {
    const { user } = await openMessageSettings();
    const english = editor('English');
    const text = within(english).getByRole('textbox', { name: 'Text in English' });
    await user.clear(text);
    await user.type(text, 'Hi {{{{patient}}, see you soon');
    expect(await within(english).findByText('Hi Lakshmi Narayan, see you soon', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(preview.seen.at(-1)?.body).toEqual({ event: 'booked', language: 'en', template: 'Hi {{patient}}, see you soon' });
  });

  it('inserts a variable where the cursor is', async () => {
    const { user } = await openMessageSettings();
    const english = editor('English');
    const text = within(english).getByRole('textbox', { name: 'Text in English' });
    await user.clear(text);
    await user.type(text, 'Token  today');
    (text as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.click(within(english).getByRole('button', { name: 'Insert {{token}}' }));
    expect(text).toHaveValue('Token {{token}} today');
  });

  it('marks an unknown variable on its field as it is typed, and sends nothing', async () => {
    const { patches, user } = await openMessageSettings();
    const text = within(editor('English')).getByRole('textbox', { name: 'Text in English' });
    await user.type(text, ' Ask for {{{{doctor}}');
    expect(within(editor('English')).getByText('Unknown variable {{doctor}}')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text in English' })).toHaveFocus());
    expect(patches.seen).toHaveLength(0);
  });

  it('refuses a text WhatsApp would refuse, and shows a good one as the template to register', async () => {
    const { patches, user } = await openMessageSettings();
    const text = within(editor('English')).getByRole('textbox', { name: 'Text in English' });
    await user.clear(text);
    await user.type(text, 'Hello {{{{patient}}, your token is {{{{token}}');
    expect(within(editor('English')).getByText('Begin and end with words, not {{token}}: WhatsApp refuses such a text')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(within(editor('English')).queryByRole('region', { name: 'WhatsApp template in English' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(text).toHaveFocus());
    expect(patches.seen).toHaveLength(0);

    await user.type(text, ' today.');
    expect(text).toHaveAttribute('aria-invalid', 'false');
    const template = within(editor('English')).getByRole('region', { name: 'WhatsApp template in English' });
    expect(within(template).getByText('Register this body in WhatsApp Manager as', { exact: false })).toHaveTextContent(
      'Register this body in WhatsApp Manager as caredesk_booked · en',
    );
    expect(within(template).getByText('Hello {{1}}, your token is {{2}} today.')).toHaveAttribute('translate', 'no');
    expect(within(template).getByText('Variables:', { exact: false })).toHaveTextContent('Variables: {{1}} = patient, {{2}} = token');

    // The console's first toast on this page: it must wait for notistack to load, not be lost.
    await user.click(within(template).getByRole('button', { name: 'Copy the template body' }));
    expect(await screen.findByText('Template body copied', undefined, slow)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Hello {{1}}, your token is {{2}} today.');
  });

  it("puts the server's refusal of a text on that text's field, showing its event", async () => {
    const refusal = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Check the message texts',
      issues: [{ path: 'templates.reminder.en', message: 'Unknown variable {{room}}' }],
    };
    const { user } = await openMessageSettings(undefined, { 'PATCH /messages/settings': { status: 400, data: refusal } });
    await user.click(screen.getByRole('combobox', { name: 'Message' }));
    await user.click(await screen.findByRole('option', { name: 'Reminder' }));
    const text = within(editor('English')).getByRole('textbox', { name: 'Text in English' });
    await user.type(text, ' See you.');
    await user.click(screen.getByRole('combobox', { name: 'Message' }));
    await user.click(await screen.findByRole('option', { name: 'Booking confirmed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(editor('English')).findByText('Unknown variable {{room}}')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Message' })).toHaveTextContent('Reminder');
    expect(within(editor('English')).getByRole('textbox', { name: 'Text in English' })).toHaveValue(`${defaultMessageTemplates.reminder.en} See you.`);
  });

  it("'Restore the default' sends the shipped text for that language only", async () => {
    const settings = makeMessageSettings();
    settings.templates.booked.hi = 'नमस्ते {{patient}}';
    settings.customTemplates.booked = ['hi'];
    const { patches, user } = await openMessageSettings(settings);
    expect(within(editor('English')).getByRole('button', { name: 'Restore the default' })).toBeDisabled();
    await user.click(within(editor('हिन्दी (Hindi)')).getByRole('button', { name: 'Restore the default' }));
    expect(within(editor('हिन्दी (Hindi)')).getByRole('textbox')).toHaveValue(defaultMessageTemplates.booked.hi);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches.seen).toHaveLength(1));
    expect(patches.seen[0]?.body).toEqual({ templates: { booked: { hi: defaultMessageTemplates.booked.hi } } });
  });

  it('sends a DLT template id and the WhatsApp number id, clears a saved DLT id emptied, and refuses a malformed one', async () => {
    const settings = makeMessageSettings();
    settings.smsTemplateIds.cancelled = '1107160000000000001';
    const { patches, user } = await openMessageSettings(settings);
    await user.type(screen.getByRole('textbox', { name: 'DLT template id: Booking confirmed' }), 'DLT-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A DLT template id is 6 to 40 letters and digits')).toBeInTheDocument();
    expect(patches.seen).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'DLT template id: Booking confirmed' }));
    await user.type(screen.getByRole('textbox', { name: 'DLT template id: Booking confirmed' }), '1107160000000000002');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp phone number id' }), '106540352242922');
    await user.clear(screen.getByRole('textbox', { name: 'DLT template id: Cancelled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches.seen).toHaveLength(1));
    expect(patches.seen[0]?.body).toEqual({
      whatsappPhoneNumberId: '106540352242922',
      smsTemplateIds: { booked: '1107160000000000002', cancelled: null },
    });
  });

  it('sends a test message, says how it went and links to the log', async () => {
    const tests = recording(() => ({
      status: 202,
      data: makeMessage({ event: 'test', channel: 'WHATSAPP', status: 'SKIPPED', failureReason: 'The WhatsApp add-on is not active', patientId: null, patientName: null }),
    }));
    const { user } = await openMessageSettings(undefined, { 'POST /messages/test': tests.route });
    const form = screen.getByRole('form', { name: 'Send a test message' });
    await user.click(within(form).getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '98765x');
    await user.click(within(form).getByRole('button', { name: 'Send test' }));
    expect(await within(form).findByText('Enter the phone with its country code, e.g. +919876543210')).toBeInTheDocument();
    expect(tests.seen).toHaveLength(0);

    const phone = within(form).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '+919876543210');
    await user.click(within(form).getByRole('button', { name: 'Send test' }));
    const result = await within(screen.getByRole('region', { name: 'Send a test message' })).findByRole('status');
    expect(result).toHaveTextContent('Test message to +91******3210: Not sent: The WhatsApp add-on is not active.');
    expect(within(result).getByRole('link', { name: 'Open the message log' })).toHaveAttribute('href', '/settings/messages/log');
    expect(tests.seen[0]?.body).toEqual({ channel: 'WHATSAPP', phone: '+919876543210' });
  });

  it('sends a worker, who may not change them, to the log', async () => {
    const api = installFakeApi({ ...headerRoutes(), 'GET /messages': { data: { data: [], total: 0, page: 1, pageSize: 25 } } });
    restore = api.restore;
    storeSession(makeUser('SCAN', 'WORKER'));
    const { router } = renderApp('/settings/messages');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/messages/log'), slow);
    expect(await screen.findByRole('heading', { name: 'Message log', level: 1 }, slow)).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/messages/settings')).toBe(false);
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
