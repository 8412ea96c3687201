import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking } from '@/test/booking-fixtures';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePatient, patientPage } from '@/test/patient-fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';
import { heldLine, makeWaitlistEntry, slotsDay, typedDate, type WaitlistOwner } from '@/test/waitlist-fixtures';

// Issue 21 for scans and tests: a full day's waitlist joined from the booking form, and the day's
// panel in the Bookings header (appointments/waitlist.test.tsx is the doctors' side).

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const { today, day, at } = pinClock(MID_MORNING.at);
const tomorrow = day(1);
const scan = makeService({ name: 'CT Chest', category: 'CT', kind: 'SCAN', capacityPerSlot: 1, extraPerDay: 1 });
const patient = makePatient({ name: 'Lakshmi Narayan' });
const owner: WaitlistOwner = { kind: 'booking', id: scan.id, name: scan.name, date: tomorrow };

function setup(routes: Record<string, FakeRoute>, path: string, options: { live?: boolean } = {}) {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /bookings': { data: page([]) },
    'GET /services': { data: page([scan]) },
    'GET /patients': { data: patientPage([patient]) },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('SCAN', 'WORKER'));
  renderApp(path, options.live ? { liveEvents: fakeLiveEventsClient() } : {});
  return { api, user: userEvent.setup() };
}

async function pickPatientAndScan(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New booking' }, { timeout: 30_000 });
  await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
  await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Scan or test' }));
  await user.click(await screen.findByRole('option', { name: /CT Chest/ }));
  return dialog;
}

async function chooseDate(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, date: string) {
  const field = within(dialog).getByRole('textbox', { name: 'Date' });
  await user.clear(field);
  await user.type(field, typedDate(date));
}

