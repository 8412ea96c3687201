import { screen, waitFor } from '@testing-library/react';
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

const FIELD = 'Extra patients a day beyond the slots';

describe("the doctor's extras a day on the schedule form", () => {
  it('an admin sets them next to the patients per slot; they are patched as a number', async () => {
    const doctor = makeDoctor({ name: 'Dr. Ravi Shah' });
    const api = withApi({
      [`GET /doctors/${doctor.id}`]: { data: doctor },
      [`PATCH /doctors/${doctor.id}`]: (body) => ({ data: { ...doctor, ...(body as object) } }),
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/doctor/${doctor.id}/edit`);
    const field = await screen.findByRole('spinbutton', { name: FIELD }, slow);
    expect(field).toHaveValue(0);
    expect(field).toBeEnabled();
    expect(field).toHaveAccessibleDescription('Booked only as extras: ‘Book as extra’ on a full slot, or a walk-in to a full day. 0 for none.');
    await userEvent.clear(field);
    await userEvent.type(field, '51');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The shared schema's limit, on the field, and nothing sent.
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${doctor.id}`));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ extraPerDay: 3 });
  });

  it('a worker sees them, cannot change them, and saves the form with them as they are', async () => {
    const doctor = makeDoctor({ name: 'Dr. Ravi Shah', extraPerDay: 2, room: null });
    const api = withApi({
      [`GET /doctors/${doctor.id}`]: { data: doctor },
      [`PATCH /doctors/${doctor.id}`]: (body) => ({ data: { ...doctor, ...(body as object) } }),
    });
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    const { router } = renderApp(`/doctor/${doctor.id}/edit`);
    const field = await screen.findByRole('spinbutton', { name: FIELD }, slow);
    expect(field).toHaveValue(2);
    expect(field).toBeDisabled();
    expect(field).toHaveAccessibleDescription('Set by an administrator');
    await userEvent.type(screen.getByRole('textbox', { name: 'Room' }), 'OPD 3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${doctor.id}`));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ room: 'OPD 3', extraPerDay: 2 });
  });
});
