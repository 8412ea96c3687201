import type { Locator } from '@playwright/test';
import { organisationDay } from './support/dates.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { signInStaff } from './support/patient-app.ts';

/** Presses keys and counts them: the figure issue #14 measured (69 presses to book, then). */
class Keys {
  count = 0;
  constructor(private readonly page: Page) {}
  async press(key: string) {
    this.count += 1;
    await this.page.keyboard.press(key);
  }
  async type(text: string) {
    for (const char of text) await this.press(char);
  }
  /** Tabs forward until `target` has focus (at most 12 presses). */
  async tabTo(target: Locator) {
    for (let i = 0; i < 12; i += 1) {
      if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
      await this.press('Tab');
    }
    await expect(target).toBeFocused();
  }
}

test('an appointment for an existing patient is booked from the keyboard alone, in few key presses', async ({ page, request }) => {
  // A doctor with a free slot on one of the next days (the demo week has days off and leave).
  const headers = await signInStaff(request, 'admin@hospital.demo');
  const { data: doctors } = (await (await request.get('/api/doctors?active=true', { headers })).json()) as { data: { id: string; name: string }[] };
  let choice: { name: string; date: string } | undefined;
  for (let days = 1; days < 8 && !choice; days += 1) {
    for (const candidate of doctors) {
      const date = organisationDay(days);
      const { slots } = (await (await request.get(`/api/doctors/${candidate.id}/slots?date=${date}`, { headers })).json()) as { slots: { remaining: number }[] };
      if (slots.some((slot) => slot.remaining > 0)) {
        choice = { name: candidate.name, date };
        break;
      }
    }
  }
  if (!choice) throw new Error('no doctor has a free slot in the next week');

  await signInAs(page, 'admin@hospital.demo', '/appointments');
  await expect(page.getByRole('button', { name: 'New appointment', exact: true })).toBeVisible();
  const keys = new Keys(page);

  await keys.press('n');
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  const search = dialog.getByRole('combobox', { name: 'Find patient' });
  await expect(search).toBeFocused();
  await keys.type('a');
  await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await keys.press('Enter');
  await expect(dialog.getByLabel('Chosen patient')).toBeVisible();

  const doctor = dialog.getByRole('combobox', { name: 'Doctor' });
  await keys.tabTo(doctor);
  // A few letters of the name, past 'Dr. ', narrow the list to that doctor.
  await keys.type(choice.name.replace(/^Dr\.?\s*/, '').slice(0, 10));
  await expect(page.getByRole('option', { name: new RegExp(choice.name) })).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(doctor).toHaveValue(new RegExp(choice.name.replace(/^Dr\.?\s*/, '').slice(0, 10)));

  const [year, month, day] = choice.date.split('-');
  const date = dialog.getByLabel('Date', { exact: true });
  await keys.tabTo(date);
  await keys.press('Control+A');
  await keys.type(`${day}/${month}/${year}`);

  const slots = dialog.getByRole('group', { name: 'Free slots' });
  await expect(slots.getByRole('button').first()).toBeVisible();
  await keys.tabTo(slots);
  await keys.press('Enter');
  await expect(slots.getByRole('button', { pressed: true })).toHaveCount(1);

  await keys.tabTo(dialog.getByRole('button', { name: /^Book/ }));
  await keys.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Appointment booked' })).toBeVisible();
  console.log(`booked in ${keys.count} key presses`);
  expect(keys.count).toBeLessThanOrEqual(40);
});
