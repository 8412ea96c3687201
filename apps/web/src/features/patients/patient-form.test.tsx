import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makePatient } from '@/test/patient-fixtures';
import { patientSummaryOf, verhoeffCheckDigit } from '@caredesk/shared';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const noMatches: FakeRoute = { data: { data: [] } };

async function openNewPatientForm(routes: Record<string, FakeRoute> = {}) {
  const api = withApi({ 'POST /patients/matches': noMatches, ...routes });
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const view = renderApp('/user/new');
  await screen.findByRole('heading', { name: 'Add patient', level: 1 }, slow);
  return { ...view, api, user: userEvent.setup() };
}

// India's tomorrow: past every zone's today at the pinned instant (at 00:05 IST UTC's tomorrow is India's today).
const tomorrow = () => daysAt(MID_MORNING.at).day(1);

describe('the patient form', () => {
  pinClock(MID_MORNING.at);

  it('marks every missing required field and sends nothing', async () => {
    const { api, user } = await openNewPatientForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the patient’s name')).toBeInTheDocument();
    expect(screen.getByText('Choose a gender')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses a malformed phone number and a date of birth in the future', async () => {
    const { api, user } = await openNewPatientForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Anita Desai');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '12345');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: tomorrow() } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter a valid phone number/)).toBeInTheDocument();
    expect(screen.getByText('Date of birth cannot be in the future')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the age computed from the date of birth', async () => {
    await openNewPatientForm();
    const tenYearsAgo = new Date();
    tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
    tenYearsAgo.setDate(tenYearsAgo.getDate() - 1);
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: tenYearsAgo.toISOString().slice(0, 10) } });
    expect(await screen.findByText('Age 10 years')).toBeInTheDocument();
  });

  it('warns that the number belongs to another patient, links to them, and still saves with the number normalised', async () => {
    const sibling = makePatient({ name: 'Meena Kumar' });
    const created = makePatient({ name: 'Anita Kumar', gender: 'FEMALE' });
    const matches = recording(() => ({ data: { data: [patientSummaryOf(sibling)] } }));
    const posts = recording(() => ({ status: 201, data: created }));
    const { router, user } = await openNewPatientForm({
      'POST /patients/matches': matches.route,
      'POST /patients': posts.route,
      [`GET /patients/${created.id}`]: { data: created },
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Anita Kumar ');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '098765 43210');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'Anita@Example.test');

    const warning = await screen.findByText(/This number is also used by/);
    expect(within(warning).getByRole('link', { name: 'Meena Kumar' })).toHaveAttribute('href', `/user/${sibling.id}`);
    expect(matches.seen.at(-1)?.body).toEqual({ phone: '+919876543210' });
    expect(matches.seen.at(-1)?.params).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${created.id}`));
    expect(posts.seen).toHaveLength(1);
    expect(posts.seen[0]?.body).toEqual({
      name: 'Anita Kumar',
      phone: '+919876543210',
      email: 'anita@example.test',
      gender: 'FEMALE',
      dateOfBirth: null,
      ageYears: null,
      bloodGroup: null,
      address: null,
      notes: null,
      abhaNumber: null,
      abhaAddress: null,
      messageConsent: false,
      messageLanguage: null,
    });
  });

  it('takes an age in years instead of a date of birth, and an ABHA number and address checked before sending', async () => {
    const created = makePatient({ name: 'Ramesh Yadav' });
    const posts = recording(() => ({ status: 201, data: created }));
    const { router, user } = await openNewPatientForm({ 'POST /patients': posts.route, [`GET /patients/${created.id}`]: { data: created } });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ramesh Yadav');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '9876501234');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Age in years' }), '52');
    // One or the other: with an age, the date of birth waits.
    expect(screen.getByLabelText('Date of birth')).toBeDisabled();
    const body = '9112345678901';
    const abha = screen.getByRole('textbox', { name: 'ABHA number' });
    await user.type(abha, `91-1234-5678-901${(Number(verhoeffCheckDigit(body)) + 1) % 10}`);
    await user.type(screen.getByRole('textbox', { name: 'ABHA address' }), 'ramesh@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid ABHA number: check the digits')).toBeInTheDocument();
    expect(screen.getByText(/Use an ABHA address like/)).toBeInTheDocument();
    expect(posts.seen).toHaveLength(0);

    await user.clear(abha);
    await user.type(abha, `91-1234-5678-901${verhoeffCheckDigit(body)}`);
    const address = screen.getByRole('textbox', { name: 'ABHA address' });
    await user.clear(address);
    await user.type(address, 'Ramesh.Yadav@abdm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${created.id}`));
    expect(posts.seen[0]?.body).toMatchObject({ dateOfBirth: null, ageYears: 52, abhaNumber: body + verhoeffCheckDigit(body), abhaAddress: 'ramesh.yadav@abdm' });
  });

  it('puts the server’s field errors on the fields and its message in a toast', async () => {
    const { user } = await openNewPatientForm({
      'POST /patients': {
        status: 400,
        data: { statusCode: 400, error: 'Bad Request', message: 'Check the highlighted fields', issues: [{ path: 'email', message: 'This e-mail is not deliverable' }] },
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Anita Desai');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '9876543210');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'anita@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This e-mail is not deliverable')).toBeInTheDocument();
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('edits a patient: fields filled in, own number not a match, PATCH of the form, back to the view', async () => {
    const patient = makePatient({ name: 'Suresh Menon', email: 'suresh@example.test', address: '12 MG Road' });
    const matches = recording(() => ({ data: { data: [] } }));
    const patches = recording((_, body) => ({ data: { ...patient, ...(body as object) } }));
    withApi({
      [`GET /patients/${patient.id}`]: { data: patient },
      [`PATCH /patients/${patient.id}`]: patches.route,
      'POST /patients/matches': matches.route,
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/user/${patient.id}/edit`);
    const name = await screen.findByRole('textbox', { name: /Name/ }, slow);
    expect(name).toHaveValue('Suresh Menon');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: /Address/ }));
    await waitFor(() => expect(matches.seen.at(-1)?.body).toEqual({ phone: '+919876543210', excludeId: patient.id }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${patient.id}`));
    expect(patches.seen[0]?.body).toMatchObject({ name: 'Suresh Menon', address: null, email: 'suresh@example.test' });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = await openNewPatientForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Half typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/user/new');
  });

  it('says so for an unknown patient id', async () => {
    withApi({});
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/user/not-a-real-id/edit');
    expect(await screen.findByRole('heading', { name: 'Patient not found' }, slow)).toBeInTheDocument();
  });
});
