import { ageFrom, type OrganisationType, type StaffRole } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makePatient, patientPage } from '@/test/patient-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const patient = makePatient({
  name: 'Lakshmi Narayan',
  gender: 'FEMALE',
  dateOfBirth: '1985-11-03',
  bloodGroup: 'B+',
  email: 'lakshmi@example.test',
  address: '4 Temple Street, Madurai',
  createdAt: '2026-02-14T09:30:00.000Z',
});

async function openPatient(type: OrganisationType, role: StaffRole, routes: Record<string, FakeRoute> = {}) {
  const api = withApi({
    [`GET /patients/${patient.id}`]: { data: patient },
    'GET /appointments': { data: { data: [], total: 0, page: 1, pageSize: 50 } },
    'GET /bookings': { data: { data: [], total: 0, page: 1, pageSize: 50 } },
    ...routes,
  });
  storeSession(makeUser(type, role));
  const view = renderApp(`/user/${patient.id}`);
  await screen.findByRole('heading', { name: 'Lakshmi Narayan', level: 1 }, slow);
  return { ...view, api, user: userEvent.setup() };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the patient view', () => {
  it('shows age, gender, a phone link and the demographics', async () => {
    await openPatient('HOSPITAL', 'ADMIN');
    const age = ageFrom('1985-11-03');
    expect(screen.getByText(`${patient.uhid} · ${age} years · Female · B+`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    const details = screen.getByRole('heading', { name: 'Details' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(details).getByText('03 Nov 1985')).toBeInTheDocument();
    expect(within(details).getByText(patient.uhid)).toBeInTheDocument();
    expect(within(details).getByText('14 Feb 2026')).toBeInTheDocument();
    expect(within(details).getByText('4 Temple Street, Madurai')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'lakshmi@example.test' })).toHaveAttribute('href', 'mailto:lakshmi@example.test');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/user/${patient.id}/edit`);
  });

  it('shows the ABHA number as XX-XXXX-XXXX-XXXX, the ABHA address, and an age given in years as about that age', async () => {
    const aged = makePatient({ name: 'Age Given', dateOfBirth: '1980-01-01', dobEstimated: true, abhaNumber: '91123456789012', abhaAddress: 'age.given@abdm' });
    withApi({ [`GET /patients/${aged.id}`]: { data: aged } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/user/${aged.id}`);
    const details = (await screen.findByRole('heading', { name: 'Details' }, slow)).closest('.MuiCard-root') as HTMLElement;
    expect(within(details).getByText('91-1234-5678-9012')).toBeInTheDocument();
    expect(within(details).getByText('age.given@abdm')).toBeInTheDocument();
    expect(within(details).getByText('Not known (age given)')).toBeInTheDocument();
    expect(within(details).getByText(`about ${ageFrom('1980-01-01')} years`)).toBeInTheDocument();
  });

  it("shows '-' for an age without a date of birth", async () => {
    const noDob = makePatient({ name: 'No Birthday', dateOfBirth: null });
    withApi({ [`GET /patients/${noDob.id}`]: { data: noDob } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/user/${noDob.id}`);
    const details = (await screen.findByRole('heading', { name: 'Details' }, slow)).closest('.MuiCard-root') as HTMLElement;
    expect(within(details).getAllByText('-').length).toBeGreaterThanOrEqual(2);
  });

  it('has the tabs of the account’s menu, each with an empty state', async () => {
    const { user } = await openPatient('HOSPITAL', 'ADMIN');
    expect(tabNames()).toEqual(['Appointments', 'Chat', 'Messages']);
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('No appointments yet'));
    await user.click(screen.getByRole('tab', { name: 'Chat' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No messages yet');
  });

  it("lists the patient's appointments, newest first, with a link to book one", async () => {
    // A row of GET /appointments: the list's columns only.
    const visit = (date: string, tokenNumber: number, status: 'BOOKED' | 'COMPLETED') => ({
      id: `50000000-0000-4000-8000-00000000000${tokenNumber}`,
      doctorId: '20000000-0000-4000-8000-000000000001',
      doctorName: 'Dr. Meera Iyer',
      specialization: 'Cardiology',
      patientName: patient.name,
      patientPhone: patient.phone,
      date,
      startTime: '09:30',
      endTime: '09:45',
      tokenNumber,
      tokenLabel: `00${tokenNumber}`,
      status,
      awaitingConfirmation: false,
      patientId: patient.id,
      overbooked: false,
    });
    const { api } = await openPatient('HOSPITAL', 'ADMIN', {
      'GET /appointments': { data: { data: [visit('2026-11-24', 7, 'BOOKED'), visit('2026-10-02', 3, 'COMPLETED')], total: 2, page: 1, pageSize: 50 } },
    });
    const list = await screen.findByRole('list', { name: 'Appointments' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('24 Nov 2026, 9:30 am');
    expect(items[0]).toHaveTextContent('007');
    expect(items[0]).toHaveTextContent('Dr. Meera Iyer');
    expect(items[0]).toHaveTextContent('Booked');
    expect(items[1]).toHaveTextContent('Completed');
    const call = api.calls.find((entry) => entry.url === '/appointments');
    expect(call).toBeDefined();
    expect(screen.getByRole('link', { name: 'Book appointment' })).toHaveAttribute('href', `/appointments?new=1&patientId=${patient.id}`);
  });

  it('a scan centre sees Bookings, Chat and Messages, no Appointments', async () => {
    await openPatient('SCAN', 'ADMIN');
    expect(tabNames()).toEqual(['Bookings', 'Chat', 'Messages']);
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('No bookings yet'));
  });

  it("lists the patient's scan and test bookings, newest first, with a link to book one", async () => {
    const mri = makeBooking({ patientId: patient.id, tokenNumber: 4, date: '2026-11-24', status: 'REPORT_READY', serviceName: 'MRI Knee', category: 'MRI' });
    const blood = makeBooking({ patientId: patient.id, tokenNumber: 2, date: '2026-10-02', status: 'BOOKED', serviceName: 'Lipid Profile', serviceKind: 'TEST', category: null });
    const { api } = await openPatient('SCAN', 'ADMIN', { 'GET /bookings': { data: { data: [mri, blood].map(bookingRow), total: 2, page: 1, pageSize: 50 } } });
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('24 Nov 2026, 9:30 am');
    expect(items[0]).toHaveTextContent('MR-004');
    expect(items[0]).toHaveTextContent('MRI Knee · MRI');
    expect(items[0]).toHaveTextContent('Report ready');
    expect(items[1]).toHaveTextContent('Lipid Profile');
    expect(items[1]).toHaveTextContent('Booked');
    const call = api.calls.find((entry) => entry.url === '/bookings');
    expect(call).toBeDefined();
    expect(api.calls.some((entry) => entry.url === '/appointments')).toBe(false);
    expect(screen.getByRole('link', { name: 'Book scan or test' })).toHaveAttribute('href', `/bookings?new=1&patientId=${patient.id}`);
  });

  it('a multi-hospital sees all four', async () => {
    await openPatient('MULTIHOSPITAL', 'ADMIN');
    expect(tabNames()).toEqual(['Appointments', 'Bookings', 'Chat', 'Messages']);
  });

  it('a hospital worker sees Appointments and Messages', async () => {
    await openPatient('HOSPITAL', 'WORKER');
    expect(tabNames()).toEqual(['Appointments', 'Messages']);
  });

  it('explains a 409 on delete: the patient has visits', async () => {
    const { user, router } = await openPatient('HOSPITAL', 'ADMIN', {
      [`DELETE /patients/${patient.id}`]: { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'This patient has appointments' } },
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lakshmi Narayan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/has appointments or bookings, so the record cannot be deleted/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/user/${patient.id}`);
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const { user, router, api } = await openPatient('HOSPITAL', 'ADMIN', {
      [`DELETE /patients/${patient.id}`]: { status: 204 },
      'GET /patients': { data: patientPage([]) },
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lakshmi Narayan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url === `/patients/${patient.id}`)).toBe(true);
  });

  it('says not found for an id of another organisation (404)', async () => {
    const stranger = makePatient();
    withApi({ [`GET /patients/${stranger.id}`]: { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Patient not found' } } });
    storeSession(makeUser('SCAN', 'WORKER'));
    renderApp(`/user/${stranger.id}`);
    expect(await screen.findByRole('heading', { name: 'User not found' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/user');
  });
});
