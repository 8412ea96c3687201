import type { Appointment, AppointmentSeries, AppointmentSeriesBooked, VisitSeries } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { patientPage } from '@/test/patient-fixtures';
import { appointmentRow, makeAppointment, makeDoctor, makePatient, page } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const doctor = makeDoctor({ name: 'Dr. Kavya Rao', specialization: 'Physiotherapy', consultationFeePaise: 60_000 });
const patient = makePatient({ name: 'Anita Desai' });
const SERIES_ID = '70000000-0000-4000-8000-000000000001';

function start(routes: Record<string, FakeRoute>, path: string) {
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': { data: page([]) }, 'GET /doctors': { data: page([doctor]) }, ...routes });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  renderApp(path);
  return userEvent.setup();
}

function makeSeries(overrides: Partial<VisitSeries> = {}): VisitSeries {
  return {
    id: SERIES_ID,
    kind: 'appointment',
    ownerId: doctor.id,
    patientId: patient.id,
    startDate: '2026-11-25',
    startTime: '10:00',
    every: { n: 1, unit: 'week' },
    count: 4,
    until: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    cancelledAt: null,
    ...overrides,
  };
}

describe('booking a series from the New appointment dialog', () => {
  const { today, day } = pinClock(MID_MORNING.at);

  async function chooseSlot(user: ReturnType<typeof userEvent.setup>) {
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });
    await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'anita');
    await user.click(await within(dialog).findByRole('option', { name: /Anita Desai/ }, { timeout: 5_000 }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
    await user.click(await screen.findByRole('option', { name: /Dr. Kavya Rao/ }));
    await user.click(await within(dialog).findByRole('button', { name: '10:15 am' }));
    return dialog;
  }

  const slots = (params: Record<string, unknown>) => ({
    data: { date: String(params.date), timeZone: 'Asia/Kolkata', slots: ['09:30', '10:15'].map((start) => ({ start, end: start, capacity: 1, remaining: 1 })) },
  });

  it('is off by default; on, it shows the dates, refuses a plan the server would, and books the series', async () => {
    const booked: AppointmentSeriesBooked = {
      series: makeSeries({ startDate: today, startTime: '10:15', every: { n: 2, unit: 'day' }, count: 3 }),
      visits: [
        makeAppointment({ date: today, startTime: '10:15', tokenNumber: 4, seriesId: SERIES_ID }),
        makeAppointment({ date: day(4), startTime: '10:15', tokenNumber: 2, seriesId: SERIES_ID }),
      ],
      skipped: [{ date: day(2), reason: 'slot-full', message: 'This slot is full: choose another time' }],
    };
    const create = recording(() => ({ status: 201, data: booked }));
    const single = recording(() => ({ status: 201, data: makeAppointment() }));
    const user = start(
      {
        'GET /patients': { data: patientPage([patient]) },
        [`GET /doctors/${doctor.id}/slots`]: (_body, config) => slots(config.params as Record<string, unknown>),
        'POST /appointments/series': create.route,
        'POST /appointments': single.route,
      },
      '/appointments?new=1',
    );
    const dialog = await chooseSlot(user);
    const repeat = within(dialog).getByRole('switch', { name: 'Repeat' });
    expect(repeat).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Book' })).toBeEnabled();

    await user.click(repeat);
    const dates = () =>
      within(within(dialog).getByRole('list', { name: /dates?$/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(dates()).toEqual(['Wed 25 Nov 2026', 'Wed 02 Dec 2026', 'Wed 09 Dec 2026', 'Wed 16 Dec 2026']);

    const count = within(dialog).getByRole('spinbutton', { name: 'Number of visits' });
    await user.clear(count);
    await user.type(count, '60');
    expect(within(dialog).getByText('At most 52')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Book/ })).toBeDisabled();

    await user.clear(count);
    await user.type(count, '3');
    const every = within(dialog).getByRole('spinbutton', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '2');
    await user.click(within(dialog).getByRole('combobox', { name: 'Days or weeks' }));
    await user.click(await screen.findByRole('option', { name: 'days' }));
    expect(dates()).toEqual(['Wed 25 Nov 2026', 'Fri 27 Nov 2026', 'Sun 29 Nov 2026']);

    await user.click(within(dialog).getByRole('button', { name: 'Book 3 visits' }));
    await waitFor(() =>
      expect(create.seen[0]?.body).toEqual({ doctorId: doctor.id, patientId: patient.id, startDate: today, startTime: '10:15', every: { n: 2, unit: 'day' }, count: 3 }),
    );
    expect(single.seen).toHaveLength(0);
    const result = await screen.findByRole('dialog', { name: 'Series booked' });
    const bookedList = within(result).getByRole('region', { name: 'Booked (2)' });
    expect(
      within(bookedList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wed 25 Nov 2026, 10:15 am — token 004', 'Sun 29 Nov 2026, 10:15 am — token 002']);
    const skipped = within(result).getByRole('region', { name: 'Not booked (1)' });
    expect(within(skipped).getByText('Slot full')).toBeInTheDocument();
    expect(within(skipped).getByText('Fri 27 Nov 2026: This slot is full: choose another time')).toBeInTheDocument();
    expect(await screen.findByText('2 booked, 1 could not be booked')).toBeInTheDocument();
  });

  it('ends on a date instead of a number of visits', async () => {
    const create = recording(() => ({ status: 201, data: { series: makeSeries(), visits: [makeAppointment({ seriesId: SERIES_ID })], skipped: [] } }));
    const user = start(
      {
        'GET /patients': { data: patientPage([patient]) },
        [`GET /doctors/${doctor.id}/slots`]: (_body, config) => slots(config.params as Record<string, unknown>),
        'POST /appointments/series': create.route,
      },
      '/appointments?new=1',
    );
    const dialog = await chooseSlot(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Repeat' }));
    await user.click(within(dialog).getByRole('radio', { name: 'On a date' }));
    expect(within(dialog).getByText('Give the number of visits or an end date')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Last date' }), '2026-12-09');
    expect(within(dialog).getByRole('list', { name: '3 dates' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book 3 visits' }));
    await waitFor(() => expect(create.seen[0]?.body).toMatchObject({ startDate: today, every: { n: 1, unit: 'week' }, until: '2026-12-09' }));
    expect(create.seen[0]?.body).not.toHaveProperty('count');
  });
});

describe('a series in the appointment drawer', () => {
  const { day } = pinClock(MID_MORNING.at);
  const visits = [
    makeAppointment({ date: day(-7), startTime: '10:00', status: 'COMPLETED', seriesId: SERIES_ID, doctorId: doctor.id }),
    makeAppointment({ date: day(0), startTime: '10:00', tokenNumber: 3, seriesId: SERIES_ID, doctorId: doctor.id, patientName: 'Anita Desai' }),
    makeAppointment({ date: day(7), startTime: '10:00', seriesId: SERIES_ID, doctorId: doctor.id }),
    makeAppointment({ date: day(14), startTime: '10:00', seriesId: SERIES_ID, doctorId: doctor.id }),
  ];
  const opened = visits[1]!;
  const series: AppointmentSeries = { series: makeSeries({ startDate: day(-7) }), visits: visits.map(appointmentRow) };

  function openDrawer(routes: Record<string, FakeRoute>) {
    return start(
      { [`GET /appointments/${opened.id}`]: { data: opened satisfies Appointment }, [`GET /appointments/series/${SERIES_ID}`]: { data: series }, ...routes },
      `/appointments?open=${opened.id}`,
    );
  }

  it('says the visit is part of a series and cancels the series with a reason', async () => {
    const cancel = recording(() => ({
      data: { series: makeSeries({ cancelledAt: '2026-11-25T05:00:00.000Z' }), changed: visits.slice(1).map(({ id, date, startTime }) => ({ id, date, startTime })), refused: [] },
    }));
    const user = openDrawer({ [`POST /appointments/series/${SERIES_ID}/cancel`]: cancel.route });
    const drawer = await screen.findByRole('dialog', { name: 'Token 003' }, { timeout: 15_000 });
    const section = await within(drawer).findByRole('region', { name: 'Part of a series: 4 visits' });
    expect(within(section).getByText('Every week at 10:00 am; 3 booked ahead')).toBeInTheDocument();
    // The visit's own actions stay beside the series'.
    expect(within(drawer).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cancel the series…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel series?' });
    expect(within(confirm).getByText(/Anita Desai: the 3 visits still booked ahead are cancelled/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel series' }));
    expect(within(confirm).getByText('Enter the reason for cancelling')).toBeInTheDocument();
    expect(cancel.seen).toHaveLength(0);
    await user.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Therapy stopped');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel series' }));
    await waitFor(() => expect(cancel.seen[0]?.body).toEqual({ reason: 'Therapy stopped' }));
    expect(await screen.findByText('3 visits of the series cancelled')).toBeInTheDocument();
  });

  it('moves the series to a new time and lists what could not move and why', async () => {
    const slots = recording((params) => ({ data: { date: String(params.date), timeZone: 'Asia/Kolkata', slots: [{ start: '11:00', end: '11:15', capacity: 1, remaining: 1 }] } }));
    const move = recording(() => ({
      data: {
        series: makeSeries({ startTime: '11:00' }),
        changed: [visits[1]!, visits[3]!].map(({ id, date }) => ({ id, date, startTime: '11:00' })),
        refused: [{ id: visits[2]!.id, date: visits[2]!.date, startTime: '11:00', reason: 'slot-full', message: 'This slot is full: choose another time' }],
      },
    }));
    const user = openDrawer({ [`GET /doctors/${doctor.id}/slots`]: slots.route, [`POST /appointments/series/${SERIES_ID}/reschedule`]: move.route });
    const drawer = await screen.findByRole('dialog', { name: 'Token 003' }, { timeout: 15_000 });
    await user.click(await within(drawer).findByRole('button', { name: 'Move the series…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the series' });
    // The free times of the next visit still ahead: today's.
    await user.click(await within(dialog).findByRole('button', { name: '11:00 am' }));
    expect(slots.seen[0]?.params).toEqual({ date: day(0) });
    await user.click(within(dialog).getByRole('button', { name: 'Move the series' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ startTime: '11:00' }));
    const result = await screen.findByRole('dialog', { name: 'Series moved' });
    expect(within(within(result).getByRole('region', { name: 'Moved (2)' })).getAllByRole('listitem')).toHaveLength(2);
    const notMoved = within(result).getByRole('region', { name: 'Not moved (1)' });
    expect(within(notMoved).getByText('Slot full')).toBeInTheDocument();
  });
});
