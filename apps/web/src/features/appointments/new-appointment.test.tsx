import { CONTROL_CHARACTERS_MESSAGE } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_INSTANTS, MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { patientPage } from '@/test/patient-fixtures';
import { makeAppointment, makeDoctor, makePatient, page, recording } from './appointment-fixtures';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' -> '01 Jun 2026', written out rather than taken from the console's code. */
const shown = (date: string) => `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

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
  await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
  // The search answers after its debounce; on a busy machine that takes longer than findBy's default second.
  await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
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
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9:30 am', '10:15 am']);
    expect(slots.seen[0]?.params).toEqual({ date: today });
    await user.click(within(picker).getByRole('button', { name: '10:15 am' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Headache');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(book.seen[0]?.body).toEqual({ doctorId: doctor.id, patientId: patient.id, date: today, startTime: '10:15', reason: 'Headache' }));
    const slip = await screen.findByRole('region', { name: 'Appointment slip' });
    expect(within(slip).getByText('007')).toBeInTheDocument();
    expect(within(slip).getByText('₹800.00')).toBeInTheDocument();
    expect(within(slip).getByText('10:15 am – 10:30 am')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Appointment booked' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('refuses what the shared schema refuses, on the field, and sends nothing', async () => {
    const book = recording(() => ({ status: 201, data: makeAppointment() }));
    const { user } = setup({ 'POST /appointments': book.route });
    const dialog = await pickPatientAndDoctor(user);
    await user.click(await within(dialog).findByRole('button', { name: '9:30 am' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    // No keyboard types a control character, but a paste can carry one.
    await user.click(reason);
    await user.paste('Head\u0007ache');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText(CONTROL_CHARACTERS_MESSAGE)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(CONTROL_CHARACTERS_MESSAGE);
    expect(book.seen).toHaveLength(0);
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

  it('quick-adds a patient, with consent to messages, and books for them', async () => {
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
    const consent = within(dialog).getByRole('checkbox', { name: 'Agrees to messages by WhatsApp and SMS' });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    await waitFor(() => expect(create.seen[0]?.body).toMatchObject({ name: 'Ravi Kumar', phone: '+919812345678', gender: 'MALE', messageConsent: true }));
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

  it("starts on India's today, refuses an earlier day with the reason, and asks for a typed day's slots", async () => {
    const { user, slots } = setup();
    const dialog = await pickPatientAndDoctor(user);
    const date = within(dialog).getByRole('textbox', { name: 'Date' });
    expect(date).toHaveValue(shown(today));
    await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(slots.seen[0]?.params).toEqual({ date: today });
    // Yesterday is refused with the reason, and no slots are asked for.
    const [d, m, y] = [day(-1).slice(8), day(-1).slice(5, 7), day(-1).slice(0, 4)];
    await user.clear(date);
    await user.type(date, `${d}/${m}/${y}`);
    expect(date).toHaveAccessibleDescription(`${shown(day(-1))} has passed: choose today or a later day`);
    expect(slots.seen.map((call) => call.params.date)).not.toContain(day(-1));
    // A typed date stays as typed, and its slots are asked for.
    const [d1, m1, y1] = [day(1).slice(8), day(1).slice(5, 7), day(1).slice(0, 4)];
    await user.clear(date);
    await user.type(date, `${d1} ${MONTHS[Number(m1) - 1]} ${y1}`);
    expect(date).toHaveValue(`${d1} ${MONTHS[Number(m1) - 1]} ${y1}`);
    await waitFor(() => expect(slots.seen.at(-1)?.params).toEqual({ date: day(1) }));
  });
});

describe('finding the patient from the keyboard', () => {
  pinClock(MID_MORNING.at);
  const second = makePatient({ name: 'Lakshmi Rao' });

  it('Enter picks the first result, not Quick add; the arrows move through the results', async () => {
    const { user } = setup({ 'GET /patients': { data: patientPage([patient, second]) } });
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });
    const search = within(dialog).getByRole('combobox', { name: 'Find patient' });
    await user.type(search, 'laksh');
    const first = await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByLabelText('Chosen patient')).toHaveTextContent('Lakshmi Narayan');

    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    const again = within(dialog).getByRole('combobox', { name: 'Find patient' });
    await user.type(again, 'laksh');
    await within(dialog).findByRole('option', { name: /Lakshmi Rao/ }, { timeout: 5_000 });
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { name: /Lakshmi Rao/ })).toHaveAttribute('aria-selected', 'true');
    expect(again).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await within(dialog).findByLabelText('Chosen patient')).toHaveTextContent('Lakshmi Rao');
  });
});

describe('choosing a slot from the keyboard', () => {
  pinClock(MID_MORNING.at);

  it('is one Tab stop; the arrows, Home and End move inside it and Enter chooses', async () => {
    const { user } = setup({
      [`GET /doctors/${doctor.id}/slots`]: { data: slotsOf(['09:30', '10:15', '11:00', '11:45']) },
    });
    const dialog = await pickPatientAndDoctor(user);
    const picker = await within(dialog).findByRole('group', { name: 'Free slots' });
    const buttons = within(picker).getAllByRole('button');
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1]);
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[3]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(within(picker).getByRole('button', { name: '11:00 am' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.tabIndex),
    ).toEqual([-1, -1, 0, -1]);
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
  });
});
