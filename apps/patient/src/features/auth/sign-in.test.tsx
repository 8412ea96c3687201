import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { page } from '@/test/visit-fixtures';

const session = { accessToken: 'token-1', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), account: { id: 'a1', phone: '+919876543210' } };

describe('signing in with a texted code', () => {
  it('refuses a number that is not a 10-digit mobile, without calling the server', async () => {
    const { calls } = fakeApi({});
    await renderApp('/p/sign-in');
    const phone = await screen.findByLabelText('Mobile number');
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your 10-digit mobile number.')).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/Enter your 10-digit mobile number/);
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s refusal of a code under the field', async () => {
    fakeApi({
      'POST /patient/auth/otp': () => ({ status: 202, body: { expiresInSeconds: 600 } }),
      'POST /patient/auth/verify': () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Incorrect code. 4 attempts left.', issues: [{ path: 'code', message: 'Incorrect code. 4 attempts left.' }] },
      }),
    });
    await renderApp('/p/sign-in');
    await userEvent.type(await screen.findByLabelText('Mobile number'), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 98765 43210.')).toBeVisible();
    const code = screen.getByLabelText('Code from the text message');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect code. 4 attempts left.')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s limit on codes sent to a phone, and waits as long as it says before a resend', async () => {
    fakeApi({
      'POST /patient/auth/otp': () => ({
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts. Try again later.' },
        headers: { 'retry-after': '600' },
      }),
    });
    await renderApp('/p/sign-in');
    await userEvent.type(await screen.findByLabelText('Mobile number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many attempts. Try again later.')).toBeVisible();
  });

  it('signs in with the right code, keeps the token and opens My visits; sign out forgets it', async () => {
    const { calls } = fakeApi({
      'POST /patient/auth/otp': () => ({ status: 202, body: { expiresInSeconds: 600 } }),
      'POST /patient/auth/verify': () => ({ status: 200, body: session }),
      'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      'POST /patient/auth/logout': () => ({ status: 204 }),
    });
    await renderApp('/p/sign-in');
    await userEvent.type(await screen.findByLabelText('Mobile number'), '+91 98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend code in \d+ seconds/ })).toBeDisabled();
    await userEvent.type(await screen.findByLabelText('Code from the text message'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'My visits', level: 1 })).toBeVisible();
    expect(window.location.pathname).toBe('/p/visits');
    expect(calls.find((call) => call.path === '/patient/auth/verify')?.body).toEqual({ phone: '+919876543210', code: '123456' });
    expect(calls.find((call) => call.path === '/patient/appointments')?.authorization).toBe('Bearer token-1');
    expect(JSON.parse(localStorage.getItem('caredesk.patient.session')!)).toMatchObject({ accessToken: 'token-1', phone: '+919876543210' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
    expect(localStorage.getItem('caredesk.patient.session')).toBeNull();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/patient/auth/logout', authorization: 'Bearer token-1' });
  });
});
