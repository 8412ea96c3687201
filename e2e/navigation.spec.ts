import { expect, sidebar, signInAs, test } from './support/fixtures.ts';

interface Account {
  who: string;
  email: string;
  /** SPEC.md §2 "Sidebar menus by account", written out here so a wrong shared table is caught. */
  menu: ReadonlyArray<readonly [title: string, path: string]>;
}

const accounts: Account[] = [
  {
    who: 'a hospital admin',
    email: 'admin@hospital.demo',
    menu: [
      ['Dashboard', '/'],
      ['Doctors', '/doctor'],
      ['Appointments', '/appointments'],
      ['Other Services', '/service'],
      ['Patients', '/user'],
      ['Chats', '/chats'],
      ['Settings', '/settings'],
    ],
  },
  {
    who: 'a hospital worker',
    email: 'worker@hospital.demo',
    menu: [
      ['Appointments', '/appointments'],
      ['Doctors', '/doctor'],
      ['Patients', '/user'],
      ['Other Services', '/service'],
    ],
  },
  {
    who: 'a scan centre admin',
    email: 'admin@scan.demo',
    menu: [
      ['Dashboard', '/'],
      ['Services', '/scan'],
      ['Other Services', '/service'],
      ['Bookings', '/bookings'],
      ['Patients', '/user'],
      ['Chats', '/chats'],
      ['Settings', '/settings'],
    ],
  },
  {
    who: 'a scan centre worker',
    email: 'worker@scan.demo',
    menu: [
      ['Dashboard', '/'],
      ['Scans & Tests', '/scan'],
      ['Other Services', '/service'],
      ['Bookings', '/bookings'],
      ['Users', '/user'],
      ['Chats', '/chats'],
      ['Settings', '/settings'],
    ],
  },
  {
    who: 'a multi-hospital admin',
    email: 'admin@multi.demo',
    menu: [
      ['Dashboard', '/'],
      ['Doctors', '/doctor'],
      ['Appointments', '/appointments'],
      ['Scans', '/scan'],
      ['Other Services', '/service'],
      ['Bookings', '/bookings'],
      ['Patients', '/user'],
      ['Chats', '/chats'],
      ['Settings', '/settings'],
    ],
  },
  {
    who: 'a multi-hospital worker',
    email: 'worker@multi.demo',
    menu: [
      ['Dashboard', '/'],
      ['Doctors', '/doctor'],
      ['Appointments', '/appointments'],
      ['Scans & Tests', '/scan'],
      ['Other Services', '/service'],
      ['Bookings', '/bookings'],
      ['Users', '/user'],
      ['Chats', '/chats'],
      ['Settings', '/settings'],
    ],
  },
];

test.describe('the sidebar follows the account type and role', () => {
  for (const account of accounts) {
    const titles = account.menu.map(([title]) => title);

    test(`${account.who} sees exactly ${titles.join(', ')} in that order`, async ({ page }) => {
      await signInAs(page, account.email);
      const nav = sidebar(page);
      await expect(nav).toBeVisible();
      // toHaveText with a list checks every link, their count and their order.
      await expect(nav.getByRole('link')).toHaveText(titles);
      for (const [title, path] of account.menu) {
        await expect(nav.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', path);
      }
    });

    test(`${account.who} sees the entry of the current page highlighted`, async ({ page }) => {
      await signInAs(page, account.email);
      const nav = sidebar(page);
      // After sign-in the console shows the first entry of the menu.
      const [firstTitle, firstPath] = account.menu[0] ?? ['', ''];
      await expect(page).toHaveURL((url) => url.pathname === firstPath);
      await expect(nav.locator('[aria-current="page"]')).toHaveText([firstTitle]);

      // Choosing another entry moves the highlight with the path.
      const [lastTitle, lastPath] = account.menu.at(-1) ?? ['', ''];
      await nav.getByRole('link', { name: lastTitle, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === lastPath);
      await expect(nav.locator('[aria-current="page"]')).toHaveText([lastTitle]);
    });
  }
});

test('a hospital worker opening / or /settings lands on /appointments, the first entry of its menu', async ({ page }) => {
  await signInAs(page, 'worker@hospital.demo');
  for (const outside of ['/', '/settings', '/chats']) {
    await page.goto(outside);
    await expect(page).toHaveURL((url) => url.pathname === '/appointments');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(['Appointments']);
  }
});
