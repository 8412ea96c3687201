import { waitlistStatusLabels } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { patientPage } from '@/test/patient-fixtures';
import english from '@/i18n/locales/en/waitlist.json';
import { renderApp, slow } from '@/test/render-app';
import { heldLine, makeWaitlistEntry, slotsDay, typedDate, type WaitlistOwner } from '@/test/waitlist-fixtures';
import { makeAppointment, makeDoctor, makePatient, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const { today, day, at } = pinClock(MID_MORNING.at);
const tomorrow = day(1);
const doctor = makeDoctor({ name: 'Dr. Arjun Nair', extraPerDay: 1 });
const patient = makePatient({ name: 'Lakshmi Narayan' });
const owner: WaitlistOwner = { kind: 'appointment', id: doctor.id, name: doctor.name, date: tomorrow };
const entry = (overrides: Parameters<typeof makeWaitlistEntry>[1]) => makeWaitlistEntry(owner, overrides);
const dayOf = (free: string[], full: string[], date = today) => slotsDay(date, free, full);

function setup(routes: Record<string, FakeRoute>, path: string, options: { live?: boolean } = {}) {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([]) },
    'GET /doctors': { data: page([doctor]) },
    'GET /patients': { data: patientPage([patient]) },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'WORKER'));
  renderApp(path, options.live ? { liveEvents: fakeLiveEventsClient() } : {});
  return { api, user: userEvent.setup() };
}

async function pickPatientAndDoctor(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 30_000 });
  await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
  await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
  await user.click(await screen.findByRole('option', { name: /Dr. Arjun Nair/ }));
  return dialog;
}

describe('joining a full day’s waitlist from the booking form', () => {
  it('is offered only when every slot is taken, and puts the chosen patient on that day’s line', async () => {
    const join = recording(() => ({ status: 201, data: entry({ name: patient.name, position: 2 }) }));
    let free = ['11:00'];
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: () => ({ data: dayOf(free, ['10:45']) }), 'POST /waitlist': join.route }, '/appointments?new=1');
    const dialog = await pickPatientAndDoctor(user);
    await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(within(dialog).queryByRole('button', { name: 'Add to waitlist' })).not.toBeInTheDocument();

    // The last free slot goes: another day, or the same one seen again, now full.
    free = [];
    const date = within(dialog).getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, typedDate(tomorrow));
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
    // Beside the extra, not instead of it.
    expect(within(dialog).getByRole('button', { name: /^Book as extra/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add to waitlist' }));
    await waitFor(() => expect(join.seen[0]?.body).toEqual({ kind: 'appointment', ownerId: doctor.id, date: tomorrow, patientId: patient.id }));
    expect((await screen.findAllByText('Added to the waitlist: 2nd in line')).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Add to waitlist' })).not.toBeInTheDocument();
  }, 60_000);

  it('is not offered on a day the doctor takes no one, and shows the server’s refusal', async () => {
    const join = recording(() => ({ status: 409, data: { message: 'This patient is already on the waitlist for this day' } }));
    let full = ['10:45'];
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: () => ({ data: dayOf([], full) }), 'POST /waitlist': join.route }, '/appointments?new=1');
    const dialog = await pickPatientAndDoctor(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Add to waitlist' }));
    expect(await within(dialog).findByText('This patient is already on the waitlist for this day')).toBeInTheDocument();

    // A day off: no slots at all, so nothing to wait for.
    full = [];
    const date = within(dialog).getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, typedDate(tomorrow));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Add to waitlist' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('No free slots on this day')).toBeInTheDocument();
  }, 60_000);
});

