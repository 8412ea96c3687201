import { patientSummaryOf } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { patientPage } from '@/test/patient-fixtures';
import { makeAppointment, makeDoctor, makePatient, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const { today } = daysAt(MID_MORNING.at);
const doctor = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology', facilityName: 'Kothrud Branch' });
const patient = makePatient({ name: 'Lakshmi Narayan' });

function setup(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([]) },
    'GET /doctors': { data: page([doctor]) },
    'GET /patients': { data: patientPage([patient]) },
    [`GET /doctors/${doctor.id}/slots`]: { data: { date: today, timeZone: 'Asia/Kolkata', slots: [{ start: '10:15', end: '10:30', capacity: 1, remaining: 1 }] } },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  renderApp('/appointments?new=1');
  return { api, user: userEvent.setup() };
}

const openDialog = () => screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });

describe('the booking dialog warns before a duplicate', () => {
  pinClock(MID_MORNING.at);

  it('shows the patient’s visit with the same doctor that day, links to it, and books only on ‘Book anyway’', async () => {
    const existing = makeAppointment({ tokenNumber: 4, tokenLabel: '004', startTime: '09:30', status: 'CHECKED_IN' });
    const lists = recording((params) => ({ data: page(params.patientId ? [existing] : []) }));
    const book = recording(() => ({ status: 201, data: makeAppointment({ tokenNumber: 5 }) }));
    const { user } = setup({ 'GET /appointments': lists.route, 'POST /appointments': book.route });
    const dialog = await openDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
    await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
    await user.click(await screen.findByRole('option', { name: /Dr. Arjun Nair/ }));

    const warning = await within(dialog).findByRole('status', { name: 'Already booked that day' });
    expect(warning).toHaveTextContent('Lakshmi Narayan already has an appointment with Dr. Arjun Nair');
    expect(warning).toHaveTextContent('Token 004 at 9:30 am · Checked in');
    expect(within(warning).getByRole('link', { name: 'Open token 004' })).toHaveAttribute('href', `/appointments?open=${existing.id}`);
    // Ids and the day only: no patient data in the query.
    expect(lists.seen.find((call) => call.params.patientId)?.params).toMatchObject({
      patientId: patient.id,
      doctorId: doctor.id,
      from: today,
      to: today,
      status: 'BOOKED,CHECKED_IN,IN_CONSULTATION,COMPLETED',
    });

    await user.click(await within(dialog).findByRole('button', { name: '10:15 am' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(book.seen).toHaveLength(1));
  });

  it('names each doctor’s facility when the organisation has several', async () => {
    const other = makeDoctor({ id: '20000000-0000-4000-8000-000000000099', name: 'Dr. Meera Joshi', specialization: 'Cardiology', facilityName: 'Baner Branch' });
    const { user } = setup({ 'GET /doctors': { data: page([doctor, other]) } });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
    expect(await screen.findByRole('option', { name: /Dr. Arjun Nair.*Kothrud Branch/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Dr. Meera Joshi.*Baner Branch/ })).toBeInTheDocument();
  });

  it('quick add: shows the patients who already have the number; ‘Use this patient’ picks one without adding anyone', async () => {
    const sameNumber = makePatient({ id: '30000000-0000-4000-8000-000000000077', name: 'Kavita Bhosale', uhid: 'SUN-000077', phone: '+919822012345' });
    const matches = recording(() => ({ data: { data: [patientSummaryOf(sameNumber)] } }));
    const creates = recording(() => ({ status: 201, data: makePatient({ name: 'Aarav Bhosale' }) }));
    const { user } = setup({ 'POST /patients/matches': matches.route, 'POST /patients': creates.route });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Quick add' }));
    const form = within(dialog).getByRole('form', { name: 'Quick add patient' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Aarav Bhosale');
    await user.type(within(form).getByRole('textbox', { name: /Phone/ }), '98220 12345');
    await user.click(within(form).getByRole('combobox', { name: /Gender/ }));
    await user.click(await screen.findByRole('option', { name: 'Male' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Age in years' }), '9');
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));

    const warning = await within(dialog).findByRole('status', { name: 'Phone number already registered' });
    expect(warning).toHaveTextContent('A patient already has this number');
    expect(warning).toHaveTextContent('Kavita Bhosale · SUN-000077');
    expect(matches.seen[0]?.body).toEqual({ phone: '+919822012345' });
    expect(creates.seen).toHaveLength(0);
    await user.click(within(warning).getByRole('button', { name: 'Use Kavita Bhosale (SUN-000077)' }));
    expect(await within(dialog).findByLabelText('Chosen patient')).toHaveTextContent('Kavita Bhosale');
    expect(creates.seen).toHaveLength(0);
  });

  it('quick add: ‘Add anyway’ registers the new patient with the shared number and their age', async () => {
    const sameNumber = makePatient({ id: '30000000-0000-4000-8000-000000000078', name: 'Kavita Bhosale', phone: '+919822012345' });
    const created = makePatient({ id: '30000000-0000-4000-8000-000000000079', name: 'Aarav Bhosale', phone: '+919822012345' });
    const creates = recording(() => ({ status: 201, data: created }));
    const { user } = setup({ 'POST /patients/matches': { data: { data: [patientSummaryOf(sameNumber)] } }, 'POST /patients': creates.route });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Quick add' }));
    const form = within(dialog).getByRole('form', { name: 'Quick add patient' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Aarav Bhosale');
    await user.type(within(form).getByRole('textbox', { name: /Phone/ }), '9822012345');
    await user.click(within(form).getByRole('combobox', { name: /Gender/ }));
    await user.click(await screen.findByRole('option', { name: 'Male' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Age in years' }), '9');
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(creates.seen).toHaveLength(1));
    expect(creates.seen[0]?.body).toMatchObject({ name: 'Aarav Bhosale', phone: '+919822012345', gender: 'MALE', ageYears: 9, dateOfBirth: null });
    expect(await within(dialog).findByLabelText('Chosen patient')).toHaveTextContent('Aarav Bhosale');
  });
});
