import type { SearchResult } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.doUnmock('./header-search-box');
});

function withApi(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const ravi: SearchResult = {
  kind: 'patient',
  id: '20000000-0000-4000-8000-000000000001',
  title: 'Ravi Kumar',
  subtitle: '+91 98765 43210',
  path: '/user/20000000-0000-4000-8000-000000000001',
};
const mehta: SearchResult = {
  kind: 'doctor',
  id: '20000000-0000-4000-8000-000000000002',
  title: 'Dr. Ravina Mehta',
  subtitle: 'Cardiology',
  path: '/doctor/20000000-0000-4000-8000-000000000002',
};
const mri: SearchResult = {
  kind: 'service',
  id: '20000000-0000-4000-8000-000000000003',
  title: 'MRI Brain (Ravi wing)',
  subtitle: 'Scan',
  path: '/scan/20000000-0000-4000-8000-000000000003',
};

const searchCalls = (api: ReturnType<typeof withApi>) => api.calls.filter((call) => call.url === '/search');

async function openDashboard() {
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, slow);
  // jsdom applies no media queries, so the search stays in its mobile (hidden) state here.
  const first = screen.getByRole('combobox', { name: 'Search', hidden: true });
  const user = userEvent.setup();
  // The autocomplete loads on the box's first focus and takes its place.
  first.focus();
  const box = await waitFor(() => {
    const current = screen.getByRole('combobox', { name: 'Search', hidden: true });
    expect(current).not.toBe(first);
    return current;
  }, slow);
  box.blur();
  return { ...view, box, user };
}

describe('the header search', () => {
  it('keeps every keystroke typed while the autocomplete loads, then lists the records', async () => {
    const queries: unknown[] = [];
    withApi({
      'GET /search': (_body, config) => {
        queries.push((config.params as { q: string }).q);
        return { data: { data: [ravi] } };
      },
    });
    // The autocomplete's chunk is held back until the first key is typed (one letter searches for
    // nothing): keys go where the focus is, as in a browser, into the plain box and then into the
    // autocomplete that took it over. The hold is in place before the app renders, so nothing can
    // load the chunk around it.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let requested = false;
    vi.doMock('./header-search-box', async () => {
      requested = true;
      await arrived;
      return vi.importActual('./header-search-box');
    });
    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, slow);
    const first = screen.getByRole('combobox', { name: 'Search', hidden: true });
    const user = userEvent.setup();
    await user.click(first);
    await waitFor(() => expect(requested).toBe(true));
    await user.keyboard('r');
    expect(first).toHaveFocus();
    expect(first).toHaveValue('r');
    arrive();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search', hidden: true })).not.toBe(first));
    await user.keyboard('avi');
    await screen.findByRole('option', { name: /Ravi Kumar/, hidden: true }, slow);
    const box = screen.getByRole('combobox', { name: 'Search', hidden: true });
    expect(box).not.toBe(first);
    expect(box).toHaveValue('ravi');
    expect(box).toHaveFocus();
    expect(queries).toEqual(['ravi']);
  });

  it('waits for typing to pause, then asks the API once for the whole query', async () => {
    const queries: unknown[] = [];
    const api = withApi({
      'GET /search': (_body, config) => {
        queries.push((config.params as { q: string }).q);
        return { data: { data: [ravi] } };
      },
    });
    const { box, user } = await openDashboard();
    await user.type(box, 'ravi');
    await screen.findByRole('option', { name: /Ravi Kumar/, hidden: true });
    expect(queries).toEqual(['ravi']);
    expect(searchCalls(api)).toHaveLength(1);
  });

  it('does not search for a single character', async () => {
    const api = withApi({ 'GET /search': { data: { data: [ravi] } } });
    const { box, user } = await openDashboard();
    await user.type(box, 'r');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searchCalls(api)).toHaveLength(0);
  });

  it('groups patients, doctors, services and matching pages, with their subtitles', async () => {
    withApi({ 'GET /search': { data: { data: [mri, ravi, mehta] } } });
    const { box, user } = await openDashboard();
    await user.type(box, 'sc');
    const listbox = await screen.findByRole('listbox', { hidden: true });
    await within(listbox).findByText('Ravi Kumar');
    const groups = within(listbox).getAllByRole('group', { hidden: true });
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Patients',
      'Doctors',
      'Services',
      'Pages',
    ]);
    expect(within(groups[0]!).getByRole('option', { name: /Ravi Kumar/, hidden: true })).toBeInTheDocument();
    expect(within(listbox).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: /Scans/, hidden: true })).toBeInTheDocument();
  });

  it('Enter opens the highlighted record at its path', async () => {
    withApi({ 'GET /search': { data: { data: [ravi, mehta] } } });
    const { box, user, router } = await openDashboard();
    await user.type(box, 'ravi');
    await screen.findByRole('option', { name: /Ravi Kumar/, hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(mehta.path));
  });

  it('highlights the first record, not a page that matched while records loaded', async () => {
    withApi({ 'GET /search': { data: { data: [ravi] } } });
    const { box, user, router } = await openDashboard();
    await user.type(box, 'da');
    await screen.findByRole('option', { name: /Ravi Kumar/, hidden: true });
    expect(screen.getByRole('option', { name: /Dashboard/, hidden: true })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(ravi.path));
  });

  it('never shows the rows of an older query while a newer one loads', async () => {
    let answerSecond: (() => void) | undefined;
    withApi({
      'GET /search': (_body, config) => {
        const { q } = config.params as { q: string };
        if (q === 'ra') return { data: { data: [ravi] } };
        return new Promise((resolve) => {
          answerSecond = () => resolve({ data: { data: [mehta] } });
        });
      },
    });
    const { box, user } = await openDashboard();
    await user.type(box, 'ra');
    await screen.findByRole('option', { name: /Ravi Kumar/, hidden: true });
    await user.type(box, 'vina');
    expect(screen.queryByRole('option', { name: /Ravi Kumar/, hidden: true })).not.toBeInTheDocument();
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    await waitFor(() => expect(answerSecond).toBeDefined());
    answerSecond?.();
    await screen.findByRole('option', { name: /Ravina Mehta/, hidden: true });
    expect(screen.queryByRole('option', { name: /Ravi Kumar/, hidden: true })).not.toBeInTheDocument();
  });

  it('Escape closes the list', async () => {
    withApi({ 'GET /search': { data: { data: [ravi] } } });
    const { box, user } = await openDashboard();
    await user.type(box, 'ravi');
    await screen.findByRole('option', { name: /Ravi Kumar/, hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).not.toBeInTheDocument());
  });

  it("says 'No results' when nothing matches", async () => {
    withApi({ 'GET /search': { data: { data: [] } } });
    const { box, user } = await openDashboard();
    await user.type(box, 'zzqx');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('Ctrl+K and Cmd+K focus the box from anywhere', async () => {
    withApi();
    const { box, user } = await openDashboard();
    expect(box).not.toHaveFocus();
    await user.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();
    box.blur();
    await user.keyboard('{Meta>}k{/Meta}');
    expect(box).toHaveFocus();
  });
});
