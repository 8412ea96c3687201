import { STORAGE_KEYS, type SignInResponse } from '@caredesk/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

export const PHONE = '+919876543210';
export const TEMP_TOKEN = 'temp-token';

export const signedUp: SignInResponse = {
  user: makeUser('SCAN', 'ADMIN', { name: 'Priya Nair', email: 'priya@sunrise.example.test' }),
  access_token: 'new-access',
  refresh_token: 'new-refresh',
};

/** The three onboarding calls answering success, plus whatever a test overrides. */
export function onboardingApi(overrides: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    ...headerRoutes(),
    'POST /sms/user': { data: { expiresInSeconds: 600 } },
    'POST /auth/login': (body) =>
      (body as { otp: string }).otp === '123456'
        ? { data: { tempAccessToken: TEMP_TOKEN, expiresInSeconds: 3600 } }
        : {
            status: 401,
            data: { statusCode: 401, error: 'Unauthorized', message: 'Incorrect code. 4 attempts left.', issues: [{ path: 'otp', message: 'Incorrect code. 4 attempts left.' }] },
          },
    'POST /onboarding': { status: 201, data: signedUp },
    ...overrides,
  });
}

/** Opens /new and verifies the phone with the right code: the page is at step 3. */
export async function verifiedAtDetails(user: UserEvent) {
  const view = renderApp('/new');
  await user.type(await screen.findByLabelText('Mobile number', {}, slow), '98765 43210');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByLabelText('Organisation name');
  expect(localStorage.getItem(STORAGE_KEYS.tempAccessToken)).toBe(TEMP_TOKEN);
  return view;
}

export async function fillDetails(user: UserEvent, overrides: { adminEmail?: string; confirm?: string } = {}) {
  await user.type(screen.getByLabelText('Organisation name'), 'Sunrise Scans');
  await user.click(screen.getByRole('radio', { name: /Scan and test centre/ }));
  await user.type(screen.getByLabelText('Organisation e-mail'), 'desk@sunrise.example.test');
  await user.type(screen.getByLabelText('Address (optional)'), '12 MG Road');
  await user.type(screen.getByLabelText('Your name'), 'Priya Nair');
  await user.type(screen.getByLabelText('Your e-mail'), overrides.adminEmail ?? 'priya@sunrise.example.test');
  await user.type(screen.getByLabelText('Password'), 'Sunrise-2024!');
  await user.type(screen.getByLabelText('Confirm password'), overrides.confirm ?? 'Sunrise-2024!');
}
