import { INVITATION_INVALID_MESSAGE, STORAGE_KEYS } from '@caredesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { recording } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { restoreApi, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

const invitation = { name: 'Ravi Kumar', email: 'ravi@sunrise.example.test', organisationName: 'Sunrise Hospital', expiresAt: '2026-03-04T09:00:00.000Z' };
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('accepting an invitation', () => {
  it('says whom it is for, sets the password and signs in like the sign-in page', async () => {
    const worker = makeUser('HOSPITAL', 'WORKER', { name: 'Ravi Kumar', email: 'ravi@sunrise.example.test' });
    const accept = recording(() => ({ data: { user: worker, access_token: 'new-access', refresh_token: 'new-refresh' } }));
    withApi({ 'GET /invitations/tok-1': { data: invitation }, 'POST /invitations/tok-1/accept': accept.route });
    const { router } = renderApp('/invite/tok-1');
    expect(await screen.findByRole('heading', { name: 'Join Sunrise Hospital', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Ravi Kumar/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ravi@sunrise.example.test');
    const user = userEvent.setup();
    await user.type(field('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    await user.clear(field('New password'));
    await user.type(field('New password'), 'Ravi@Sunrise2026');
    await user.type(field('Confirm password'), 'Ravi@Sunrise2026');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    // A hospital worker's home is the first entry of its menu.
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'), slow);
    expect(accept.seen[0]!.body).toEqual({ password: 'Ravi@Sunrise2026' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).email).toBe('ravi@sunrise.example.test');
  });

  it('explains an unknown, used or expired link and links to sign-in', async () => {
    withApi({ 'GET /invitations/gone': { status: 404, data: { statusCode: 404, error: 'Not Found', message: INVITATION_INVALID_MESSAGE } } });
    renderApp('/invite/gone');
    expect(await screen.findByRole('heading', { name: 'Invitation not valid' }, slow)).toBeInTheDocument();
    expect(screen.getByText(INVITATION_INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('turns to the same message when the link stops working before the password is set', async () => {
    withApi({
      'GET /invitations/tok-2': { data: invitation },
      'POST /invitations/tok-2/accept': { status: 404, data: { statusCode: 404, error: 'Not Found', message: INVITATION_INVALID_MESSAGE } },
    });
    renderApp('/invite/tok-2');
    await screen.findByRole('heading', { name: 'Join Sunrise Hospital' }, slow);
    const user = userEvent.setup();
    await user.type(field('New password'), 'Ravi@Sunrise2026');
    await user.type(field('Confirm password'), 'Ravi@Sunrise2026');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Invitation not valid' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});
