import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpRequestConfig } from '@/lib/http';
import { headerRoutes, installFakeApi, type FakeReply, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { doctorPage, makeDoctor } from '@/test/doctor-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

/** A route that remembers the query params of every call. */
function recording(reply: (params: Record<string, unknown>) => FakeReply) {
  const seen: Record<string, unknown>[] = [];
  const route = (_body: unknown, config: HttpRequestConfig) => {
    const params = { ...(config.params as Record<string, unknown>) };
    seen.push(params);
    return reply(params);
  };
  return { seen, route };
}

describe('the doctors list', () => {
  it('shows the doctors in a grid and opens one on click', async () => {
    const doctor = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology', consultationFeePaise: 80_000 });
    withApi({ 'GET /doctors': { data: doctorPage([doctor, makeDoctor()]) } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor');
    const grid = await screen.findByRole('grid', { name: 'Doctors' }, slow);
    const cell = await within(grid).findByText('Dr. Arjun Nair');
    expect(within(grid).getByText('₹800.00')).toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: /Facility/ })).not.toBeInTheDocument();
    await userEvent.click(cell);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${doctor.id}`));
  });

  it('sends the search to the API after the debounce, back on page 1, and keeps it in the URL', async () => {
    const list = recording(() => ({ data: doctorPage([makeDoctor()], 60) }));
    withApi({ 'GET /doctors': list.route });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor?page=2');
    await screen.findByRole('grid', { name: 'Doctors' }, slow);
    expect(list.seen.at(-1)).toMatchObject({ page: 2, pageSize: 25, sort: 'name', order: 'asc' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'meera');
    await waitFor(() => expect(list.seen.at(-1)).toMatchObject({ search: 'meera', page: 1 }));
    expect(list.seen.filter((params) => typeof params.search === 'string')).toHaveLength(1);
    expect(router.state.location.search).toBe('?search=meera');
  });

  it('sorts and pages on the server', async () => {
    const list = recording(() => ({ data: doctorPage([makeDoctor()], 60) }));
    withApi({ 'GET /doctors': list.route });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor');
    const grid = await screen.findByRole('grid', { name: 'Doctors' }, slow);
    await userEvent.click(within(grid).getByRole('columnheader', { name: /Fee/ }));
    await waitFor(() => expect(list.seen.at(-1)).toMatchObject({ sort: 'consultationFee', order: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(list.seen.at(-1)).toMatchObject({ sort: 'consultationFee', page: 2 }));
  });

  it('filters by specialization and status', async () => {
    const list = recording(() => ({ data: doctorPage([makeDoctor()]) }));
    withApi({ 'GET /doctors': list.route });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor');
    await screen.findByRole('grid', { name: 'Doctors' }, slow);
    await userEvent.click(screen.getByRole('combobox', { name: 'Specialization' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dermatology' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(list.seen.at(-1)).toMatchObject({ specialization: 'Dermatology', active: 'false' }));
  });

  it('invites the first doctor when there are none', async () => {
    withApi({ 'GET /doctors': { data: doctorPage([]) } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor');
    await userEvent.click(await screen.findByRole('link', { name: 'Add your first doctor' }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor/new'));
  });

  it("says 'No matches' with 'Clear filters' when the filters hide every doctor", async () => {
    const list = recording((params) => ({ data: doctorPage(params.active ? [] : [makeDoctor({ name: 'Dr. Kiran Rao' })]) }));
    withApi({ 'GET /doctors': list.route });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor?active=false');
    expect(await screen.findByText('No matches', {}, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Dr. Kiran Rao')).toBeInTheDocument();
  });

  it('exports the CSV of the current filters', async () => {
    const exported = recording(() => ({ data: 'name\nDr. A\n', headers: { 'content-disposition': 'attachment; filename="doctors.csv"' } }));
    withApi({ 'GET /doctors': { data: doctorPage([makeDoctor()]) }, 'GET /doctors/export.csv': exported.route });
    URL.createObjectURL = () => 'blob:doctors';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/doctor?specialization=ENT&search=ra&page=3');
    await screen.findByRole('grid', { name: 'Doctors' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported.seen).toHaveLength(1));
    expect(exported.seen[0]).toEqual({ search: 'ra', specialization: 'ENT', sort: 'name', order: 'asc' });
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('doctors.csv');
    click.mockRestore();
  });

  it('shows and filters by facility for a multi-hospital organisation', async () => {
    const facility = { id: '30000000-0000-4000-8000-000000000001', name: 'City Campus', address: null, phone: null, createdAt: '2026-01-01T00:00:00.000Z' };
    const list = recording(() => ({ data: doctorPage([makeDoctor({ facilityId: facility.id, facilityName: 'City Campus' })]) }));
    withApi({ 'GET /doctors': list.route, 'GET /facilities': { data: { data: [facility] } } });
    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
    renderApp('/doctor');
    const grid = await screen.findByRole('grid', { name: 'Doctors' }, slow);
    expect(await within(grid).findByText('City Campus')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Facility' }));
    await userEvent.click(await screen.findByRole('option', { name: 'City Campus' }));
    await waitFor(() => expect(list.seen.at(-1)).toMatchObject({ facilityId: facility.id }));
  });
});
