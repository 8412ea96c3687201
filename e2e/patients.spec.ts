import { DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';

test('a hospital worker adds a patient and finds them again by a few digits of the phone number', async ({ page }) => {
  const digits = String(Date.now()).slice(-6);
  const phone = `98${digits}11`;
  const name = `Ananya Kulkarni ${uniqueSuffix()}`;
  await signInAs(page, 'worker@hospital.demo', '/user');
  await page
    .getByRole('link', { name: 'Add patient' })
    .or(page.getByRole('button', { name: 'Add patient' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/new$/);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
  await page.getByRole('radio', { name: 'Female' }).or(page.getByLabel('Female')).first().check();
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(
    page
      .getByText(`+91${phone}`)
      .or(page.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`))
      .first(),
  ).toBeVisible();

  await page.goto('/user');
  await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).or(page.getByRole('main').getByLabel('Search')).first().fill(digits);
  await expect(page.getByText(name).first()).toBeVisible();
});

test('a patient of another organisation is not found: the view shows the not-found state', async ({ page, request }) => {
  // A real patient id of the scan centre, read through its own admin's session.
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@scan.demo', password: DEMO_PASSWORD } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const list = await request.get('/api/patients?pageSize=1', { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await list.json()) as { data: { id: string; name: string }[] };
  const other = data[0]!;

  await signInAs(page, 'admin@hospital.demo', `/user/${other.id}`);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expect(page.getByText(other.name)).toHaveCount(0);
});

test("the patient list pages with MUI's button names, the browser's hint and no tooltip", async ({ page }) => {
  await signInAs(page, 'worker@hospital.demo', '/user');
  const previous = page.getByRole('button', { name: 'Go to previous page' });
  const next = page.getByRole('button', { name: 'Go to next page' });
  await expect(previous).toBeDisabled();
  await expect(next).toHaveAttribute('title', 'Go to next page');
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();

  await next.hover();
  await next.click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByText(/^26–50 of \d+$/)).toBeVisible();
  await expect(previous).toBeEnabled();
  // The hint is the title: no MUI Tooltip (nor its Popper chunk) on the list.
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  // Previous became disabled under focus: focus moved on to Next.
  await expect(next).toBeFocused();
});
