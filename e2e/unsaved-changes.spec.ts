import { clickAddDoctor, expect, sidebar, signInAs, test } from './support/fixtures.ts';

// The console's router has no useBlocker (issue #18 moved it to the declarative router): its
// history asks the form's guard, and back/forward are undone and redone in the real browser.
test('a form with unsaved changes asks before a link, the back button and closing the tab, and lets go on Discard', async ({ page }) => {
  await signInAs(page, 'admin@hospital.demo', '/doctor');
  await clickAddDoctor(page);
  await expect(page).toHaveURL((url) => url.pathname === '/doctor/new');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Dr. Half Typed');

  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await sidebar(page).getByRole('link', { name: 'Patients' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/doctor/new');

  // Back is undone while the dialog asks: the address bar stays on the form.
  await page.goBack();
  await expect(discard).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/doctor/new');
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(name).toHaveValue('Dr. Half Typed');

  const beforeUnload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const prompt = await beforeUnload;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.goBack();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/doctor');
  await expect(name).toHaveCount(0);
});
