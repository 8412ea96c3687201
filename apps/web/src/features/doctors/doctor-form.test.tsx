import { screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeDoctor } from '@/test/doctor-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

async function fillRequired(fee = '450.50') {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }, slow), 'Dr. Kavya Menon');
  await userEvent.type(screen.getByRole('combobox', { name: 'Specialization' }), 'Cardiology');
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Consultation fee' }), fee);
}

describe('the add doctor form', () => {
  it('shows inline errors and sends nothing while required fields are missing', async () => {
    const api = withApi({});
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, slow));
    expect(await screen.findByText('Enter the doctor’s name')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Consultation fee' })).toHaveAccessibleDescription('Enter the amount in rupees');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps every keystroke typed into Specialization and filters its list by them', async () => {
    withApi({});
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor/new');
    const first = await screen.findByRole('combobox', { name: 'Specialization' }, slow);
    expect(first).toBeRequired();
    // Keys go where the focus is, as in a browser: into the plain field, or the autocomplete once it
    // took over (components/records/form-autocomplete.test.tsx covers the takeover itself).
    const user = userEvent.setup();
    await user.click(first);
    await user.keyboard('Cardio');
    const option = await screen.findByRole('option', { name: 'Cardiology' }, slow);
    expect(screen.queryByRole('option', { name: 'Dermatology' })).not.toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Specialization' });
    expect(box).toHaveValue('Cardio');
    expect(box).toHaveFocus();
    await user.click(option);
    expect(box).toHaveValue('Cardiology');
  });

  it('posts the fee in paise with the schedule, then opens the new doctor', async () => {
    const created = makeDoctor({ name: 'Dr. Kavya Menon' });
    const api = withApi({
      'POST /doctors': { status: 201, data: created },
      [`GET /doctors/${created.id}`]: { data: created },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor/new');
    await fillRequired('450.50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '98765 43210');
    await userEvent.type(screen.getByRole('textbox', { name: 'Token prefix' }), 'a');
    const room = screen.getByRole('textbox', { name: 'Room' });
    expect(room).toHaveAccessibleDescription('Where patients go when called, e.g. Room 12, 2nd floor');
    await userEvent.type(room, ' Room 12, 2nd floor ');
    await userEvent.click(screen.getByRole('button', { name: 'Add window for Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${created.id}`));
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Dr. Kavya Menon',
      specialization: 'Cardiology',
      consultationFeePaise: 45050,
      phone: '+919876543210',
      tokenPrefix: 'A',
      room: 'Room 12, 2nd floor',
      email: null,
      experienceYears: null,
      slotMinutes: 15,
      patientsPerSlot: 1,
      availability: [{ weekday: 1, start: '09:00', end: '13:00' }],
      leaveDates: [],
      active: true,
    });
    // A hospital has one facility, never shown nor sent.
    expect(post?.body).not.toHaveProperty('facilityId');
    expect(post?.body).not.toHaveProperty('consultationFee');
  });

  it("puts the server's field errors on the right inputs and its message in a toast", async () => {
    withApi({
      'POST /doctors': {
        status: 400,
        data: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Check the highlighted fields',
          issues: [
            { path: 'availability.0.start', message: 'Outside the facility hours' },
            { path: 'consultationFeePaise', message: 'Fee too high for this plan' },
          ],
        },
      },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor/new');
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add window for Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(screen.getByLabelText('Monday window 1 start')).toHaveAccessibleDescription('Outside the facility hours');
    expect(screen.getByRole('spinbutton', { name: 'Consultation fee' })).toHaveAccessibleDescription('Fee too high for this plan');
  });

  it('shows a 409 in a toast and stays on the form', async () => {
    withApi({ 'POST /doctors': { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'A doctor with this phone already exists' } } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor/new');
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A doctor with this phone already exists')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doctor/new');
  });

  it('asks before leaving with unsaved changes', async () => {
    withApi({ 'GET /doctors': { data: { data: [], total: 0, page: 1, pageSize: 25 } } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }, slow), 'Dr. A');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitForElementToBeRemoved(dialog);
    expect(router.state.location.pathname).toBe('/doctor/new');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });

  it('asks before going back with unsaved changes, and has the browser ask before closing the tab', async () => {
    withApi({ 'GET /doctors': { data: { data: [], total: 0, page: 1, pageSize: 25 } } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor');
    await router.navigate('/doctor/new');
    const closeTab = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(closeTab()).toBe(true);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }, slow), 'Dr. A');
    expect(closeTab()).toBe(false);

    await router.go(-1);
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(router.state.location.pathname).toBe('/doctor/new');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitForElementToBeRemoved(dialog);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Dr. A');

    await router.go(-1);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
    // The form's page unmounts once the list has rendered in its place.
    await waitFor(() => expect(closeTab()).toBe(true));
  });
});

describe('the edit doctor form', () => {
  it('loads the doctor, keeps Save disabled until something changes, and patches', async () => {
    const doctor = makeDoctor({ name: 'Dr. Ravi Shah', consultationFeePaise: 70_000, leaveDates: ['2030-01-02'] });
    const api = withApi({
      [`GET /doctors/${doctor.id}`]: { data: doctor },
      [`PATCH /doctors/${doctor.id}`]: (body) => ({ data: { ...doctor, ...(body as object) } }),
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/doctor/${doctor.id}/edit`);
    const fee = await screen.findByRole('spinbutton', { name: 'Consultation fee' }, slow);
    expect(fee).toHaveValue(700);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(fee);
    await userEvent.type(fee, '750');
    await userEvent.click(screen.getByRole('img', { name: 'Remove leave on 02 Jan 2030' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${doctor.id}`));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ consultationFeePaise: 75_000, leaveDates: [] });
  });

  it('shows the room and clears it with null', async () => {
    const doctor = makeDoctor({ name: 'Dr. Ravi Shah', room: 'OPD 3' });
    const api = withApi({
      [`GET /doctors/${doctor.id}`]: { data: doctor },
      [`PATCH /doctors/${doctor.id}`]: (body) => ({ data: { ...doctor, ...(body as object) } }),
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/doctor/${doctor.id}/edit`);
    const room = await screen.findByRole('textbox', { name: 'Room' }, slow);
    expect(room).toHaveValue('OPD 3');
    await userEvent.clear(room);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${doctor.id}`));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ room: null });
  });
});
