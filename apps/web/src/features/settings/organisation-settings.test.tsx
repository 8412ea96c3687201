import { STORAGE_KEYS } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { badRequest, profile, restoreApi, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

async function openOrganisation(routes: Parameters<typeof withApi>[0] = {}) {
  const admin = makeUser('HOSPITAL', 'ADMIN');
  storeSession(admin);
  const api = withApi({ 'GET /settings/organisation': { data: profile }, ...routes });
  const view = renderApp('/settings/organisation');
  await screen.findByRole('textbox', { name: /^Name/ }, slow);
  return { ...view, api, admin, user: userEvent.setup() };
}

describe('Settings > Organisation', () => {
  it("fills in the organisation's details, time zone and idle sign-out", async () => {
    await openOrganisation();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Sunrise Hospital');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('desk@sunrise.example.test');
    expect(screen.getByRole('textbox', { name: /PIN code/ })).toHaveValue('411001');
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Asia/Kolkata');
    expect(screen.getByRole('spinbutton', { name: /Sign out after inactivity \(minutes\)/ })).toHaveValue(30);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('picks a time zone by typing part of it, the list filtered by what was typed, and saves it', async () => {
    const { api, user } = await openOrganisation({ 'PATCH /settings/organisation': (body) => ({ data: { ...profile, ...(body as object) } }) });
    const first = screen.getByRole('combobox', { name: /Time zone/ });
    // The plain field shown until the first focus has the autocomplete's 'Open' button too (the takeover: form-autocomplete.test.tsx).
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    await user.click(first);
    await user.keyboard('{Control>}a{/Control}Dubai');
    // The autocomplete loads on the field's first focus and takes over what was typed: the list is filtered by it.
    const option = await screen.findByRole('option', { name: 'Asia/Dubai' }, slow);
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Dubai');
    expect(screen.queryByRole('option', { name: 'Asia/Kolkata' })).not.toBeInTheDocument();
    await user.click(option);
    const box = screen.getByRole('combobox', { name: /Time zone/ });
    expect(box).toHaveValue('Asia/Dubai');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ timeZone: 'Asia/Dubai' }));
  });

  it('saves the changes, then reloads the stored user so the header shows the new logo', async () => {
    const { api, admin, user } = await openOrganisation({
      'PATCH /settings/organisation': (body) => ({ data: { ...profile, ...(body as object) } }),
      'POST /admin/upload': {
        status: 201,
        data: {
          id: '80000000-0000-4000-8000-000000000001',
          url: '/uploads/logo.png',
          name: 'logo.png',
          mimeType: 'image/png',
          size: 68,
          visibility: 'public',
          createdAt: '2026-03-01T00:00:00.000Z',
        },
      },
      'GET /me': () => ({ data: { ...admin, admin: { ...admin.admin, logoUrl: '/uploads/logo.png' } } }),
    });
    const minutes = screen.getByRole('spinbutton', { name: /Sign out after inactivity/ });
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.upload(screen.getByLabelText('Upload logo'), new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/uploads/logo.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).admin.logoUrl).toBe('/uploads/logo.png'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Sunrise Hospital',
      email: 'desk@sunrise.example.test',
      phone: '+912012345678',
      logoUrl: '/uploads/logo.png',
      address: '1 Hospital Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      timeZone: 'Asia/Kolkata',
      inactivityMinutes: 15,
      uhidPrefix: 'SUN-',
    });
    // The sidebar's logo area (SPEC.md §1) follows the stored user without a reload.
    const sidebar = screen.getByRole('complementary');
    expect(await within(sidebar).findByRole('img', { name: 'Sunrise Hospital' })).toHaveAttribute('src', '/uploads/logo.png');
  });

  it('removes the logo (sent as null) and clears blank fields to null', async () => {
    const { api, user } = await openOrganisation({
      'GET /settings/organisation': { data: { ...profile, logoUrl: '/uploads/old.png' } },
      'PATCH /settings/organisation': (body) => ({ data: { ...profile, ...(body as object) } }),
      'GET /me': { data: makeUser('HOSPITAL', 'ADMIN') },
    });
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await user.clear(screen.getByRole('textbox', { name: /City/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')).toBeDefined());
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ logoUrl: null, city: null });
  });

  it('sets the UHID prefix in capitals, and refuses one that is not letters, digits, - or /', async () => {
    const { api, user } = await openOrganisation({
      'PATCH /settings/organisation': (body) => ({ data: { ...profile, ...(body as object) } }),
      'GET /me': { data: makeUser('HOSPITAL', 'ADMIN') },
    });
    const prefix = screen.getByRole('textbox', { name: /UHID prefix/ });
    expect(prefix).toHaveValue('SUN-');
    await user.clear(prefix);
    await user.type(prefix, 'sun hosp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use 1–10 letters, digits, - or /, starting with a letter')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(prefix);
    await user.type(prefix, 'srh/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ uhidPrefix: 'SRH/' }));
  });

  it('checks the idle minutes and PIN code before sending', async () => {
    const { api, user } = await openOrganisation();
    const minutes = screen.getByRole('spinbutton', { name: /Sign out after inactivity/ });
    await user.clear(minutes);
    await user.type(minutes, '600');
    const pin = screen.getByRole('textbox', { name: /PIN code/ });
    await user.clear(pin);
    await user.type(pin, '4110');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 480 minutes')).toBeInTheDocument();
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("shows the server's error under the field it names", async () => {
    const { user } = await openOrganisation({ 'PATCH /settings/organisation': badRequest('email', 'This e-mail is used by another organisation') });
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = await screen.findByText('This e-mail is used by another organisation', { selector: 'p' });
    expect(field.id).toBe(email.getAttribute('aria-describedby'));
  });
});
