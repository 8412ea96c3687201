import type { Booking, BookingSeries, BookingSeriesBooked, VisitSeries } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePatient, patientPage } from '@/test/patient-fixtures';
import { renderApp } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const bloods = makeService({ id: '40000000-0000-4000-8000-000000000011', name: 'Dialysis bloods', kind: 'TEST', category: 'Pathology', pricePaise: 80_000 });
const ct = makeService({ id: '40000000-0000-4000-8000-000000000012', name: 'CT Knee', kind: 'SCAN', category: 'CT', pricePaise: 300_000 });
const patient = makePatient({ name: 'Suresh Iyer' });
const SERIES_ID = '70000000-0000-4000-8000-000000000021';

function start(routes: Record<string, FakeRoute>, path: string) {
  const api = installFakeApi({ ...headerRoutes(), 'GET /bookings': { data: page([]) }, 'GET /services': { data: page([bloods, ct]) }, ...routes });
  restore = api.restore;
  storeSession(makeUser('SCAN', 'WORKER'));
  renderApp(path);
  return userEvent.setup();
}

const slotsAt = (starts: string[]) =>
  recording((params) => ({ data: { date: String(params.date), timeZone: 'Asia/Kolkata', slots: starts.map((start) => ({ start, end: start, capacity: 1, remaining: 1 })) } }));

function makeSeries(overrides: Partial<VisitSeries> = {}): VisitSeries {
  return {
    id: SERIES_ID,
    kind: 'booking',
    ownerId: bloods.id,
    patientId: patient.id,
    startDate: '2026-11-25',
    startTime: '10:00',
    every: { n: 1, unit: 'week' },
    count: 3,
    until: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    cancelledAt: null,
    ...overrides,
  };
}

const ofBloods = (overrides: Partial<Booking>) =>
  makeBooking({ serviceId: bloods.id, serviceName: bloods.name, serviceKind: 'TEST', category: 'Pathology', patientName: 'Suresh Iyer', seriesId: SERIES_ID, ...overrides });

