import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_INSTANTS, MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { patientPage } from '@/test/patient-fixtures';
import { makeAppointment, makeDoctor, makePatient, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const { today } = daysAt(MID_MORNING.at);
const doctor = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology', consultationFeePaise: 80_000 });
const patient = makePatient({ name: 'Lakshmi Narayan' });
const slotsOf = (starts: string[], capacity = 1, date = today) => ({
  date,
  timeZone: 'Asia/Kolkata',
  slots: starts.map((start) => ({ start, end: start, capacity, remaining: capacity > 1 ? 2 : 1 })),
});

function setup(routes: Record<string, FakeRoute> = {}, path = '/appointments?new=1') {
  const slots = recording((params) => ({ data: slotsOf(['09:30', '10:15'], 1, String(params.date)) }));
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([]) },
    'GET /doctors': { data: page([doctor]) },
    'GET /patients': { data: patientPage([patient]) },
    [`GET /doctors/${doctor.id}/slots`]: slots.route,
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const view = renderApp(path);
  return { ...view, api, slots, user: userEvent.setup() };
}

async function pickPatientAndDoctor(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });
  await user.type(within(dialog).getByRole('textbox', { name: 'Find patient' }), 'laksh');
  // The search answers after its debounce; on a busy machine that takes longer than findBy's default second.
  await user.click(await within(dialog).findByRole('button', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
  await user.click(await screen.findByRole('option', { name: /Dr. Arjun Nair/ }));
  return dialog;
}

describe('booking an appointment', () => {
  pinClock(MID_MORNING.at);

  it('picks patient, doctor and a free slot, books it and shows the slip', async () => {
    const created = makeAppointment({ tokenNumber: 7, doctorName: 'Dr. Arjun Nair', startTime: '10:15', endTime: '10:30', feePaise: 80_000 });
    const book = recording(() => ({ status: 201, data: created }));
    const { user, slots } = setup({ 'POST /appointments': book.route });
    const dialog = await pickPatientAndDoctor(user);
    const picker = await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(within(picker).getAllByRole('button').map((button) => button.textContent)).toEqual(['9:30 am', '10:15 am']);
    expect(slots.seen[0]?.params).toEqual({ date: today });
    await user.click(within(picker).getByRole('button', { name: '10:15 am' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Headache');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(book.seen[0]?.body).toEqual({ doctorId: doctor.id, patientId: patient.id, date: today, startTime: '10:15', reason: 'Headache' }),
    );
    const slip = await screen.findByRole('region', { name: 'Appointment slip' });
    expect(within(slip).getByText('007')).toBeInTheDocument();
    expect(within(slip).getByText('₹800.00')).toBeInTheDocument();
    expect(within(slip).getByText('10:15 am – 10:30 am')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Appointment booked' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('shows the remaining places of a multi-patient slot', async () => {
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: { data: slotsOf(['09:30'], 3) } });
    const dialog = await pickPatientAndDoctor(user);
    expect(await within(dialog).findByRole('button', { name: '9:30 am 2 left' })).toBeInTheDocument();
  });

  it('says so when the day has no free slots', async () => {
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: { data: slotsOf([]) } });
    const dialog = await pickPatientAndDoctor(user);
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
  });

  it('a slot taken meanwhile (409) shows the message and refetches the slots', async () => {
    const { user, slots } = setup({
      'POST /appointments': { status: 409, data: { message: 'This slot is full: choose another time' } },
    });
    const dialog = await pickPatientAndDoctor(user);
    await user.click(await within(dialog).findByRole('button', { name: '9:30 am' }));
    const before = slots.seen.length;
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText('This slot is full: choose another time')).toBeInTheDocument();
    await waitFor(() => expect(slots.seen.length).toBeGreaterThan(before));
    expect(within(dialog).getByRole('button', { name: 'Book' })).toBeDisabled();
  });

  it('quick-adds a patient and books for them', async () => {
    const added = makePatient({ name: 'Ravi Kumar', phone: '+919812345678', gender: 'MALE', dateOfBirth: null });
    const create = recording(() => ({ status: 201, data: added }));
    const { user } = setup({ 'POST /patients': create.route });
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Quick add' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    expect(await within(dialog).findByText('Choose a gender')).toBeInTheDocument();
    expect(create.seen).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ravi Kumar');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '98123 45678');
    await user.click(within(dialog).getByRole('combobox', { name: 'Gender' }));
    await user.click(await screen.findByRole('option', { name: 'Male' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    await waitFor(() => expect(create.seen[0]?.body).toMatchObject({ name: 'Ravi Kumar', phone: '+919812345678', gender: 'MALE' }));
    const chosen = await within(dialog).findByLabelText('Chosen patient');
    expect(chosen).toHaveTextContent('Ravi Kumar');
  });

  it('starts with the patient of ?patientId= chosen', async () => {
    setup({ [`GET /patients/${patient.id}`]: { data: patient } }, `/appointments?new=1&patientId=${patient.id}`);
    const chosen = await screen.findByLabelText('Chosen patient', undefined, { timeout: 15_000 });
    expect(chosen).toHaveTextContent('Lakshmi Narayan');
  });
});

// The dialog's first day and the earliest it allows are India's: run at mid-morning and either side of midnight there.
describe.each(DAY_INSTANTS)('the new appointment dialog at $label', ({ at }) => {
  const { today, day } = pinClock(at);

  it("starts on India's today, refuses an earlier day, and asks for the chosen day's slots", async () => {
    const { user, slots } = setup();
    const dialog = await pickPatientAndDoctor(user);
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveValue(today);
    expect(date).toHaveAttribute('min', today);
    await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(slots.seen[0]?.params).toEqual({ date: today });
    fireEvent.change(date, { target: { value: day(-1) } });
    expect(date).toHaveValue(today);
    fireEvent.change(date, { target: { value: day(1) } });
    await waitFor(() => expect(slots.seen.at(-1)?.params).toEqual({ date: day(1) }));
  });
});