describe('a doctor’s day’s waitlist panel', () => {
  const path = `/appointments?doctorId=${doctor.id}&from=${tomorrow}`;
  const { offered, waiting, lapsed } = heldLine(owner, at, 28 * 60 + 41);

  it('is a header button once the list shows one doctor’s day, listing places, statuses and the hold’s time left', async () => {
    const list = recording(() => ({ data: { data: [offered, waiting, lapsed] } }));
    const { user } = setup({ 'GET /waitlist': list.route }, path);
    await user.click(await screen.findByRole('button', { name: 'Waitlist (2)' }, slow));
    expect(list.seen[0]?.params).toEqual({ kind: 'appointment', ownerId: doctor.id, date: tomorrow });
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    const rows = within(within(panel).getByRole('list', { name: 'Patients on the waitlist' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1Priya OfferedPlace offered\+91 98765 43210 · 1st in linePlace held at 9:15 am2[78]:\d\d leftBook nowRemove$/),
      '2Ravi WaitingWaiting+91 98765 43210 · 2nd in lineRemove',
      '–Old LapsedOffer lapsed+91 98765 43210',
    ]);
    expect(within(rows[0]!).getByRole('timer')).toHaveTextContent(/^2[78]:\d\d left$/);
  }, 30_000);

  it('tells an offer that lapsed from a day that passed with no place opening for the patient', async () => {
    const { dayEnded } = heldLine(owner, at, 60);
    setup({ 'GET /waitlist': { data: { data: [lapsed, dayEnded] } } }, `${path}&waitlist=1`);
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    const list = await within(panel).findByRole('list', { name: 'Patients on the waitlist' }, slow);
    const [offerLapsed, neverOffered] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(offerLapsed).getByText('Offer lapsed')).toBeInTheDocument();
    expect(within(neverOffered).getByText('Day passed, no place opened')).toBeInTheDocument();
    expect(within(neverOffered).queryByText('Offer lapsed')).not.toBeInTheDocument();
    // Closed, both: nothing left to book or remove.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  }, 30_000);

  it('is not offered for a range of days or without a doctor', async () => {
    setup({ 'GET /waitlist': { data: { data: [] } } }, `/appointments?from=${tomorrow}&to=${day(3)}&doctorId=${doctor.id}`);
    await screen.findByRole('button', { name: 'New appointment' }, slow);
    expect(screen.queryByRole('button', { name: /^Waitlist/ })).not.toBeInTheDocument();
  }, 30_000);

  it('books the held place for the patient, then offers their visit', async () => {
    let current = [offered, waiting];
    const visit = makeAppointment({ patientName: 'Priya Offered', date: tomorrow, startTime: '09:15' });
    const book = recording(() => {
      current = [
        { ...offered, status: 'BOOKED', position: null, offer: null, visitId: visit.id },
        { ...waiting, position: 1 },
      ];
      return { data: current[0] };
    });
    const { api, user } = setup(
      { 'GET /waitlist': () => ({ data: { data: current } }), [`POST /waitlist/${offered.id}/book`]: book.route, [`GET /appointments/${visit.id}`]: { data: visit } },
      `${path}&waitlist=1`,
    );
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    await user.click(await within(panel).findByRole('button', { name: 'Book now for Priya Offered' }));
    expect(book.seen).toHaveLength(1);
    expect((await screen.findAllByText('Booked for Priya Offered at 9:15 am')).length).toBeGreaterThan(0);
    // The line is read again: booked, and the next patient first.
    await within(panel).findByText('Booked');
    expect(within(panel).getByText(/2nd in line|1st in line/)).toHaveTextContent('1st in line');
    expect(api.calls.filter((call) => call.method === 'GET' && call.url === '/appointments').length).toBeGreaterThan(1);
    await user.click(within(panel).getByRole('button', { name: 'Open the appointment of Priya Offered' }));
    await screen.findByRole('dialog', { name: /Token/ }, slow);
    expect(screen.queryByRole('dialog', { name: 'Waitlist' })).not.toBeInTheDocument();
  }, 30_000);

  it('removes a patient only once confirmed, and follows the line’s live changes', async () => {
    let current = [waiting];
    const remove = recording(() => {
      current = [{ ...waiting, status: 'LEFT', position: null }];
      return { data: current[0] };
    });
    const { user } = setup({ 'GET /waitlist': () => ({ data: { data: current } }), [`DELETE /waitlist/${waiting.id}`]: remove.route }, `${path}&waitlist=1`, { live: true });
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    await user.click(await within(panel).findByRole('button', { name: 'Remove Ravi Waiting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Ravi Waiting from the waitlist?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(remove.seen).toHaveLength(0);
    await user.click(await within(panel).findByRole('button', { name: 'Remove Ravi Waiting' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Ravi Waiting from the waitlist?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove.seen).toHaveLength(1));
    await within(panel).findByText('Removed');

    // A cancellation elsewhere offers a place: the appointments event reads the line again.
    act(() => FakeSocket.last().ready());
    current = [offered];
    act(() => FakeSocket.last().receive({ type: 'appointment.updated', appointmentId: '40000000-0000-4000-8000-000000000009', status: 'CANCELLED' }));
    expect(await within(panel).findByRole('button', { name: 'Book now for Priya Offered' })).toBeInTheDocument();

    // The line's own event (an offer passed on by the sweep, a decline in the app) reads it again too.
    current = [{ ...offered, status: 'LAPSED', position: null, offer: null }];
    act(() => FakeSocket.last().receive({ type: 'waitlist.updated', kind: 'appointment', ownerId: offered.ownerId, date: offered.date }));
    expect(await within(panel).findByText('Offer lapsed')).toBeInTheDocument();
  }, 30_000);
});

it('words the statuses as the shared labels do, in English', () => {
  for (const [status, label] of Object.entries(waitlistStatusLabels)) expect(english[`waitlist.status.${status}` as keyof typeof english]).toBe(label);
});
