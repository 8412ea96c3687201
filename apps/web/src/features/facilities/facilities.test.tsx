import type { Facility, OrganisationType, StaffRole } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const facility = (name: string, n: number, extra: Partial<Facility> = {}): Facility => ({
  id: `40000000-0000-4000-8000-00000000000${n}`,
  name,
  address: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const main = facility('Sunrise Main Campus', 1, { address: '1 Hospital Road, Pune', phone: '+912012345678' });
const east = facility('Sunrise East Clinic', 2);

async function openFacilities(routes: Record<string, FakeRoute> = {}) {
  let list = [main, east];
  const api = withApi({ 'GET /facilities': () => ({ data: { data: list } }), ...routes });
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
  const view = renderApp('/settings/facilities');
  await screen.findByRole('list', { name: 'Facilities' }, slow);
  return { ...view, api, user: userEvent.setup(), setList: (next: Facility[]) => (list = next) };
}

describe('Settings > Facilities', () => {
  it('lists the facilities with address and phone', async () => {
    await openFacilities();
    const items = within(screen.getByRole('list', { name: 'Facilities' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Sunrise Main Campus');
    expect(items[0]).toHaveTextContent('1 Hospital Road, Pune');
    expect(within(items[0]!).getByRole('link', { name: '+912012345678' })).toHaveAttribute('href', 'tel:+912012345678');
  });

  it('adds a facility from the dialog and shows it in the list', async () => {
    const added = facility('Sunrise West Wing', 3, { address: 'Baner' });
    const { api, user, setList } = await openFacilities({
      'POST /facilities': (body) => {
        setList([main, east, added]);
        return { status: 201, data: { ...added, ...(body as object) } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add facility' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add facility' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the facility name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sunrise West Wing');
    await user.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'Baner');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Sunrise West Wing', address: 'Baner', phone: null });
    expect(await screen.findByText('Sunrise West Wing', { selector: 'h2' })).toBeInTheDocument();
  });

  it('edits a facility with its values filled in', async () => {
    const { api, user } = await openFacilities({ [`PATCH /facilities/${main.id}`]: (body) => ({ data: { ...main, ...(body as object) } }) });
    await user.click(screen.getByRole('button', { name: 'Edit Sunrise Main Campus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit facility' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Sunrise Main Campus');
    await user.clear(name);
    await user.type(name, 'Sunrise Central');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Sunrise Central', address: '1 Hospital Road, Pune', phone: '+912012345678' });
  });

  it('shows a duplicate name from the server on the name field', async () => {
    const { user } = await openFacilities({
      'POST /facilities': {
        status: 409,
        data: {
          statusCode: 409,
          error: 'Conflict',
          message: 'A facility with this name already exists',
          issues: [{ path: 'name', message: 'A facility with this name already exists' }],
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add facility' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add facility' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sunrise East Clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A facility with this name already exists')).toBeInTheDocument();
  });

  it('explains why a facility in use cannot be deleted (409)', async () => {
    const { user } = await openFacilities({
      [`DELETE /facilities/${east.id}`]: {
        status: 409,
        data: { statusCode: 409, error: 'Conflict', message: 'This facility still has doctors or services: move them to another facility first' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Delete Sunrise East Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sunrise East Clinic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/still has doctors or services/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each<[OrganisationType, StaffRole]>([
    ['HOSPITAL', 'ADMIN'],
    ['SCAN', 'WORKER'],
    ['MULTIHOSPITAL', 'WORKER'],
  ])('sends a %s %s back to Settings', async (type, role) => {
    withApi({ 'GET /facilities': { data: { data: [main] } } });
    storeSession(makeUser(type, role));
    const { router } = renderApp('/settings/facilities');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'), slow);
  });
});

describe('the settings page', () => {
  it.each<[OrganisationType, StaffRole, boolean]>([
    ['MULTIHOSPITAL', 'ADMIN', true],
    ['MULTIHOSPITALANDCARE', 'ADMIN', true],
    ['HOSPITAL', 'ADMIN', false],
    ['SCAN', 'WORKER', false],
    ['MULTIHOSPITAL', 'WORKER', false],
  ])('%s %s: Facilities entry shown = %s', async (type, role, shown) => {
    withApi({});
    storeSession(makeUser(type, role));
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Your account' }, slow);
    const link = screen.queryByRole('link', { name: /^Facilities/ });
    if (shown) expect(link).toHaveAttribute('href', '/settings/facilities');
    else expect(link).not.toBeInTheDocument();
  });
});
