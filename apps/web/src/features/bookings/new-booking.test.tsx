import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking } from '@/test/booking-fixtures';
import { DAY_INSTANTS, MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePatient, patientPage } from '@/test/patient-fixtures';
import { renderApp } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' -> '01 Jun 2026', written out rather than taken from the console's code. */
const shown = (date: string) => `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const { today } = daysAt(MID_MORNING.at);
const scan = makeService({ name: 'CT Chest', category: 'CT', kind: 'SCAN', pricePaise: 350_000 });
const patient = makePatient({ name: 'Lakshmi Narayan', gender: 'FEMALE' });
const slotsOf = (starts: string[], capacity = 1, date = today) => ({
  date,
  timeZone: 'Asia/Kolkata',
  slots: starts.map((start) => ({ start, end: start, capacity, remaining: capacity > 1 ? capacity - 1 : 1 })),
});

function setup(routes: Record<string, FakeRoute> = {}, path = '/bookings?new=1') {
  const slots = recording((params) => ({ data: slotsOf(['08:00', '08:30'], 1, String(params.date)) }));
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /bookings': { data: page([]) },
    'GET /services': { data: page([scan]) },
    'GET /patients': { data: patientPage([patient]) },
    [`GET /services/${scan.id}/slots`]: slots.route,
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('SCAN', 'ADMIN'));
  const view = renderApp(path);
  return { ...view, api, slots, user: userEvent.setup() };
}

async function pickPatientAndScan(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New booking' }, { timeout: 15_000 });
  await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
  // The search answers after its debounce; on a busy machine that takes longer than findBy's default second.
  await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Scan or test' }));
  await user.click(await screen.findByRole('option', { name: /CT Chest/ }));
  return dialog;
}

describe('booking a scan or test', () => {
  pinClock(MID_MORNING.at);

  it('picks patient, scan and a free slot, books it and shows the slip with the token', async () => {
    const created = makeBooking({ tokenNumber: 1, tokenLabel: 'CT-001', serviceName: 'CT Chest', category: 'CT', startTime: '08:30', endTime: '09:00', pricePaise: 350_000 });
    const book = recording(() => ({ status: 201, data: created }));
    const { user, slots } = setup({ 'POST /bookings': book.route });
    const dialog = await pickPatientAndScan(user);
    const picker = await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['8:00 am', '8:30 am']);
    expect(slots.seen[0]?.params).toEqual({ date: today });
    await user.click(within(picker).getByRole('button', { name: '8:30 am' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Follow-up');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(book.seen[0]?.body).toEqual({ serviceId: scan.id, patientId: patient.id, date: today, startTime: '08:30', reason: 'Follow-up' }));
    const slip = await screen.findByRole('region', { name: 'Booking slip' });
    expect(within(slip).getByText('CT-001')).toBeInTheDocument();
    expect(within(slip).getByText('CT Chest (CT)')).toBeInTheDocument();
    expect(within(slip).getByText('₹3,500.00')).toBeInTheDocument();
    expect(within(slip).getByText('8:30 am – 9:00 am')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Booking confirmed' })).toBeInTheDocument();
  });

  it('shows the places left in a slot of a scan that takes several patients', async () => {
    const { user } = setup({ [`GET /services/${scan.id}/slots`]: { data: slotsOf(['08:00'], 3) } });
    const dialog = await pickPatientAndScan(user);
    expect(await within(dialog).findByRole('button', { name: '8:00 am 2 left' })).toBeInTheDocument();
  });

  it('says so when the day has no free slots', async () => {
    const { user } = setup({ [`GET /services/${scan.id}/slots`]: { data: slotsOf([]) } });
    const dialog = await pickPatientAndScan(user);
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick another date, or another scan or test.')).toBeInTheDocument();
  });

  it('a slot taken meanwhile (409) shows the message and refetches the slots', async () => {
    const { user, slots } = setup({ 'POST /bookings': { status: 409, data: { message: 'This slot is full: choose another time' } } });
    const dialog = await pickPatientAndScan(user);
    await user.click(await within(dialog).findByRole('button', { name: '8:00 am' }));
    const before = slots.seen.length;
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText('This slot is full: choose another time')).toBeInTheDocument();
    await waitFor(() => expect(slots.seen.length).toBeGreaterThan(before));
    expect(within(dialog).getByRole('button', { name: 'Book' })).toBeDisabled();
  });

  it('starts with the patient of ?patientId= chosen (the patient view’s Book scan or test)', async () => {
    setup({ [`GET /patients/${patient.id}`]: { data: patient } }, `/bookings?new=1&patientId=${patient.id}`);
    const chosen = await screen.findByLabelText('Chosen patient', undefined, { timeout: 15_000 });
    expect(chosen).toHaveTextContent('Lakshmi Narayan');
  });
});

// The dialog's first day and the earliest it allows are India's: run at mid-morning and either side of midnight there.
describe.each(DAY_INSTANTS)('the new booking dialog at $label', ({ at }) => {
  const { today, day } = pinClock(at);

  it("starts on India's today, refuses an earlier day with the reason, and asks for a typed day's slots", async () => {
    const { user, slots } = setup();
    const dialog = await pickPatientAndScan(user);
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
