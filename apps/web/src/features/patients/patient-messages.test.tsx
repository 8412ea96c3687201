import type { OrganisationType, StaffRole } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fDateTime } from '@/lib/format';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makeMessage } from '@/test/message-fixtures';
import { makePatient } from '@/test/patient-fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const slow = { timeout: 15_000 };
const emptyPage = { data: { data: [], total: 0, page: 1, pageSize: 50 } };

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': emptyPage, 'GET /bookings': emptyPage, 'POST /patients/matches': { data: { data: [] } }, ...routes });
  restore = api.restore;
  return api;
}

async function openPatient(
  patient = makePatient({ name: 'Lakshmi Narayan' }),
  routes: Record<string, FakeRoute> = {},
  type: OrganisationType = 'HOSPITAL',
  role: StaffRole = 'ADMIN',
) {
  withApi({ [`GET /patients/${patient.id}`]: { data: patient }, ...routes });
  storeSession(makeUser(type, role));
  const view = renderApp(`/user/${patient.id}?tab=messages`);
  await screen.findByRole('heading', { name: patient.name, level: 1 }, slow);
  return { ...view, user: userEvent.setup() };
}

const details = () => screen.getByRole('heading', { name: 'Details' }).closest('.MuiCard-root') as HTMLElement;

describe("a patient's messages", () => {
  it('lists what the patient was sent, newest first, with a way to the full log', async () => {
    const patient = makePatient({ name: 'Lakshmi Narayan' });
    const reminder = makeMessage({ patientId: patient.id, event: 'reminder', offsetMinutes: 120, channel: 'WHATSAPP', status: 'READ', sentAt: '2026-11-24T02:00:00.000Z' });
    const booked = makeMessage({ patientId: patient.id });
    const messages = recording(() => ({ data: { ...page([reminder, booked]), pageSize: 10 } }));
    await openPatient(patient, { 'GET /messages': messages.route });
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Messages to this patient' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Reminder (2 hours before) · WhatsApp');
    expect(items[0]).toHaveTextContent(fDateTime('2026-11-24T02:00:00.000Z'));
    expect(items[0]).toHaveTextContent('Read');
    expect(items[1]).toHaveTextContent(booked.text);
    expect(messages.seen[0]?.params).toEqual({ patientId: patient.id, page: 1, pageSize: 10 });
    expect(screen.getByRole('link', { name: 'Open in the message log' })).toHaveAttribute('href', `/settings/messages/log?patientId=${patient.id}`);
  });

  it('offers no way to the log where the menu has no Settings (a hospital worker)', async () => {
    await openPatient(undefined, { 'GET /messages': { data: page([makeMessage()]) } }, 'HOSPITAL', 'WORKER');
    await screen.findByRole('list', { name: 'Messages to this patient' });
    expect(screen.queryByRole('link', { name: 'Open in the message log' })).not.toBeInTheDocument();
  });

  it('shows whether the patient agrees to messages, who recorded it and when, and the language', async () => {
    await openPatient(makePatient({ messageConsentBy: 'Asha Admin', messageConsentAt: '2026-01-05T10:00:00.000Z', messageLanguage: 'hi' }), {
      'GET /messages': { data: page([]) },
    });
    expect(within(details()).getByText('Agrees to WhatsApp and SMS changed by Asha Admin on 05 Jan 2026')).toBeInTheDocument();
    expect(within(details()).getByText('हिन्दी (Hindi)')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('says when a patient has withdrawn consent, and the organisation default language', async () => {
    await openPatient(makePatient({ messageConsent: false, messageConsentBy: 'Patient: STOP by WhatsApp', messageConsentAt: '2026-02-01T08:00:00.000Z' }), {
      'GET /messages': { data: page([]) },
    });
    expect(within(details()).getByText('Does not agree to WhatsApp and SMS changed by Patient: STOP by WhatsApp on 01 Feb 2026')).toBeInTheDocument();
    expect(within(details()).getByText('Organisation default')).toBeInTheDocument();
  });
});

describe('the patient form asks for consent to messages', () => {
  it('sends the consent ticked and the language chosen', async () => {
    const patient = makePatient({ name: 'Suresh Menon', messageConsent: false, messageConsentAt: null, messageConsentBy: null });
    const patches = recording((_params, body) => ({ data: { ...patient, ...(body as object) } }));
    withApi({ [`GET /patients/${patient.id}`]: { data: patient }, [`PATCH /patients/${patient.id}`]: patches.route, 'GET /messages': { data: page([]) } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/user/${patient.id}/edit`);
    const user = userEvent.setup();
    const consent = await screen.findByRole('checkbox', { name: 'Agrees to messages by WhatsApp and SMS' }, slow);
    expect(consent).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Message language' })).toHaveTextContent('Organisation default');
    await user.click(consent);
    await user.click(screen.getByRole('combobox', { name: 'Message language' }));
    await user.click(await screen.findByRole('option', { name: 'हिन्दी (Hindi)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${patient.id}`));
    expect(patches.seen[0]?.body).toMatchObject({ messageConsent: true, messageLanguage: 'hi' });
  });

  it("starts a new patient's box unticked; ticked, it is sent with the default language", async () => {
    const created = makePatient({ name: 'Anita Desai' });
    const posts = recording(() => ({ status: 201, data: created }));
    withApi({ 'POST /patients': posts.route, [`GET /patients/${created.id}`]: { data: created }, 'GET /messages': { data: page([]) } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/user/new');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Name/ }, slow), 'Anita Desai');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '9876543210');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const consent = screen.getByRole('checkbox', { name: 'Agrees to messages by WhatsApp and SMS' });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${created.id}`));
    expect(posts.seen[0]?.body).toMatchObject({ messageConsent: true, messageLanguage: null });
  });
});
