import { EMAIL_TAKEN_MESSAGE, STORAGE_KEYS, organisationTypes } from '@caredesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, slow } from '@/test/render-app';
import { t } from './i18n';
import { PHONE, TEMP_TOKEN, fillDetails, onboardingApi, signedUp, verifiedAtDetails } from './onboarding-test-helpers';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(...args: Parameters<typeof onboardingApi>) {
  const api = onboardingApi(...args);
  restore = api.restore;
  return api;
}

describe('onboarding at /new', () => {
  it('moves from the phone to the code, shows a wrong code under the field, and keeps the number on Change number', async () => {
    const api = withApi();
    renderApp('/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile number', {}, slow), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect code. 4 attempts left.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(STORAGE_KEYS.tempAccessToken)).toBeNull();
    expect(api.calls.find((call) => call.url === '/auth/login')?.body).toEqual({ phone: PHONE, otp: '999999' });

    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('refuses a code that is not 6 digits without calling the server', async () => {
    const api = withApi();
    renderApp('/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile number', {}, slow), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/auth/login')).toBe(false);
  });

  it('creates the organisation with the temporary token, signs the admin in as sign-in does and opens the dashboard', async () => {
    const api = withApi();
    const user = userEvent.setup();
    const { router } = await verifiedAtDetails(user);

    expect(screen.getAllByRole('radio')).toHaveLength(organisationTypes.length);
    expect(screen.getByRole('radio', { name: /Hospital or clinic/ })).toBeChecked();
    await fillDetails(user);
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    const call = api.calls.find((c) => c.url === '/onboarding');
    expect(call?.authorization).toBe(`Bearer ${TEMP_TOKEN}`);
    expect(call?.body).toEqual({
      organisation: { name: 'Sunrise Scans', type: 'SCAN', email: 'desk@sunrise.example.test', address: '12 MG Road' },
      admin: { name: 'Priya Nair', email: 'priya@sunrise.example.test', password: 'Sunrise-2024!' },
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(signedUp.user);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    expect(localStorage.getItem(STORAGE_KEYS.tempAccessToken)).toBeNull();
    expect(api.calls.some((c) => c.url === '/admin/upload')).toBe(false);
  });

  it('checks the confirmation and names every missing field before sending', async () => {
    const api = withApi();
    const user = userEvent.setup();
    await verifiedAtDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Enter the organisation name')).toBeInTheDocument();
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    await fillDetails(user, { confirm: 'Something-else1' });
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/onboarding')).toBe(false);
  });

  it('shows a registered e-mail under the admin e-mail, and keeps every answer through Change number', async () => {
    withApi({
      'POST /onboarding': {
        status: 409,
        data: { statusCode: 409, error: 'Conflict', message: EMAIL_TAKEN_MESSAGE, issues: [{ path: 'admin.email', message: EMAIL_TAKEN_MESSAGE }] },
      },
    });
    const user = userEvent.setup();
    await verifiedAtDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText(EMAIL_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(localStorage.getItem(STORAGE_KEYS.tempAccessToken)).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Organisation name')).toHaveValue('Sunrise Scans');
    expect(screen.getByRole('radio', { name: /Scan and test centre/ })).toBeChecked();
    expect(screen.getByLabelText('Your e-mail')).toHaveValue('priya@sunrise.example.test');
  });

  it('goes back to the phone when the verification has expired', async () => {
    const message = 'Your phone verification has expired. Verify your phone again.';
    withApi({ 'POST /onboarding': { status: 401, data: { statusCode: 401, error: 'Unauthorized', message } } });
    const user = userEvent.setup();
    const { router } = await verifiedAtDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(localStorage.getItem(STORAGE_KEYS.tempAccessToken)).toBeNull();
    expect(router.state.location.pathname).toBe('/new');
  });

  it('uploads the chosen logo with the new token and saves it on the organisation', async () => {
    const api = withApi({
      'POST /admin/upload': {
        status: 201,
        data: {
          id: '00000000-0000-4000-8000-00000000a001',
          name: 'logo.png',
          mimeType: 'image/png',
          size: 4,
          visibility: 'public',
          url: '/uploads/logo.png',
          createdAt: '2030-01-01T00:00:00.000Z',
        },
      },
      'PATCH /settings/organisation': { data: {} },
    });
    const user = userEvent.setup();
    const { router } = await verifiedAtDetails(user);
    await user.upload(screen.getByLabelText('Logo (optional)'), new File(['logo'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    expect(api.calls.find((call) => call.url === '/admin/upload')?.authorization).toBe('Bearer new-access');
    expect(api.calls.find((call) => call.url === '/settings/organisation')?.body).toEqual({ logoUrl: '/uploads/logo.png' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).admin.logoUrl).toBe('/uploads/logo.png');
  });

  it('still opens the dashboard when the logo fails, with a warning that it can be added in Settings', async () => {
    withApi({ 'POST /admin/upload': { status: 500, data: { message: 'Storage is down' } } });
    const user = userEvent.setup();
    const { router } = await verifiedAtDetails(user);
    await user.upload(screen.getByLabelText('Logo (optional)'), new File(['logo'], 'logo.png', { type: 'image/png' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText(t('onboarding.details.logoNotSaved'), {}, slow)).toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
  });

  it('refuses a logo that is not an image before anything is sent', async () => {
    withApi();
    const user = userEvent.setup({ applyAccept: false });
    await verifiedAtDetails(user);
    await user.upload(screen.getByLabelText('Logo (optional)'), new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull();
  });
});
