import type { Service } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeService, servicePage } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const itemOf = (service: Service) => ({ serviceId: service.id, name: service.name, kind: service.kind, active: service.active });

const cbc = makeService({ kind: 'TEST', name: 'Complete Blood Count', category: 'Haematology' });
const lipid = makeService({ kind: 'TEST', name: 'Lipid Profile', category: 'Biochemistry' });
const xray = makeService({ kind: 'SCAN', name: 'X-Ray Chest', category: 'X-Ray' });
const basic = makeService({ kind: 'TEST', name: 'Basic Health Check', category: 'Health Package', packageItems: [itemOf(cbc), itemOf(lipid)] });

/** The package control of the form: its list of chosen tests and its picker. */
async function packageSection() {
  const section = await screen.findByRole('region', { name: 'Tests in this package' }, slow);
  return { section, picker: within(section).getByRole('combobox', { name: 'Add a scan or test' }) };
}

async function pick(picker: HTMLElement, name: string) {
  await userEvent.click(picker);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

const chosenNames = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Tests in this package' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('a package of scans and tests', () => {
  it('is made from the organisation’s single scans and tests, in the order chosen, and saved as their ids', async () => {
    const created = makeService({ kind: 'TEST', name: 'Full Body Check' });
    const api = withApi({
      'GET /services': { data: servicePage([basic, cbc, lipid, xray]) },
      'POST /services': { status: 201, data: created },
      [`GET /services/${created.id}`]: { data: created },
    });
    storeSession(makeUser('SCAN', 'ADMIN'));
    const { router } = renderApp('/scan/new');
    const { section, picker } = await packageSection();
    expect(within(section).getByText('No tests added: this is a single scan or test.')).toBeInTheDocument();
    await userEvent.click(picker);
    // A package is never offered: a package holds single scans and tests.
    expect(await screen.findByRole('option', { name: /Lipid Profile/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Basic Health Check/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /Complete Blood Count/ }));
    await pick(picker, 'Lipid Profile');
    await pick(picker, 'X-Ray Chest');
    // What is chosen is not offered again.
    await userEvent.click(picker);
    expect(screen.queryByRole('option', { name: /Lipid Profile/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(chosenNames(section)).toEqual(['1.Complete Blood CountTest', '2.Lipid ProfileTest', '3.X-Ray ChestScan']);

    // By keyboard: the X-ray goes first; focus stays on it, on the button still usable at the top.
    within(section).getByRole('button', { name: 'Move X-Ray Chest up' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Move X-Ray Chest down' })).toHaveFocus());
    expect(within(section).getByRole('button', { name: 'Move X-Ray Chest up' })).toBeDisabled();
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Lipid Profile' }));
    expect(chosenNames(section)).toEqual(['1.X-Ray ChestScan', '2.Complete Blood CountTest']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Test' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Full Body Check');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price' }), '1999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/scan/${created.id}`));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ kind: 'TEST', name: 'Full Body Check', packageItemIds: [xray.id, cbc.id] });
  }, 40_000);

  it('when edited, shows its tests, never offers itself, and puts the server’s refusal under the control', async () => {
    const api = withApi({
      'GET /services': { data: servicePage([basic, cbc, lipid, xray]) },
      [`GET /services/${basic.id}`]: { data: basic },
      [`PATCH /services/${basic.id}`]: {
        status: 409,
        data: {
          statusCode: 409,
          error: 'Conflict',
          message: 'This test is in the package Executive Check: a package cannot hold another package',
          issues: [{ path: 'packageItemIds', message: 'In the package Executive Check' }],
        },
      },
    });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp(`/scan/${basic.id}/edit`);
    const { section, picker } = await packageSection();
    expect(chosenNames(section)).toEqual(['1.Complete Blood CountTest', '2.Lipid ProfileTest']);
    await userEvent.click(picker);
    expect(await screen.findByRole('option', { name: /X-Ray Chest/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Basic Health Check/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Complete Blood Count/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /X-Ray Chest/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(picker).toHaveAccessibleDescription('In the package Executive Check'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ packageItemIds: [cbc.id, lipid.id, xray.id] });
    // Removing every test makes it a single test again: an empty list is sent.
    for (const name of ['Complete Blood Count', 'Lipid Profile', 'X-Ray Chest']) await userEvent.click(within(section).getByRole('button', { name: `Remove ${name}` }));
    expect(picker).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toMatchObject({ packageItemIds: [] });
  }, 40_000);

  it('reads as a package on the list and on its page, which names its tests in order', async () => {
    withApi({ 'GET /services': { data: servicePage([basic, cbc]) }, [`GET /services/${basic.id}`]: { data: basic } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    const { router } = renderApp('/scan');
    const grid = await screen.findByRole('grid', { name: 'Services' }, slow);
    expect(await within(grid).findByText('Package · 2 tests')).toBeInTheDocument();
    expect(within(grid).getAllByText(/^Package ·/)).toHaveLength(1);

    await router.navigate(`/scan/${basic.id}`);
    expect(await screen.findByRole('heading', { name: 'Basic Health Check', level: 1 }, slow)).toBeInTheDocument();
    const tests = screen.getByRole('list', { name: 'Tests in this package' });
    expect(
      within(tests)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Complete Blood Count · Test', 'Lipid Profile · Test']);
  });
});
