import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { page } from '@/test/visit-fixtures';

const expiresAt = () => new Date(Date.now() + 86_400_000).toISOString();
const visitsRoutes = {
  'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
  'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
};

async function signInWithCode() {
  await userEvent.type(await screen.findByLabelText('Mobile number'), '98765 43210');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await userEvent.type(await screen.findByLabelText('Code from the text message'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the language kept on the patient’s account', () => {
  it('opens in the account’s language after signing in on a new phone', async () => {
    const { calls } = fakeApi({
      'POST /patient/auth/otp': () => ({ status: 202, body: { expiresInSeconds: 600 } }),
      'POST /patient/auth/verify': () => ({ status: 200, body: { accessToken: 'token-1', expiresAt: expiresAt(), account: { id: 'a1', phone: '+919876543210', language: 'kn' } } }),
      ...visitsRoutes,
    });
    await renderApp('/p/sign-in');
    await signInWithCode();

    // The first test of the file waits for the lazy My visits page to load.
    expect(await screen.findByRole('heading', { level: 1, name: 'ನನ್ನ ಭೇಟಿಗಳು' }, { timeout: 8000 })).toBeVisible();
    expect(document.documentElement.lang).toBe('kn');
    expect(screen.getByRole('button', { name: 'ಕನ್ನಡ' })).toHaveAttribute('aria-pressed', 'true');
    // Taking the account's language is not a new choice to save.
    expect(calls.some((call) => call.path === '/patient/account')).toBe(false);
  });

  it('gives an account that never chose the language chosen on this phone before signing in', async () => {
    const { calls } = fakeApi({
      'POST /patient/auth/otp': () => ({ status: 202, body: { expiresInSeconds: 600 } }),
      'POST /patient/auth/verify': () => ({ status: 200, body: { accessToken: 'token-1', expiresAt: expiresAt(), account: { id: 'a1', phone: '+919876543210', language: null } } }),
      'PATCH /patient/account': (call) => ({ status: 200, body: { id: 'a1', phone: '+919876543210', ...(call.body as object) } }),
      ...visitsRoutes,
    });
    await renderApp('/p/sign-in', 'ta');
    await userEvent.type(await screen.findByLabelText('மொபைல் எண்'), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'குறியீட்டை அனுப்பு' }));
    await userEvent.type(await screen.findByLabelText('SMS-ல் வந்த குறியீடு'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'உள்நுழைக' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'என் வருகைகள்' })).toBeVisible();
    expect(calls.find((call) => call.path === '/patient/account')).toMatchObject({ method: 'PATCH', body: { language: 'ta' }, authorization: 'Bearer token-1' });
  });

  it('saves a signed-in patient’s choice on their account, and only the phone’s when signed out', async () => {
    const { calls } = fakeApi({
      'PATCH /patient/account': (call) => ({ status: 200, body: { id: 'a1', phone: '+919876543210', ...(call.body as object) } }),
      ...visitsRoutes,
    });
    await renderApp('/p/');
    await userEvent.click(await screen.findByRole('button', { name: 'ಕನ್ನಡ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ನಿಮ್ಮ ಆಸ್ಪತ್ರೆ ಭೇಟಿಗಳು, ನಿಮ್ಮ ಫೋನ್‌ನಲ್ಲೇ' })).toBeVisible();
    expect(calls).toHaveLength(0);

    signedIn();
    await userEvent.click(screen.getByRole('button', { name: 'தமிழ்' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'உங்கள் மருத்துவமனை வருகைகள், உங்கள் ஃபோனிலேயே' })).toBeVisible();
    await expect
      .poll(() => calls.filter((call) => call.path === '/patient/account'))
      .toEqual([expect.objectContaining({ method: 'PATCH', body: { language: 'ta' }, authorization: expect.stringMatching(/^Bearer /) })]);
  });

  it('keeps the phone’s choice when the account cannot be reached', async () => {
    fakeApi({ 'PATCH /patient/account': () => ({ status: 503, body: { message: 'Unavailable' } }), ...visitsRoutes });
    signedIn();
    await renderApp('/p/');
    await userEvent.click(await screen.findByRole('button', { name: 'தமிழ்' }));
    expect(await screen.findByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('caredesk.patient.language')).toBe('ta');
  });
});
