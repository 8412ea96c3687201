import type { OrganisationType, StaffRole } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { restoreApi, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

const linksOn = async () => {
  const section = await screen.findByRole('heading', { name: 'Your account' }, slow);
  expect(section).toBeInTheDocument();
  return (
    within(screen.getByRole('main'))
      .getAllByRole('link')
      // Named by its content (title, then description): the title is its heading.
      .map((link) => [link.querySelector('h3')?.textContent, link.getAttribute('href')])
  );
};

describe('the settings hub', () => {
  it('gives a multi-hospital admin every settings page', async () => {
    withApi({});
    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
    renderApp('/settings');
    expect(await linksOn()).toEqual([
      ['Organisation', '/settings/organisation'],
      ['Staff', '/settings/staff'],
      ['Facilities', '/settings/facilities'],
      ['Messages', '/settings/messages'],
      ['Online booking', '/settings/online-booking'],
      ['Billing', '/settings/billing'],
      ['Audit log', '/settings/audit'],
      ['My account', '/account'],
    ]);
  });

  it('leaves Facilities out for a single hospital', async () => {
    withApi({});
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/settings');
    expect((await linksOn()).map(([name]) => name)).toEqual(['Organisation', 'Staff', 'Messages', 'Online booking', 'Billing', 'Audit log', 'My account']);
  });

  it.each<[OrganisationType]>([['SCAN'], ['MULTIHOSPITAL']])('shows a %s worker only My account', async (type) => {
    withApi({});
    storeSession(makeUser(type, 'WORKER'));
    renderApp('/settings');
    expect(await linksOn()).toEqual([['My account', '/account']]);
  });

  it.each<[string, OrganisationType, StaffRole]>([
    ['/settings/organisation', 'SCAN', 'WORKER'],
    ['/settings/staff', 'MULTIHOSPITAL', 'WORKER'],
  ])('sends a worker from %s back to the hub', async (path, type, role) => {
    const api = withApi({});
    storeSession(makeUser(type, role));
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'), slow);
    expect(api.calls.some((call) => call.url === '/staff' || call.url === '/settings/organisation')).toBe(false);
  });

  it('lets a hospital worker, whose menu has no Settings, open My account', async () => {
    withApi({ 'GET /account/sessions': { data: { data: [] } } });
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'My account', level: 1 }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});
