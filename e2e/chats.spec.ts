import type { APIRequestContext } from '@playwright/test';
import { tinyPng, uniqueSuffix } from './support/files.ts';
import { expect, pathOf, signInAs, test, type Page } from './support/fixtures.ts';
import { signInPatient, signInStaff, type Headers } from './support/patient-app.ts';

interface ChatMessage {
  id: string;
  sender: 'STAFF' | 'PATIENT';
  text: string;
  readAt: string | null;
  attachment: { name: string; mimeType: string } | null;
}

/** A new patient record of the staff member's organisation, with a phone of its own. */
async function createPatient(request: APIRequestContext, staff: Headers, name: string) {
  const digits = `96${String(Date.now()).slice(-8)}`;
  const created = await request.post('/api/patients', { headers: staff, data: { name, phone: digits, gender: 'FEMALE' } });
  expect(created.ok(), await created.text()).toBe(true);
  return { id: ((await created.json()) as { id: string }).id, phone: `+91${digits}` };
}

function organisationOf(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { admin: { id: string } }).admin.id);
}

function conversations(page: Page) {
  return page.getByRole('list', { name: 'Conversation list' });
}

function messages(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

test('a patient writes through the patient app: the message reaches an open console live, in the list, the bell and the thread; staff reply and see it read', async ({
  page,
  request,
}) => {
  const staff = await signInStaff(request, 'admin@hospital.demo');
  const name = `Chat Patient ${uniqueSuffix()}`;
  const patient = await createPatient(request, staff, name);

  await signInAs(page, 'admin@hospital.demo', '/chats');
  await expect(conversations(page).getByRole('link').first()).toBeVisible();
  const organisationId = await organisationOf(page);
  // A reload would reset this marker: its survival proves the updates came without one.
  await page.evaluate(() => ((window as unknown as { liveMarker: string }).liveMarker = 'no reload'));

  const app = await signInPatient(request, patient.phone);
  const first = `Hello, is my blood report ready? ${uniqueSuffix()}`;
  const started = await request.post('/api/patient/chats', { headers: app, data: { organisationId, text: first, clientId: crypto.randomUUID() } });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: string };

  const row = conversations(page).getByRole('link', { name: `${name}, 1 unread` });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(conversations(page).getByRole('link').first()).toHaveAccessibleName(new RegExp(`^${name}, 1 unread `));
  await expect(row).toContainText(first);

  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await popover.getByRole('tab', { name: 'Chats' }).click();
  await expect(popover.getByRole('list', { name: 'Chat notifications' }).getByText(`${name}: ${first}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/chats/${patient.id}$`));
  await expect(messages(page).getByText(first)).toBeVisible();
  // Opening the thread read it: the list's badge goes.
  await expect(conversations(page).getByRole('link', { name: new RegExp(`^${name} `) })).toBeVisible();

  const second = `Also, can I come tomorrow? ${uniqueSuffix()}`;
  const sent = await request.post(`/api/patient/chats/${conversationId}/messages`, { headers: app, data: { text: second, clientId: crypto.randomUUID() } });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(messages(page).getByText(second)).toBeVisible({ timeout: 15_000 });

  const reply = `Yes, any time after 10 am. https://example.org/hours ${uniqueSuffix()}`;
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(reply);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const replied = messages(page).getByRole('listitem').filter({ hasText: reply });
  await expect(replied).toHaveCount(1);
  await expect(replied.getByRole('img', { name: 'Delivered' })).toBeVisible();
  await expect(replied.getByRole('link', { name: 'https://example.org/hours' })).toHaveAttribute('rel', 'noopener noreferrer');

  const thread = (await (await request.get(`/api/patient/chats/${conversationId}/messages`, { headers: app })).json()) as { messages: ChatMessage[] };
  expect(thread.messages.map((message) => [message.sender, message.text])).toEqual([
    ['PATIENT', first],
    ['PATIENT', second],
    ['STAFF', reply],
  ]);
  expect((await request.post(`/api/patient/chats/${conversationId}/read`, { headers: app })).ok()).toBe(true);
  await expect(replied.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 15_000 });
  await expect(messages(page).getByText(reply)).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('no reload');
});