describe('booking a series of scans or tests from New booking', () => {
  const { today, day } = pinClock(MID_MORNING.at);

  it('repeats a test every week, sends the series for the scan or test, and lists what was booked and skipped', async () => {
    const booked: BookingSeriesBooked = {
      series: makeSeries({ startDate: today, startTime: '10:00' }),
      visits: [
        ofBloods({ date: today, startTime: '10:00', tokenNumber: 4, tokenLabel: 'PA-004' }),
        ofBloods({ date: day(14), startTime: '10:00', tokenNumber: 1, tokenLabel: 'PA-001' }),
      ],
      skipped: [{ date: day(7), reason: 'slot-full', message: 'This slot is full: choose another time' }],
    };
    const create = recording(() => ({ status: 201, data: booked }));
    const single = recording(() => ({ status: 201, data: ofBloods({}) }));
    const user = start(
      {
        'GET /patients': { data: patientPage([patient]) },
        [`GET /services/${bloods.id}/slots`]: slotsAt(['09:30', '10:00']).route,
        'POST /bookings/series': create.route,
        'POST /bookings': single.route,
      },
      '/bookings?new=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'New booking' }, { timeout: 15_000 });
    await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'suresh');
    await user.click(await within(dialog).findByRole('option', { name: /Suresh Iyer/ }, { timeout: 5_000 }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Scan or test' }));
    await user.click(await screen.findByRole('option', { name: /Dialysis bloods/ }));
    await user.click(await within(dialog).findByRole('button', { name: '10:00 am' }));

    const repeat = within(dialog).getByRole('switch', { name: 'Repeat' });
    expect(repeat).not.toBeChecked();
    // The hint speaks of what a scan and test centre repeats, not of a doctor's course.
    expect(within(dialog).getByText(/a course of dressings, weekly dialysis bloods, a monthly scan/)).toBeInTheDocument();
    await user.click(repeat);
    const count = within(dialog).getByRole('spinbutton', { name: 'Number of visits' });
    await user.clear(count);
    await user.type(count, '3');
    expect(within(within(dialog).getByRole('list', { name: '3 dates' })).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Book 3 visits' }));
    await waitFor(() =>
      expect(create.seen[0]?.body).toEqual({ serviceId: bloods.id, patientId: patient.id, startDate: today, startTime: '10:00', every: { n: 1, unit: 'week' }, count: 3 }),
    );
    expect(single.seen).toHaveLength(0);
    const result = await screen.findByRole('dialog', { name: 'Series booked' });
    expect(
      within(within(result).getByRole('region', { name: 'Booked (2)' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wed 25 Nov 2026, 10:00 am — token PA-004', 'Wed 09 Dec 2026, 10:00 am — token PA-001']);
    const skipped = within(result).getByRole('region', { name: 'Not booked (1)' });
    expect(within(skipped).getByText('Slot full')).toBeInTheDocument();
    expect(await screen.findByText('2 booked, 1 could not be booked')).toBeInTheDocument();
  });
});

describe('a series in the booking drawer', () => {
  const { day } = pinClock(MID_MORNING.at);
  const visits = [ofBloods({ date: day(-7), status: 'COMPLETED' }), ofBloods({ date: day(0), tokenNumber: 3, tokenLabel: 'PA-003' }), ofBloods({ date: day(7) })];
  const opened = visits[1]!;
  const series: BookingSeries = { series: makeSeries({ startDate: day(-7) }), visits: visits.map(bookingRow) };

  function openDrawer(routes: Record<string, FakeRoute>) {
    return start({ [`GET /bookings/${opened.id}`]: { data: opened }, [`GET /bookings/series/${SERIES_ID}`]: { data: series }, ...routes }, `/bookings?open=${opened.id}`);
  }

  it('moves the series to another scan or test and a new time, and lists what could not move', async () => {
    const ctSlots = slotsAt(['11:00']);
    const move = recording(() => ({
      data: {
        series: makeSeries({ ownerId: ct.id, startTime: '11:00' }),
        changed: [{ id: opened.id, date: opened.date, startTime: '11:00' }],
        refused: [{ id: visits[2]!.id, date: visits[2]!.date, startTime: '11:00', reason: 'slot-full', message: 'This slot is full: choose another time' }],
      },
    }));
    const user = openDrawer({ [`GET /services/${ct.id}/slots`]: ctSlots.route, [`POST /bookings/series/${SERIES_ID}/reschedule`]: move.route });
    const drawer = await screen.findByRole('dialog', { name: 'Token PA-003' }, { timeout: 15_000 });
    const section = await within(drawer).findByRole('region', { name: 'Part of a series: 3 visits' });
    expect(within(section).getByText('Every week at 10:00 am; 2 booked ahead')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Move the series…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the series' });
    const owner = within(dialog).getByRole('combobox', { name: 'Scan or test' });
    expect(owner).toHaveValue('Dialysis bloods');
    await user.clear(owner);
    await user.type(owner, 'CT');
    await user.click(await screen.findByRole('option', { name: /CT Knee/ }));
    await user.click(await within(dialog).findByRole('button', { name: '11:00 am' }));
    expect(ctSlots.seen[0]?.params).toEqual({ date: day(0) });
    await user.click(within(dialog).getByRole('button', { name: 'Move the series' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ startTime: '11:00', serviceId: ct.id }));
    const result = await screen.findByRole('dialog', { name: 'Series moved' });
    expect(within(within(result).getByRole('region', { name: 'Moved (1)' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(within(result).getByRole('region', { name: 'Not moved (1)' })).getByText('Slot full')).toBeInTheDocument();
  });

  it('cancels the bookings still ahead with a reason', async () => {
    const cancel = recording(() => ({
      data: { series: makeSeries({ cancelledAt: '2026-11-25T05:00:00.000Z' }), changed: visits.slice(1).map(({ id, date, startTime }) => ({ id, date, startTime })), refused: [] },
    }));
    const user = openDrawer({ [`POST /bookings/series/${SERIES_ID}/cancel`]: cancel.route });
    const drawer = await screen.findByRole('dialog', { name: 'Token PA-003' }, { timeout: 15_000 });
    const section = await within(drawer).findByRole('region', { name: 'Part of a series: 3 visits' });
    await user.click(within(section).getByRole('button', { name: 'Cancel the series…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel series?' });
    expect(within(confirm).getByText(/Suresh Iyer: the 2 visits still booked ahead are cancelled/)).toBeInTheDocument();
    await user.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Course finished');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel series' }));
    await waitFor(() => expect(cancel.seen[0]?.body).toEqual({ reason: 'Course finished' }));
    expect(await screen.findByText('2 visits of the series cancelled')).toBeInTheDocument();
  });

  it('shows no series part for a booking that is not in one', async () => {
    const alone = makeBooking({ tokenNumber: 8, tokenLabel: 'PA-008', seriesId: null });
    start({ [`GET /bookings/${alone.id}`]: { data: alone } }, `/bookings?open=${alone.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Token PA-008' }, { timeout: 15_000 });
    expect(within(drawer).getByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(within(drawer).queryByRole('region', { name: /Part of a series/ })).not.toBeInTheDocument();
  });
});
