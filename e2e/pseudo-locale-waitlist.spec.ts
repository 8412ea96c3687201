import type { APIRequestContext, Page } from '@playwright/test';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test } from './support/fixtures.ts';
import { keepPatientSession, patientSession, signInStaff } from './support/patient-app.ts';
import { clippedTexts, pseudoText, usePseudoLocale, walker } from './support/pseudo-locale.ts';

// Issue 21's waitlist in the pseudo-locale (issue 20): the walk of every page (pseudo-locale.spec.ts)
// meets the waitlist only empty. Here a day's line holds each state a person reads: a place held
// with its time running, the hold run out, a place in line, one booked and one removed. Every text
// must come from a catalogue, and none may be cut off on a phone.

/** One 09:00–09:30 window every day in 15-minute slots of one patient: two visits fill a day. */
const TWO_SLOTS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '09:30' }));

/** The desk's API as the demo hospital's admin; an answer that is not a success fails the test. */
async function deskApi(request: APIRequestContext) {
  const headers = await signInStaff(request, 'admin@hospital.demo');
  const call = async <T = { id: string }>(method: 'get' | 'post' | 'delete', path: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return call;
}

interface Entry {
  id: string;
  status: string;
  offer: { expiresAt: string } | null;
  patient: { name: string };
}

/**
 * Two doctors of the test's own, with long names (a phone's narrow lines) and full days: on the
 * first's day, a place held for our patient, one booked for the second from the line, the third
 * removed and the fourth waiting; our patient also waits for the second doctor's day and has
 * left the line of its next day. Our patient's phone signs in to the patient app.
 */
async function waitlistStates(request: APIRequestContext) {
  const call = await deskApi(request);
  const suffix = uniqueSuffix();
  const doctor = (name: string) =>
    call('post', '/api/doctors', { name, specialization: 'General Medicine', consultationFeePaise: 40000, slotMinutes: 15, patientsPerSlot: 1, availability: TWO_SLOTS });
  const patient = (name: string, phone: string) => call<{ id: string; name: string }>('post', '/api/patients', { name, phone, gender: 'FEMALE' });
  const randomPhone = () => `93${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  // Two days ahead: a freed place is offered whatever the hour (an offer needs time to come in).
  const date = organisationDay(2);
  const nextDate = organisationDay(3);
  const held = await doctor(`Dr. Venkataramanan Subramaniam ${suffix}`);
  const other = await doctor(`Dr. Anantha Padmanabhan ${suffix}`);
  const visits: { id: string }[] = [];
  for (const [owner, day] of [
    [held, date],
    [other, date],
    [other, nextDate],
  ] as const) {
    for (const startTime of ['09:00', '09:15']) {
      const filler = await patient(`Full Day ${uniqueSuffix()}`, randomPhone());
      visits.push(await call('post', '/api/appointments', { doctorId: owner.id, patientId: filler.id, date: day, startTime }));
    }
  }
  const digits = `91${String(Date.now()).slice(-8)}`;
  const ours = await patient(`Meenakshi Sundareswaran ${suffix}`, digits);
  const [booked, removed, waiting] = await Promise.all(['Booked', 'Removed', 'Waiting'].map((word) => patient(`Waitlist ${word} ${uniqueSuffix()}`, randomPhone())));
  const join = (owner: { id: string }, day: string, one: { id: string }) =>
    call<Entry>('post', '/api/waitlist', { kind: 'appointment', ownerId: owner.id, date: day, patientId: one.id });
  const line: Entry[] = [];
  for (const one of [ours, booked!, removed!, waiting!]) line.push(await join(held, date, one));
  await join(other, date, ours);
  await call('delete', `/api/waitlist/${(await join(other, nextDate, ours)).id}`);
  await call('delete', `/api/waitlist/${line[2]!.id}`);

  // Both of the first doctor's visits are cancelled: 9:00 is held for ours, 9:15 for the next, whom the desk books.
  const dayLine = () => call<{ data: Entry[] }>('get', `/api/waitlist?kind=appointment&ownerId=${held.id}&date=${date}`).then(({ data }) => data);
  for (const visit of visits.slice(0, 2)) await call('post', `/api/appointments/${visit.id}/actions/cancel`, { reason: 'Patient travelling' });
  await expect.poll(async () => (await dayLine()).map((entry) => entry.status)).toEqual(['OFFERED', 'OFFERED', 'LEFT', 'WAITING']);
  await call('post', `/api/waitlist/${line[1]!.id}/book`, {});
  const offer = (await dayLine())[0]!.offer!;
  return { doctorId: held.id, date, phone: `+91${digits}`, ours: ours.name, waiting: waiting!.name, holdEnds: Date.parse(offer.expiresAt) };
}

/**
 * The page's clock moved past the hold's end, in two steps with the mouse moved between them: the
 * console signs out after 30 minutes without a touch, and a hold is 30 minutes long.
 */
async function pastTheHold(page: Page, holdEnds: number): Promise<void> {
  const left = holdEnds - (await page.evaluate(() => Date.now())) + 2_000;
  await page.clock.fastForward(Math.floor(left / 2));
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 30);
  await page.clock.fastForward(Math.ceil(left / 2));
}

test('the console’s waitlist panel reads in the pseudo-locale and fits a phone: held, run out, booked, removed, waiting', async ({ page, request }) => {
  test.setTimeout(120_000);
  const states = await waitlistStates(request);
  await page.setViewportSize({ width: 375, height: 812 });
  // The page's clock runs as usual until the hold is to run out.
  await page.clock.install();
  await usePseudoLocale(page);
  const findings = walker(page);
  await signInAs(page, 'worker@hospital.demo', `/appointments?doctorId=${states.doctorId}&from=${states.date}&waitlist=1`);
  const panel = page.getByRole('dialog');
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByRole('timer')).toHaveText(/^⟦\d\d:\d\d ĺéƒţ⟧$/);
  // The booked patient's way to their visit, and the removed one's status: each row's words are there.
  await expect(rows.nth(1)).toContainText(pseudoText('Open appointment'));
  await expect(rows.nth(2)).toContainText(pseudoText('Removed'));
  await findings.check('the waitlist panel (a place held)');
  expect(await clippedTexts(page, '.MuiDrawer-paper'), 'the panel at 375 px').toEqual([]);

  // The question before a patient is taken off the line.
  await rows
    .filter({ hasText: states.waiting })
    .getByRole('button')
    .filter({ hasText: pseudoText('Remove') })
    .click();
  const question = page.getByRole('dialog');
  await expect(question).toContainText(states.waiting);
  await findings.check('the waitlist panel (removing a patient)');
  expect(await clippedTexts(page, '.MuiDialog-paper'), 'the question at 375 px').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(4);

  // The hold runs out on screen: the place is passing to the next patient.
  await pastTheHold(page, states.holdEnds);
  await expect(rows.nth(0).getByRole('timer')).toHaveText(pseudoText('Passing to the next patient…'));
  await findings.check('the waitlist panel (the hold run out)');
  expect(await clippedTexts(page, '.MuiDrawer-paper'), 'the panel at 375 px, the hold run out').toEqual([]);

  // On a desk's screen the panel is a narrower column beside the list.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await clippedTexts(page, '.MuiDrawer-paper'), 'the panel at 1440 px').toEqual([]);
  expect(findings.list()).toEqual([]);
});

test('the patient app’s waitlist reads in the pseudo-locale and fits a phone: a place held, then run out, and a place in line', async ({ page, request }) => {
  test.setTimeout(120_000);
  const states = await waitlistStates(request);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.install();
  await usePseudoLocale(page);
  const findings = walker(page);
  await keepPatientSession(page, await patientSession(request, states.phone));

  // Home: the place held for the patient, and the header's link with its count.
  await page.goto('/p/');
  await expect(page.locator('.waitlist-notice--offer')).toBeVisible();
  await expect(page.locator('.waitlist-nav-link__badge')).toBeVisible();
  await findings.check('/p/ (a place held)');
  expect(await clippedTexts(page), '/p/ at 375 px').toEqual([]);

  await page.goto('/p/waitlist');
  const offer = page.locator('.offer-card');
  await expect(offer).toContainText(states.ours);
  await expect(page.locator('.waiting-item')).toHaveCount(1);
  await expect(page.locator('.outcome-item')).toHaveCount(1);
  await expect(offer.locator('.offer-card__countdown strong')).toHaveText(/^⟦Ĥéĺđ ƒóŕ ýóú ƒóŕ \d+ ɱíñ \d\d š⟧$/);
  await findings.check('/p/waitlist (a place held)');
  expect(await clippedTexts(page), '/p/waitlist at 375 px').toEqual([]);

  // The questions before giving up the place held, and before leaving the line.
  for (const [button, where] of [
    [offer.locator('.actions button').nth(1), 'giving up the place'],
    [page.locator('.waiting-item button'), 'leaving the line'],
  ] as const) {
    await button.click();
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    await findings.check(`/p/waitlist (${where})`);
    expect(await clippedTexts(page, 'dialog[open]'), `${where} at 375 px`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
  }

  // The hold runs out with the page open: the place can no longer be taken.
  await pastTheHold(page, states.holdEnds);
  await expect(offer.locator('.offer-card__countdown--over')).toHaveText(pseudoText('The time to take this place has run out.'));
  await findings.check('/p/waitlist (the hold run out)');
  expect(await clippedTexts(page), '/p/waitlist at 375 px, the hold run out').toEqual([]);
  expect(findings.list()).toEqual([]);
});