test('an image sent from the console is uploaded privately, shown as a thumbnail and reaches the patient', async ({ page, request }) => {
  const staff = await signInStaff(request, 'admin@hospital.demo');
  const name = `Attach Patient ${uniqueSuffix()}`;
  const patient = await createPatient(request, staff, name);
  await signInAs(page, 'admin@hospital.demo', `/chats/${patient.id}`);
  await expect(page.getByText('No messages yet. Write the first one below.')).toBeVisible();

  await page.getByTestId('chat-attachment-input').setInputFiles({ name: 'x-ray.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('button', { name: 'x-ray.png' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Your scan');
  await page.getByRole('button', { name: 'Send' }).click();
  const image = messages(page).getByRole('img', { name: 'x-ray.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(8);
  expect(await image.getAttribute('src')).toMatch(/\/api\/uploads\/.+/);

  await page.reload();
  await expect(messages(page).getByRole('img', { name: 'x-ray.png' })).toBeVisible();
  await expect(conversations(page).getByRole('link', { name: new RegExp(`^${name} `) })).toContainText('You: Your scan');

  const app = await signInPatient(request, patient.phone);
  const list = (await (await request.get('/api/patient/chats', { headers: app })).json()) as { data: { id: string }[] };
  const thread = (await (await request.get(`/api/patient/chats/${list.data[0]!.id}/messages`, { headers: app })).json()) as { messages: ChatMessage[] };
  expect(thread.messages.map((message) => message.attachment)).toEqual([expect.objectContaining({ name: 'x-ray.png', mimeType: 'image/png' })]);
});

test("another organisation's patient opens the not-found state inside the page", async ({ page, request }) => {
  const scanStaff = await signInStaff(request, 'admin@scan.demo');
  const elsewhere = await createPatient(request, scanStaff, `Elsewhere ${uniqueSuffix()}`);
  await signInAs(page, 'admin@hospital.demo', `/chats/${elsewhere.id}`);
  await expect(page.getByText('Patient not found')).toBeVisible();
  expect(pathOf(page)).toBe(`/chats/${elsewhere.id}`);
  await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
});

test.describe('chats on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('fits 375px: the list, then the thread as its own screen with a way back, without sideways scrolling', async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo', '/chats');
    const first = conversations(page).getByRole('link').first();
    await expect(first).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await first.click();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(conversations(page)).toBeHidden();
    await expect(messages(page).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: 'Back to chats' }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(conversations(page)).toBeVisible();
  });
});

test('on a 375px phone the day chip never lies over message text, wherever the thread is scrolled', async ({ page, request }) => {
  const staff = await signInStaff(request, 'admin@hospital.demo');
  const patient = await createPatient(request, staff, `Long Thread ${uniqueSuffix()}`);
  for (let index = 1; index <= 10; index++) {
    const text = `Message ${index}: your report is ready at the front desk; please bring the old prescription and your ID when you come in.`;
    const sent = await request.post(`/api/chats/${patient.id}/messages`, { headers: staff, data: { text, clientId: crypto.randomUUID() } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'admin@hospital.demo', `/chats/${patient.id}`);
  const log = messages(page);
  await expect(log.getByText(/^Message 10:/)).toBeVisible();
  const chip = log.getByRole('heading', { level: 3 });
  const bubbles = log.getByRole('listitem');
  expect(await log.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  for (const at of ['top', 'middle', 'bottom'] as const) {
    await log.evaluate((element, where) => {
      element.scrollTop = where === 'top' ? 0 : where === 'middle' ? (element.scrollHeight - element.clientHeight) / 2 : element.scrollHeight;
    }, at);
    const chipBox = await chip.boundingBox();
    for (const bubble of await bubbles.all()) {
      const box = await bubble.boundingBox();
      if (!chipBox || !box) continue;
      const overlaps = chipBox.x < box.x + box.width && box.x < chipBox.x + chipBox.width && chipBox.y < box.y + box.height && box.y < chipBox.y + chipBox.height;
      expect(overlaps, `the day chip lies over a message with the thread scrolled to the ${at}`).toBe(false);
    }
  }
});
