import type { OnlineBookingSettings } from '@caredesk/shared';
import type { FakeReply } from '@/test/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { embedSnippet } from './components/booking-page-links';
import { profile, restoreApi, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

const settings: OnlineBookingSettings = {
  slug: 'sunrise-hospital',
  enabled: false,
  horizonDays: 30,
  cutoffMinutes: 60,
  requireConfirmation: false,
  waitlistHoldMinutes: 30,
  waitlistLeadMinutes: 15,
  doctors: [
    { id: '90000000-0000-4000-8000-000000000001', name: 'Dr. Meera Joshi', specialization: 'Cardiology', onlineBooking: true },
    { id: '90000000-0000-4000-8000-000000000002', name: 'Dr. Nitin Gokhale', specialization: 'Orthopaedics', onlineBooking: false },
  ],
  services: [{ id: '90000000-0000-4000-8000-000000000003', name: 'MRI Brain', kind: 'SCAN', category: 'MRI', onlineBooking: true }],
};

const taken: FakeReply = {
  status: 409,
  data: {
    statusCode: 409,
    error: 'Conflict',
    message: 'This address is already used by another organisation',
    issues: [{ path: 'slug', message: 'This address is already used by another organisation' }],
  },
};

async function openOnlineBooking(routes: Parameters<typeof withApi>[0] = {}) {
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
  const api = withApi({
    'GET /settings/online-booking': { data: settings },
    'PATCH /settings/online-booking': (body) => ({ data: { ...settings, ...(body as object) } }),
    'GET /settings/organisation': { data: profile },
    ...routes,
  });
  renderApp('/settings/online-booking');
  await screen.findByRole('heading', { name: 'Your booking page' }, slow);
  return { api, user: userEvent.setup() };
}

describe('Settings > Online booking', () => {
  it('shows the page’s full address and copies it', async () => {
    const { user } = await openOnlineBooking();
    const url = `${window.location.origin}/p/sunrise-hospital`;
    expect(screen.getByText(url)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('changes the address through the organisation’s slug, and shows a taken one under the field', async () => {
    let answer: FakeReply = taken;
    const { api, user } = await openOnlineBooking({ 'PATCH /settings/organisation': () => answer });
    const field = screen.getByRole('textbox', { name: 'Page address' });
    await user.clear(field);
    await user.type(field, 'Not OK');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(/lowercase letters, digits and single hyphens/i)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(field);
    await user.type(field, 'lotus-diagnostics');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('This address is already used by another organisation')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ slug: 'lotus-diagnostics' });

    answer = { data: { ...profile, slug: 'sunrise-care' } };
    await user.clear(field);
    await user.type(field, 'sunrise-care');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PATCH' && call.url.endsWith('/settings/organisation'))).toHaveLength(2));
  });

  it('turns online booking on with its horizon and cut-off, refusing values out of range', async () => {
    const { api, user } = await openOnlineBooking();
    await user.click(screen.getByRole('switch', { name: 'Patients can book online' }));
    const horizon = screen.getByRole('spinbutton', { name: 'How far ahead patients may book (days)' });
    await user.clear(horizon);
    await user.type(horizon, '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 180 days')).toBeInTheDocument();
    await user.clear(horizon);
    await user.type(horizon, '14');
    const cutoff = screen.getByRole('spinbutton', { name: 'Close online booking before a slot (minutes)' });
    await user.clear(cutoff);
    await user.type(cutoff, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        enabled: true,
        horizonDays: 14,
        cutoffMinutes: 0,
        requireConfirmation: false,
        waitlistHoldMinutes: 30,
        waitlistLeadMinutes: 15,
      }),
    );
  });

  it('sets how long a freed place is held for the waitlist and how close to its start it is still offered', async () => {
    const { api, user } = await openOnlineBooking();
    const hold = screen.getByRole('spinbutton', { name: 'Hold a freed place for the patient (minutes)' });
    expect(hold).toHaveValue(30);
    await user.clear(hold);
    await user.type(hold, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hold a place at least 5 minutes')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.clear(hold);
    await user.type(hold, '45');
    const lead = screen.getByRole('spinbutton', { name: 'Offer no place starting within (minutes)' });
    await user.clear(lead);
    await user.type(lead, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        enabled: false,
        horizonDays: 30,
        cutoffMinutes: 60,
        requireConfirmation: false,
        waitlistHoldMinutes: 45,
        waitlistLeadMinutes: 20,
      }),
    );
  });

  it('asks for the desk’s confirmation of online bookings', async () => {
    const { api, user } = await openOnlineBooking();
    const confirmation = screen.getByRole('switch', { name: 'The desk confirms each online booking' });
    expect(confirmation).not.toBeChecked();
    expect(confirmation).toHaveAccessibleDescription(/wait under ‘Awaiting confirmation’/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(confirmation);
    expect(confirmation).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        enabled: false,
        horizonDays: 30,
        cutoffMinutes: 60,
        requireConfirmation: true,
        waitlistHoldMinutes: 30,
        waitlistLeadMinutes: 15,
      }),
    );
  });

  it('switches a doctor or a scan on or off at once', async () => {
    const { api, user } = await openOnlineBooking();
    const meera = screen.getByRole('switch', { name: 'Dr. Meera Joshi takes online bookings' });
    expect(meera).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Dr. Nitin Gokhale takes online bookings' })).not.toBeChecked();
    await user.click(meera);
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ doctors: [{ id: settings.doctors[0]!.id, onlineBooking: false }] }));
    const scans = screen.getByRole('region', { name: 'Scans and tests' });
    await user.click(within(scans).getByRole('switch', { name: 'MRI Brain takes online bookings' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ services: [{ id: settings.services[0]!.id, onlineBooking: false }] }));
  });

  it('gives the code that shows the booking page on the hospital’s own website, and copies it', async () => {
    const { user } = await openOnlineBooking();
    const code = screen.getByRole('textbox', { name: 'Code for your website' });
    const expected = `<iframe src="${window.location.origin}/p/sunrise-hospital?embed=1" title="Book an appointment at Sunrise Hospital" width="100%" height="720" style="border:0" loading="lazy"></iframe>`;
    expect(code).toHaveValue(expected);
    expect(code).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(expected);
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
  });

  it('offers the reception poster only while online booking is on', async () => {
    await openOnlineBooking();
    expect(screen.queryByRole('link', { name: 'Print poster' })).not.toBeInTheDocument();
    expect(screen.getByText('Turn on online booking below to print a poster for the reception.')).toBeInTheDocument();
    restoreApi();

    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
    withApi({ 'GET /settings/online-booking': { data: { ...settings, enabled: true } }, 'GET /settings/organisation': { data: profile } });
    renderApp('/settings/online-booking');
    expect(await screen.findByRole('link', { name: 'Print poster' }, slow)).toHaveAttribute('href', '/settings/online-booking/poster');
  });

  it('sends a worker back to the settings hub', async () => {
    withApi({});
    storeSession(makeUser('MULTIHOSPITAL', 'WORKER'));
    renderApp('/settings/online-booking');
    expect(await screen.findByRole('heading', { name: 'Your account' }, slow)).toBeInTheDocument();
  });
});

describe('the embed code', () => {
  it('keeps a name with an ampersand or quotes inside its title attribute', () => {
    const snippet = embedSnippet({ origin: 'https://care.example.in', slug: 'lotus', name: 'Lotus "Diagnostics" & Imaging' });
    expect(snippet).toContain('src="https://care.example.in/p/lotus?embed=1"');
    expect(snippet).toContain('title="Book an appointment at Lotus &quot;Diagnostics&quot; &amp; Imaging"');
    const frame = new DOMParser().parseFromString(snippet, 'text/html').querySelector('iframe');
    expect(frame?.title).toBe('Book an appointment at Lotus "Diagnostics" & Imaging');
    expect(frame?.getAttribute('height')).toBe('720');
  });
});
