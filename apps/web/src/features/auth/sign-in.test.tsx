import { SIGN_IN_FAILED_MESSAGE, STORAGE_KEYS } from '@caredesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withSignIn(route: FakeRoute) {
  const api = installFakeApi({ ...headerRoutes(), 'POST /admin/auth': route });
  restore = api.restore;
  return api;
}

async function openSignIn() {
  const view = renderApp('/sign-in');
  await screen.findByRole('heading', { name: 'Sign in' }, slow);
  return view;
}

describe('the sign-in page', () => {
  it('shows field errors and sends nothing when the form is incomplete', async () => {
    const api = withSignIn({ status: 500 });
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.url === '/admin/auth')).toHaveLength(0);
  });

  it('focuses the first field in error, and checks a field again as it is corrected', async () => {
    withSignIn({ status: 500 });
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    await user.type(screen.getByLabelText('Email address'), 'admin@hospital.demo');
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address')).toBeNull());
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'false');
  });

  it("shows the server's field errors of a 400 on their fields", async () => {
    withSignIn({ status: 400, data: { statusCode: 400, message: 'Check the e-mail address', issues: [{ path: 'email', message: 'Unknown domain' }] } });
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'admin@hospital.demo');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the e-mail address');
    expect(screen.getByText('Unknown domain')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's message when the credentials are wrong", async () => {
    withSignIn({ status: 401, data: { statusCode: 401, error: 'Unauthorized', message: SIGN_IN_FAILED_MESSAGE } });
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'admin@hospital.demo');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('tells how long to wait after too many attempts', async () => {
    withSignIn({ status: 429, headers: { 'retry-after': '30' }, data: { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' } });
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'admin@hospital.demo');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 30 seconds.');
  });

  it('tells the wait in minutes when it is longer than a minute', async () => {
    withSignIn({
      status: 429,
      headers: { 'retry-after': '840' },
      data: { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts. Try again in 14 minutes.' },
    });
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'admin@hospital.demo');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 14 minutes.');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('toggles password visibility', async () => {
    withSignIn({ status: 500 });
    await openSignIn();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('is busy while pending, then stores the session and opens the home of the account', async () => {
    const worker = makeUser('HOSPITAL', 'WORKER');
    let release: () => void = () => undefined;
    const api = withSignIn(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ data: { user: worker, access_token: 'a-1', refresh_token: 'r-1' } });
        }),
    );
    const { router } = await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), '  Worker@Hospital.demo ');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const button = await screen.findByRole('button', { name: /Sign in/ });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(api.calls.find((call) => call.url === '/admin/auth')?.body).toEqual({ email: 'worker@hospital.demo', password: 'Demo@12345' });

    release();
    expect(await screen.findByRole('heading', { name: 'Appointments', level: 1 }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appointments');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(worker);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r-1');
  });

  it('links to creating an organisation', async () => {
    withSignIn({ status: 500 });
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Create an organisation' })).toHaveAttribute('href', '/new');
  });
});
