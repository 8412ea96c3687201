import type { APIRequestContext, Locator } from '@playwright/test';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { signInStaff, type Headers } from './support/patient-app.ts';

test.describe('the sticky header (SPEC.md §2: 64px on mobile, 72px on desktop, in total)', () => {
  for (const [width, height] of [
    [375, 64],
    [1440, 72],
  ] as const) {
    test(`is ${height}px tall at ${width}px, its dividing line included`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'admin@hospital.demo', '/plan');
      const banner = page.getByRole('banner');
      await expect(banner).toBeVisible();
      expect((await banner.boundingBox())!.height).toBe(height);
      // The line under it is still drawn (inside the bar).
      expect(await banner.evaluate((element) => getComputedStyle(element).boxShadow)).toContain('inset');
    });
  }
});

/** A worker books a new patient into a free slot: the signed-in admin gets a live toast. */
async function bookAsWorker(request: APIRequestContext, headers: Headers): Promise<string> {
  const name = `Toast Patient ${uniqueSuffix()}`;
  const patient = await request.post('/api/patients', { headers, data: { name, phone: `93${String(Date.now()).slice(-8)}`, gender: 'MALE' } });
  expect(patient.ok(), await patient.text()).toBe(true);
  const doctors = (await (await request.get('/api/doctors?active=true', { headers })).json()) as { data: { id: string }[] };
  for (let days = 3; days < 10; days++) {
    const date = organisationDay(days);
    for (const doctor of doctors.data) {
      const { slots } = (await (await request.get(`/api/doctors/${doctor.id}/slots?date=${date}`, { headers })).json()) as { slots: { start: string; remaining: number }[] };
      const slot = slots.find((candidate) => candidate.remaining > 0);
      if (!slot) continue;
      const booked = await request.post('/api/appointments', {
        headers,
        data: { doctorId: doctor.id, date, startTime: slot.start, patientId: ((await patient.json()) as { id: string }).id },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      return name;
    }
  }
  throw new Error('no free slot in the next days');
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectClear(toast: Locator, controls: Locator[]): Promise<void> {
  const toastBox = (await toast.boundingBox())!;
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    expect(intersects(toastBox, box), `a toast lies over '${await control.textContent()}'`).toBe(false);
  }
}

async function toastFor(page: Page, request: APIRequestContext, worker: Headers): Promise<Locator> {
  const patientName = await bookAsWorker(request, worker);
  const toast = page.locator('.notistack-MuiContent').filter({ hasText: `New appointment: ${patientName} booked` });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  // Where it comes to rest: it slides in from the side.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  return toast;
}

test("a toast never lies over the page's own controls: Day, Week, New appointment, a queue's Skip and Recall", async ({ page, request }) => {
  const worker = await signInStaff(request, 'worker@hospital.demo');
  await signInAs(page, 'admin@hospital.demo', '/appointments');
  const actions = ['List', 'Day', 'Week', 'New appointment'].map((name) => page.getByRole('button', { name, exact: true }));
  await expect(actions[3]!).toBeVisible();
  await expectClear(await toastFor(page, request, worker), actions);

  await page.goto('/appointments/token');
  const queueButtons = page.getByRole('button', { name: /^(Skip|Recall)/ });
  await expect(queueButtons.first()).toBeVisible();
  await expectClear(await toastFor(page, request, worker), await queueButtons.all());
});

test("on a phone a toast rises above the bar at the bottom: the booking dialog's Close and Book, the chat's Attach and Send", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const worker = await signInStaff(request, 'worker@hospital.demo');
  const admin = await signInStaff(request, 'admin@hospital.demo');
  await signInAs(page, 'admin@hospital.demo');

  // The new-appointment dialog is full screen on a phone, its actions held to the bottom edge.
  await page.goto('/appointments?new=1');
  const dialog = page.getByRole('dialog');
  const dialogActions = ['Close', 'Book'].map((name) => dialog.getByRole('button', { name, exact: true }));
  await expect(dialogActions[1]!).toBeVisible();
  await expectClear(await toastFor(page, request, worker), dialogActions);

  const chats = (await (await request.get('/api/chats', { headers: admin })).json()) as { data: { patientId: string }[] };
  await page.goto(`/chats/${chats.data[0]!.patientId}`);
  const composer = page.getByRole('form', { name: 'Write a message' });
  const composerActions = [composer.getByRole('button', { name: 'Attach file' }), composer.getByRole('button', { name: 'Send' })];
  await expect(composerActions[1]!).toBeVisible();
  await expectClear(await toastFor(page, request, worker), composerActions);
});

test('the keyboard: the skip link comes first and every focused control shows a ring', async ({ page }) => {
  await signInAs(page, 'admin@hospital.demo', '/appointments');
  await expect(page.getByRole('button', { name: 'New appointment', exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  // The next stops are the sidebar's links and the header's buttons: each shows where focus is.
  for (let stop = 0; stop < 6; stop += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline, `Tab stop ${stop + 2}`).toBe('solid 2px');
  }
  await page.keyboard.press('Shift+Tab');
  for (let stop = 0; stop < 5; stop += 1) await page.keyboard.press('Shift+Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('with less motion asked of the system, a menu opens without its grow and a spinner stands still', async ({ page }) => {
  const popupPaper = page.locator('.MuiPopover-paper');
  const longestTransition = () =>
    popupPaper.evaluate((paper) =>
      Math.max(
        ...getComputedStyle(paper)
          .transitionDuration.split(',')
          .map((value) => parseFloat(value) * (value.trim().endsWith('ms') ? 0.001 : 1)),
      ),
    );
  const firstPopup = page.getByRole('banner').locator('button[aria-haspopup]').first();

  await signInAs(page, 'admin@hospital.demo', '/plan');
  await firstPopup.click();
  await expect(popupPaper).toBeVisible();
  // As MUI draws it: the paper grows in over a fifth of a second or more.
  expect(await longestTransition()).toBeGreaterThan(0.1);
  await page.keyboard.press('Escape');
  await expect(popupPaper).toHaveCount(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await firstPopup.click();
  await expect(popupPaper).toBeVisible();
  expect(await longestTransition()).toBeLessThan(0.001);
  // Every running animation, a spinner's too, plays once in a blink.
  const animation = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.className = 'MuiCircularProgress-indeterminate';
    probe.style.animation = 'spin 1.4s linear infinite';
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const found = { duration: style.animationDuration, count: style.animationIterationCount };
    probe.remove();
    return found;
  });
  expect(animation).toEqual({ duration: '1e-05s', count: '1' });
});