describe('joining a scan’s full day’s waitlist from the booking form', () => {
  it('is offered only when every slot is taken, and puts the chosen patient on that scan’s day', async () => {
    const join = recording(() => ({ status: 201, data: makeWaitlistEntry(owner, { name: patient.name, position: 3 }) }));
    const { user } = setup(
      {
        [`GET /services/${scan.id}/slots`]: (_body, config) => {
          const { date } = config.params as { date: string };
          return { data: date === tomorrow ? slotsDay(date, [], ['08:00', '08:30']) : slotsDay(date, ['11:00'], ['10:30']) };
        },
        'POST /waitlist': join.route,
      },
      '/bookings?new=1',
    );
    const dialog = await pickPatientAndScan(user);
    await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(within(dialog).queryByRole('button', { name: 'Add to waitlist' })).not.toBeInTheDocument();

    await chooseDate(user, dialog, tomorrow);
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
    // Beside the scan's extra, not instead of it.
    expect(within(dialog).getByRole('button', { name: /^Book as extra/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add to waitlist' }));
    await waitFor(() => expect(join.seen[0]?.body).toEqual({ kind: 'booking', ownerId: scan.id, date: tomorrow, patientId: patient.id }));
    expect((await screen.findAllByText('Added to the waitlist: 3rd in line')).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Add to waitlist' })).not.toBeInTheDocument();
  }, 60_000);

  it('shows the server’s refusal, and is not offered on a day the scan takes no one', async () => {
    const join = recording(() => ({ status: 409, data: { message: 'This patient is already on the waitlist for this day' } }));
    const { user } = setup(
      {
        [`GET /services/${scan.id}/slots`]: (_body, config) => {
          const { date } = config.params as { date: string };
          return { data: date === tomorrow ? slotsDay(date, [], []) : slotsDay(date, [], ['08:00']) };
        },
        'POST /waitlist': join.route,
      },
      '/bookings?new=1',
    );
    const dialog = await pickPatientAndScan(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Add to waitlist' }));
    expect(await within(dialog).findByText('This patient is already on the waitlist for this day')).toBeInTheDocument();
    expect(join.seen[0]?.body).toEqual({ kind: 'booking', ownerId: scan.id, date: today, patientId: patient.id });

    // The scan's day off: no slots at all, so nothing to wait for.
    await chooseDate(user, dialog, tomorrow);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Add to waitlist' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('No free slots on this day')).toBeInTheDocument();
  }, 60_000);
});

describe('a scan’s day’s waitlist panel', () => {
  const path = `/bookings?serviceId=${scan.id}&from=${tomorrow}`;
  const { offered, waiting, lapsed } = heldLine(owner, at, 12 * 60 + 5, '08:30');

  it('is a header button once the list shows one scan’s day, listing places, statuses and the hold’s time left', async () => {
    const list = recording(() => ({ data: { data: [offered, waiting, lapsed] } }));
    const { user } = setup({ 'GET /waitlist': list.route }, path);
    await user.click(await screen.findByRole('button', { name: 'Waitlist (2)' }, slow));
    expect(list.seen[0]?.params).toEqual({ kind: 'booking', ownerId: scan.id, date: tomorrow });
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    expect(within(panel).getByText(/^CT Chest · /)).toBeInTheDocument();
    const rows = within(within(panel).getByRole('list', { name: 'Patients on the waitlist' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1Priya OfferedPlace offered\+91 98765 43210 · 1st in linePlace held at 8:30 am1[12]:\d\d leftBook nowRemove$/),
      '2Ravi WaitingWaiting+91 98765 43210 · 2nd in lineRemove',
      '–Old LapsedOffer lapsed+91 98765 43210',
    ]);
    expect(within(rows[0]!).getByRole('timer')).toHaveTextContent(/^1[12]:\d\d left$/);
  }, 30_000);

  it('is not offered for a range of days or without a scan', async () => {
    setup({ 'GET /waitlist': { data: { data: [] } } }, `/bookings?from=${tomorrow}&to=${day(3)}&serviceId=${scan.id}`);
    await screen.findByRole('button', { name: 'New booking' }, slow);
    expect(screen.queryByRole('button', { name: /^Waitlist/ })).not.toBeInTheDocument();
  }, 30_000);

  it('books the held place for the patient, then opens their booking', async () => {
    let current = [offered, waiting];
    const booking = makeBooking({
      serviceId: scan.id,
      serviceName: scan.name,
      category: 'CT',
      patientName: 'Priya Offered',
      date: tomorrow,
      startTime: '08:30',
      tokenNumber: 4,
      tokenLabel: 'CT-004',
    });
    const book = recording(() => {
      current = [
        { ...offered, status: 'BOOKED', position: null, offer: null, visitId: booking.id },
        { ...waiting, position: 1 },
      ];
      return { data: current[0] };
    });
    const { api, user } = setup(
      { 'GET /waitlist': () => ({ data: { data: current } }), [`POST /waitlist/${offered.id}/book`]: book.route, [`GET /bookings/${booking.id}`]: { data: booking } },
      `${path}&waitlist=1`,
    );
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    const listReads = () => api.calls.filter((call) => call.method === 'GET' && call.url === '/bookings').length;
    const listedBefore = listReads();
    await user.click(await within(panel).findByRole('button', { name: 'Book now for Priya Offered' }));
    expect(book.seen).toHaveLength(1);
    expect((await screen.findAllByText('Booked for Priya Offered at 8:30 am')).length).toBeGreaterThan(0);
    // The line is read again: booked, and the next patient first; the day's list shows the new booking.
    await within(panel).findByText('Booked');
    expect(within(panel).getByText(/2nd in line|1st in line/)).toHaveTextContent('1st in line');
    await waitFor(() => expect(listReads()).toBeGreaterThan(listedBefore));
    await user.click(within(panel).getByRole('button', { name: 'Open the booking of Priya Offered' }));
    const drawer = await screen.findByRole('dialog', { name: 'Token CT-004' }, slow);
    expect(drawer).toHaveTextContent('Priya Offered');
    expect(screen.queryByRole('dialog', { name: 'Waitlist' })).not.toBeInTheDocument();
  }, 30_000);

  it('shows the server’s refusal to book a place whose hold has run out', async () => {
    const { user } = setup(
      {
        'GET /waitlist': { data: { data: [offered, waiting] } },
        [`POST /waitlist/${offered.id}/book`]: { status: 409, data: { message: 'This offer has lapsed: the place went to the next patient' } },
      },
      `${path}&waitlist=1`,
    );
    const panel = await screen.findByRole('dialog', { name: 'Waitlist' }, slow);
    await user.click(await within(panel).findByRole('button', { name: 'Book now for Priya Offered' }));
    expect(await screen.findByText('This offer has lapsed: the place went to the next patient')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Book now for Priya Offered' })).toBeEnabled();
  }, 30_000);

  it('removes a patient only once confirmed, and follows the bookings’ and the line’s live changes', async () => {
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

    // A booking cancelled elsewhere offers its place: the bookings' event reads the line again.
    act(() => FakeSocket.last().ready());
    current = [offered];
    act(() => FakeSocket.last().receive({ type: 'booking.updated', bookingId: '60000000-0000-4000-8000-000000000099', status: 'CANCELLED' }));
    expect(await within(panel).findByRole('button', { name: 'Book now for Priya Offered' })).toBeInTheDocument();

    // The line's own event (an offer passed on by the sweep, a decline in the app) reads it again too.
    current = [{ ...offered, status: 'LAPSED', position: null, offer: null }];
    act(() => FakeSocket.last().receive({ type: 'waitlist.updated', kind: 'booking', ownerId: scan.id, date: tomorrow }));
    expect(await within(panel).findByText('Offer lapsed')).toBeInTheDocument();
  }, 30_000);
});
