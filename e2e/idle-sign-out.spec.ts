import { expect, readStorage, signInAs, test } from './support/fixtures.ts';

const ADMIN = 'admin@hospital.demo';
const WARNING = 'Are you still there?';

// The demo hospital keeps the default idle time: 30 minutes, the warning one minute before.
// The pages' clocks are Playwright's fake clock, moved by hand; the server's is real.
test('an idle console warns a minute before the 30 minutes and signs out; work in another tab counts for both', async ({ context }) => {
  const desk = await context.newPage();
  const other = await context.newPage();
  await context.clock.install();
  await signInAs(desk, ADMIN);
  await other.goto('/appointments');
  await expect(other.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();

  await context.clock.fastForward('20:00');
  // Someone works in the other tab; the desk's tab hears of it.
  await other.mouse.move(200, 200);
  await other.mouse.move(220, 240);
  await other.keyboard.press('Shift');

  // 29:30 after sign-in, but only 9:30 after that work: no warning anywhere.
  await context.clock.fastForward('09:30');
  await expect(desk.getByRole('dialog', { name: WARNING })).toHaveCount(0);
  await expect(other.getByRole('dialog', { name: WARNING })).toHaveCount(0);

  // 29 minutes after the last activity: both tabs warn, counting down.
  await context.clock.fastForward('19:30');
  const warning = desk.getByRole('dialog', { name: WARNING });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('timer')).toHaveText(/You will be signed out in \d+ seconds/);
  await expect(other.getByRole('dialog', { name: WARNING })).toBeVisible();

  // 'Stay signed in' is activity too: the warning goes in both tabs.
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect(other.getByRole('dialog', { name: WARNING })).toBeHidden();

  // Nobody touches anything for 30 minutes: signed out through Logout, session gone.
  await context.clock.fastForward('29:00');
  await expect(desk.getByRole('dialog', { name: WARNING })).toBeVisible();
  await context.clock.fastForward('01:00');
  await expect(desk).toHaveURL(/\/sign-in$/);
  await expect(other).toHaveURL(/\/sign-in$/);
  expect(await readStorage(desk)).toMatchObject({ accessToken: null, refreshToken: null, user: null });
});
