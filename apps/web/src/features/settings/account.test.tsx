import { STORAGE_KEYS, WRONG_CURRENT_PASSWORD_MESSAGE } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { recording } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { account, badRequest, restoreApi, session, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

const here = session(1, { current: true });
const phone = session(2, { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', ip: '198.51.100.4' });

async function openAccount(routes: Parameters<typeof withApi>[0] = {}) {
  const signedIn = makeUser('HOSPITAL', 'WORKER');
  storeSession(signedIn);
  const api = withApi({ 'GET /account/sessions': { data: { data: [here, phone] } }, 'POST /auth/logout': { status: 204 }, ...routes });
  const view = renderApp('/account');
  await screen.findByRole('list', { name: 'Active sessions' }, slow);
  await screen.findByRole('textbox', { name: /^Name/ });
  return { ...view, api, signedIn, user: userEvent.setup() };
}

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });
const input = (form: HTMLElement, label: string) => within(form).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('My account', () => {
  it('lists the sessions with device, IP and This device', async () => {
    await openAccount();
    const items = within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('203.0.113.7');
    expect(items[0]).toHaveTextContent('Signed in 01 Mar 2026');
    expect(items[1]).toHaveTextContent('Safari on iOS');
    expect(items[1]).not.toHaveTextContent('This device');
  });

  it('changes the password and can sign out the other sessions', async () => {
    const change = recording(() => ({ status: 204 }));
    const { user } = await openAccount({ 'POST /account/password': change.route });
    const form = passwordForm();
    await user.type(input(form, 'Current password'), 'Demo@12345');
    await user.type(input(form, 'New password'), 'Another@2026');
    await user.type(input(form, 'Confirm new password'), 'Another@2026');
    await user.click(within(form).getByRole('checkbox', { name: 'Sign out of all other sessions' }));
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(change.seen).toHaveLength(1));
    expect(change.seen[0]!.body).toEqual({ currentPassword: 'Demo@12345', newPassword: 'Another@2026', signOutOtherSessions: true });
    await waitFor(() => expect(input(form, 'Current password')).toHaveValue(''));
  });

  it('checks the confirmation, and shows a wrong current password under its field', async () => {
    const { user } = await openAccount({ 'POST /account/password': badRequest('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE) });
    const form = passwordForm();
    await user.type(input(form, 'Current password'), 'wrong-one1');
    await user.type(input(form, 'New password'), 'Another@2026');
    await user.type(input(form, 'Confirm new password'), 'Another@2027');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(input(form, 'Confirm new password'));
    await user.type(input(form, 'Confirm new password'), 'Another@2026');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    const message = await within(form).findByText(WRONG_CURRENT_PASSWORD_MESSAGE, { selector: 'p' });
    expect(message.id).toBe(input(form, 'Current password').getAttribute('aria-describedby'));
  });

  it('ends another session', async () => {
    const ended = recording(() => ({ status: 204 }));
    const { user } = await openAccount({ [`DELETE /account/sessions/${phone.id}`]: ended.route });
    await user.click(screen.getByRole('button', { name: 'End session on Safari on iOS' }));
    const confirm = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(confirm).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(ended.seen).toHaveLength(1));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-token');
  });

  it('ending this device signs out here', async () => {
    const ended = recording(() => ({ status: 204 }));
    const { user, router } = await openAccount({ [`DELETE /account/sessions/${here.id}`]: ended.route });
    await user.click(screen.getByRole('button', { name: 'End session on Chrome on Windows (this device)' }));
    const confirm = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(confirm).toHaveTextContent('you will be signed out here');
    await user.click(within(confirm).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), slow);
    expect(ended.seen).toHaveLength(1);
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('saves name and phone, then reloads the stored user for the header', async () => {
    const { api, signedIn, user } = await openAccount({
      'PATCH /account': (body) => ({ data: { ...account(), ...(body as object) } }),
      'GET /me': () => ({ data: { ...signedIn, name: 'Asha R. Rao' } }),
    });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Asha R. Rao');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).name).toBe('Asha R. Rao'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Asha R. Rao', phone: '+919876543210', avatarUrl: null });
  });
});
