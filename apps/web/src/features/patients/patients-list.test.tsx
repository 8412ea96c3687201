import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makePatient, patientPage } from '@/test/patient-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

describe('the patients list', () => {
  it('lists patients with phone, gender, age, blood group and registration date', async () => {
    const ravi = makePatient({ name: 'Ravi Shankar', dateOfBirth: null, bloodGroup: null, createdAt: '2026-03-09T06:00:00.000Z' });
    withApi({ 'GET /patients': { data: patientPage([ravi]) } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/user');
    const grid = await screen.findByRole('grid', { name: 'Patients' }, slow);
    const row = (await within(grid).findByText('Ravi Shankar')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(row).getByText('Male')).toBeInTheDocument();
    expect(within(row).getAllByText('-')).toHaveLength(2);
    expect(within(row).getByText('09 Mar 2026')).toBeInTheDocument();
    await userEvent.click(within(row).getByText('Ravi Shankar'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${ravi.id}`));
  });

  it('sends the search, gender and age band to the API', async () => {
    const list = recording(() => ({ data: patientPage([makePatient()], 40) }));
    withApi({ 'GET /patients': list.route });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/user');
    await screen.findByRole('grid', { name: 'Patients' }, slow);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '98765');
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ search: '98765', page: 1 }));

    await user.click(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(await screen.findByRole('option', { name: 'Female' }));
    await user.click(screen.getByRole('combobox', { name: 'Age' }));
    await user.click(await screen.findByRole('option', { name: '41-60 years' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ search: '98765', gender: 'FEMALE', ageBand: '41-60' }));
    expect(new URLSearchParams(router.state.location.search).get('ageBand')).toBe('41-60');
  });

  it('exports the current filter as CSV', async () => {
    const exports = recording(() => ({ data: 'name,phone\n', headers: { 'content-disposition': 'attachment; filename="patients.csv"' } }));
    withApi({ 'GET /patients': { data: patientPage([makePatient()]) }, 'GET /patients/export.csv': exports.route });
    URL.createObjectURL = vi.fn(() => 'blob:patients');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/user?gender=MALE&page=2');
    await screen.findByRole('grid', { name: 'Patients' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports.seen).toHaveLength(1));
    expect(exports.seen[0]?.params).toEqual({ gender: 'MALE', sort: 'name', order: 'asc' });
  });

  it("is titled 'Users' with 'Add user' for a scan worker, with an empty state to start from", async () => {
    withApi({ 'GET /patients': { data: patientPage([]) } });
    storeSession(makeUser('SCAN', 'WORKER'));
    renderApp('/user');
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 }, slow)).toBeInTheDocument();
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first user' })).toHaveAttribute('href', '/user/new');
  });
});
