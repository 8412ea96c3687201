import { LAST_ADMIN_MESSAGE, type StaffMember } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, recording } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makeDoctor } from '@/test/doctor-fixtures';
import { renderApp } from '@/test/render-app';
import { member, restoreApi, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

const ravi = member(1, 'Ravi Kumar', { lastLoginAt: null, invitationPending: true });
const meena = member(2, 'Meena Shah', { role: 'ADMIN' });
const old = member(3, 'Old Timer', { active: false });

async function openStaff(routes: Parameters<typeof withApi>[0] = {}, list: StaffMember[] = [ravi, meena, old]) {
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const listing = recording((params) => ({ data: page(params.search ? list.filter((m) => m.name.includes(String(params.search))) : list) }));
  const api = withApi({ 'GET /staff': listing.route, ...routes });
  const view = renderApp('/settings/staff');
  await screen.findByRole('list', { name: 'Staff' }, slow);
  return { ...view, api, listing, user: userEvent.setup() };
}

const row = (name: string) => screen.getByRole('heading', { name: new RegExp(`^${name}`) }).closest('li')!;

describe('Settings > Staff', () => {
  it('lists name, e-mail, role, status and last sign-in', async () => {
    await openStaff();
    expect(row('Ravi Kumar')).toHaveTextContent('ravi@sunrise.example.test');
    expect(row('Ravi Kumar')).toHaveTextContent('Worker');
    expect(row('Ravi Kumar')).toHaveTextContent('Invitation pending');
    expect(row('Ravi Kumar')).toHaveTextContent('Never signed in');
    expect(row('Meena Shah')).toHaveTextContent('Admin');
    expect(row('Meena Shah')).toHaveTextContent('Active');
    expect(row('Meena Shah')).toHaveTextContent(/Last sign-in 01 Mar 2026/);
    expect(row('Old Timer')).toHaveTextContent('Deactivated');
  });

  it('searches by name or e-mail through the API', async () => {
    const { listing, user } = await openStaff();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Meena');
    await waitFor(() => expect(listing.seen.at(-1)?.params).toMatchObject({ search: 'Meena' }), slow);
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Ravi Kumar/ })).not.toBeInTheDocument());
  });

  it('adds a worker with a temporary password and reminds the admin to hand it over', async () => {
    const added = member(4, 'Nisha Patel');
    const { api, user } = await openStaff({ 'POST /staff': { status: 201, data: { member: added, invitationUrl: null, invitationExpiresAt: null } } });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Enter the name')).toBeInTheDocument();
    expect(within(dialog).getByText('Use at least 8 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nisha Patel');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'Nisha@Sunrise.example.test');
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'Welcome2026!');
    expect(within(dialog).getByRole('progressbar', { name: 'Password strength' })).toBeInTheDocument();
    expect(within(dialog).getByText('Strong')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    const result = await screen.findByRole('dialog', { name: 'Nisha Patel added' });
    expect(result).toHaveTextContent('temporary password');
    expect(within(result).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nisha Patel',
      email: 'nisha@sunrise.example.test',
      phone: null,
      role: 'WORKER',
      credential: { method: 'password', password: 'Welcome2026!' },
    });
  });

  it('adds an admin by invitation and shows the link once, with Copy link', async () => {
    const added = member(5, 'Arjun Das', { role: 'ADMIN', invitationPending: true });
    const url = 'http://localhost/invite/abc123';
    const { api, user } = await openStaff({
      'POST /staff': { status: 201, data: { member: added, invitationUrl: url, invitationExpiresAt: '2026-03-04T09:00:00.000Z' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Arjun Das');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'arjun@sunrise.example.test');
    await user.click(within(dialog).getByRole('radio', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Invitation link' }));
    expect(within(dialog).queryByLabelText(/^Password/, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    const result = await screen.findByRole('dialog', { name: 'Arjun Das added' });
    expect(within(result).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(url);
    await user.click(within(result).getByRole('button', { name: 'Copy link' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ role: 'ADMIN', credential: { method: 'invitation' } });
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(url)).not.toBeInTheDocument();
  });

  it("adds a doctor's own account linked to one of the doctors, and asks for the doctor first", async () => {
    const doctor = makeDoctor({ id: '20000000-0000-4000-8000-000000000042', name: 'Dr. Meera Joshi', qualifications: null, experienceYears: null, phone: null, email: null });
    const added = member(6, 'Meera Joshi', { role: 'USER', doctorId: doctor.id });
    const { api, user } = await openStaff({
      'GET /doctors': { data: page([doctor]) },
      'POST /staff': { status: 201, data: { member: added, invitationUrl: null, invitationExpiresAt: null } },
    });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Meera Joshi');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'meera@sunrise.example.test');
    expect(within(dialog).queryByRole('combobox', { name: /Doctor/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Doctor' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Invitation link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Choose the doctor this account belongs to')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Doctor/ }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Meera Joshi · Cardiology' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    await screen.findByRole('dialog', { name: 'Meera Joshi added' });
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ role: 'USER', doctorId: doctor.id, credential: { method: 'invitation' } });
  });

  it('shows a taken e-mail under the E-mail field', async () => {
    const { user } = await openStaff({
      'POST /staff': { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'Someone already uses this e-mail address' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Meena Two');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'meena@sunrise.example.test');
    await user.click(within(dialog).getByRole('radio', { name: 'Invitation link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Someone already uses this e-mail address', { selector: 'p' })).toBeInTheDocument();
  });

  it('deactivates after a confirmation that says it signs them out everywhere', async () => {
    const patch = recording(() => ({ data: { ...meena, active: false } }));
    const { user } = await openStaff({ [`PATCH /staff/${meena.id}`]: patch.route });
    await user.click(within(row('Meena Shah')).getByRole('button', { name: 'Actions for Meena Shah' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate Meena Shah' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Meena Shah?' });
    expect(confirm).toHaveTextContent('signed out everywhere at once');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(patch.seen).toHaveLength(1));
    expect(patch.seen[0]!.body).toEqual({ active: false });
  });

  it('shows the last-admin refusal as an error', async () => {
    const { user } = await openStaff({
      [`PATCH /staff/${meena.id}`]: { status: 409, data: { statusCode: 409, error: 'Conflict', message: LAST_ADMIN_MESSAGE } },
    });
    await user.click(screen.getByRole('button', { name: 'Actions for Meena Shah' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make Meena Shah a worker' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_ADMIN_MESSAGE);
  });

  it('reactivates a deactivated person and changes a role', async () => {
    const patches: unknown[] = [];
    const { user } = await openStaff({
      [`PATCH /staff/${old.id}`]: (body) => (patches.push(body), { data: { ...old, active: true } }),
      [`PATCH /staff/${ravi.id}`]: (body) => (patches.push(body), { data: { ...ravi, role: 'ADMIN' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Actions for Old Timer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate Old Timer' }));
    await waitFor(() => expect(patches).toEqual([{ active: true }]));
    await user.click(screen.getByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make Ravi Kumar an admin' }));
    await waitFor(() => expect(patches).toEqual([{ active: true }, { role: 'ADMIN' }]));
  });

  it('resets a password to a new invitation link', async () => {
    const reset = recording(() => ({ data: { member: meena, invitationUrl: 'http://localhost/invite/new', invitationExpiresAt: '2026-03-04T09:00:00.000Z' } }));
    const { user } = await openStaff({ [`POST /staff/${meena.id}/reset-password`]: reset.route });
    await user.click(screen.getByRole('button', { name: 'Actions for Meena Shah' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password of Meena Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password of Meena Shah' });
    await user.click(within(dialog).getByRole('radio', { name: 'Invitation link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    const result = await screen.findByRole('dialog', { name: 'Password of Meena Shah reset' });
    expect(within(result).getByRole('textbox', { name: 'Invitation link' })).toHaveValue('http://localhost/invite/new');
    expect(reset.seen[0]!.body).toEqual({ method: 'invitation' });
  });
});
