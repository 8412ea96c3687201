import type { Appointment, DoctorDayChange, Slot } from '@caredesk/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { patientPage } from '@/test/patient-fixtures';
import { renderApp } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, makePatient, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  // jsdom lays nothing out: the tests below say which cell is under the pointer.
  Reflect.deleteProperty(document, 'elementFromPoint');
});

const { today, day } = pinClock(MID_MORNING.at);
const tomorrow = day(1);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-26' -> '26 Nov 2026', written out rather than taken from the console's code. */
const shown = (date: string) => `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

const meera = makeDoctor({ name: 'Dr. Meera Iyer', specialization: 'Cardiology' });
const arjun = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology' });
const patient = makePatient({ name: 'Lakshmi Narayan' });
const visitOf = (doctor: typeof meera, overrides: Partial<Appointment> & Pick<Appointment, 'date'>) =>
  makeAppointment({ doctorId: doctor.id, doctorName: doctor.name, specialization: doctor.specialization, patientId: patient.id, ...overrides });
const slot = (start: string, end: string, capacity = 1, remaining = 1): Slot => ({ start, end, capacity, remaining });
/** A day that starts late (9:00-12:00), as GET /doctors/:id/days lists it, with the visits it kept outside its hours. */
const startsLate = (date: string, kept: Appointment[]): DoctorDayChange => ({
  date,
  windows: [{ start: '09:00', end: '12:00' }],
  capacity: null,
  note: null,
  byName: 'Asha Admin',
  at: '2026-11-20T10:00:00.000Z',
  outsideHours: kept.map((visit) => ({ id: visit.id, date: visit.date, startTime: visit.startTime, endTime: visit.endTime, tokenLabel: visit.tokenLabel, status: visit.status })),
});

/**
 * The calendar's API as the server keeps it: the visits by range and doctor, each doctor's free
 * slots by date, and a reschedule that moves the visit (or refuses, when `refuse` is given).
 */
function calendarApi(rows: Appointment[], free: Record<string, Slot[]>, refuse?: { status: number; message: string }) {
  const list = recording((params) => {
    const matching = rows.filter(
      (row) =>
        row.date >= String(params.from) &&
        row.date <= String(params.to) &&
        (params.doctorId === undefined || row.doctorId === params.doctorId) &&
        (params.patientId === undefined || row.patientId === params.patientId),
    );
    return { data: { data: matching.map(appointmentRow), total: matching.length, page: 1, pageSize: Number(params.pageSize) } };
  });
  const slots = recording((params) => ({ data: { date: String(params.date), timeZone: 'Asia/Kolkata', slots: [] } }));
  const moves = recording(() => ({ status: 500 }));
  const routes: Record<string, FakeRoute> = { 'GET /appointments': list.route };
  for (const doctor of [meera, arjun]) {
    routes[`GET /doctors/${doctor.id}/slots`] = (body, config) => {
      const date = String((config.params as { date: string }).date);
      slots.route(body, config);
      return { data: { date, timeZone: 'Asia/Kolkata', slots: free[`${doctor.id}|${date}`] ?? [] } };
    };
  }
  for (const row of rows) {
    routes[`POST /appointments/${row.id}/reschedule`] = (body, config) => {
      moves.route(body, config);
      if (refuse) return { status: refuse.status, data: { statusCode: refuse.status, error: 'Conflict', message: refuse.message } };
      const { date, startTime, doctorId } = body as { date: string; startTime: string; doctorId?: string };
      const doctor = [meera, arjun].find((candidate) => candidate.id === (doctorId ?? row.doctorId))!;
      const end = free[`${doctor.id}|${date}`]?.find((candidate) => candidate.start === startTime)?.end ?? row.endTime;
      Object.assign(row, { date, startTime, endTime: end, doctorId: doctor.id, doctorName: doctor.name, specialization: doctor.specialization });
      return { data: row };
    };
  }
  return { routes, list, slots, moves };
}

function open(path: string, rows: Appointment[], free: Record<string, Slot[]>, options: { refuse?: { status: number; message: string }; extra?: Record<string, FakeRoute> } = {}) {
  const api = calendarApi(rows, free, options.refuse);
  const installed = installFakeApi({
    ...headerRoutes(),
    'GET /doctors': { data: page([meera, arjun]) },
    'GET /patients': { data: patientPage([patient]) },
    ...api.routes,
    ...options.extra,
  });
  restore = installed.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  return { ...renderApp(path), ...api, user: userEvent.setup() };
}

const column = (name: string) => screen.findByRole('list', { name }, { timeout: 15_000 });

/** A mouse press on `block`, a move onto `cell` (what jsdom is told lies under the pointer there), and a release. */
function dragOnto(block: HTMLElement, cell: HTMLElement | null) {
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: (x: number) => (x >= 300 ? cell : null) });
  const pointer = { pointerId: 7, pointerType: 'mouse', isPrimary: true, button: 0 };
  fireEvent.pointerDown(block, { ...pointer, clientX: 20, clientY: 20 });
  fireEvent.pointerMove(window, { ...pointer, clientX: 120, clientY: 60 });
  fireEvent.pointerMove(window, { ...pointer, clientX: 320, clientY: 90 });
  fireEvent.pointerUp(window, { ...pointer, clientX: 320, clientY: 90 });
}

/**
 * Meera's day tomorrow as a desk sees it: its free and full slots and extras left (`day`, which a
 * test may change as the server would), and a reschedule of `visit` that takes a free slot (freeing
 * its own), refuses a full one unless asked for an extra, and takes an extra while there is one
 * (else `usedUp`).
 */
function extrasDay(visit: Appointment, day: { free: Slot[]; full: Slot[]; left: number; allowance: number }, usedUp = 'All 2 extras of Dr. Meera Iyer are booked') {
  const moves = recording((_params, body) => {
    const { date, startTime, overbook } = body as { date: string; startTime: string; overbook?: boolean };
    const freeSlot = day.free.find((candidate) => candidate.start === startTime);
    const fullSlot = day.full.find((candidate) => candidate.start === startTime);
    const refuse = (message: string) => ({ status: 409, data: { statusCode: 409, error: 'Conflict', message } });
    if (!freeSlot && !overbook) return refuse('This slot is full: choose another time');
    if (!freeSlot && day.left === 0) return refuse(usedUp);
    // The place it leaves is free again (an extra's was beside the slot); a free one it takes is not.
    const left = visit.overbooked ? [] : [slot(visit.startTime, visit.endTime)];
    day.free = [...day.free.filter((candidate) => candidate !== freeSlot), ...left];
    Object.assign(visit, { date, startTime, endTime: (freeSlot ?? fullSlot)?.end ?? visit.endTime, overbooked: !freeSlot });
    return { data: visit };
  });
  const slotsRoute: FakeRoute = (_body, config) => ({
    data: { date: (config.params as { date: string }).date, timeZone: 'Asia/Kolkata', slots: day.free, full: day.full, extras: { allowance: day.allowance, left: day.left } },
  });
  return { moves, routes: { [`GET /doctors/${meera.id}/slots`]: slotsRoute, [`POST /appointments/${visit.id}/reschedule`]: moves.route } };
}

/** Presses `block`, moves it onto the full slot at `start` (drawn only once the drag has begun, and told to jsdom as under the pointer), and releases. */
function dragOntoFull(block: HTMLElement, start: string) {
  const zone = () => document.querySelector(`[data-slot-full][data-slot-start="${start}"]`);
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: (x: number) => (x >= 300 ? zone() : null) });
  const pointer = { pointerId: 7, pointerType: 'mouse', isPrimary: true, button: 0 };
  fireEvent.pointerDown(block, { ...pointer, clientX: 20, clientY: 20 });
  fireEvent.pointerMove(window, { ...pointer, clientX: 120, clientY: 60 });
  // Picked up: the full slot offers itself, over its visits.
  expect(zone()).toHaveTextContent('Full: move in as extra');
  fireEvent.pointerMove(window, { ...pointer, clientX: 320, clientY: 90 });
  expect(zone()).toHaveAttribute('data-drop-target', 'true');
  fireEvent.pointerUp(window, { ...pointer, clientX: 320, clientY: 90 });
  expect(zone()).toBeNull();
}

/** Picks `block` up and checks no full slot offers itself (none it may go to as an extra), then lets go over nothing. */
function dragOntoNothingFull(block: HTMLElement) {
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => null });
  const pointer = { pointerId: 7, pointerType: 'mouse', isPrimary: true, button: 0 };
  fireEvent.pointerDown(block, { ...pointer, clientX: 20, clientY: 20 });
  fireEvent.pointerMove(window, { ...pointer, clientX: 120, clientY: 60 });
  expect(document.querySelector('[data-slot-full]')).toBeNull();
  fireEvent.pointerUp(window, { ...pointer, clientX: 120, clientY: 60 });
}

describe('the appointments calendar', () => {
  it('names each status colour in a legend, in the colours the blocks are drawn in', async () => {
    const booked = visitOf(meera, { tokenNumber: 1, date: today, startTime: '11:00', endTime: '11:15' });
    const cancelled = visitOf(arjun, { tokenNumber: 2, date: today, status: 'CANCELLED', startTime: '11:00', endTime: '11:15' });
    open('/appointments?view=day', [booked, cancelled], {});
    const meeraColumn = await column('Dr. Meera Iyer');
    const legend = screen.getByRole('list', { name: 'Status colours' });
    const entries = within(legend).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Booked',
      'Checked in',
      'In consultation',
      'Completed',
      'Cancelled',
      'No-show',
      'Awaiting confirmation',
      'Free slot',
    ]);

    const swatchOf = (name: string) => entries.find((entry) => entry.textContent === name)!.querySelector('[aria-hidden]')!;
    const blockOf = (token: string) => screen.getByRole('button', { name: new RegExp(`^Token ${token},`) });
    expect(within(meeraColumn).getByRole('button', { name: /^Token 001,/ })).toBeInTheDocument();
    for (const [name, token] of [
      ['Booked', '001'],
      ['Cancelled', '002'],
    ] as const) {
      const colour = getComputedStyle(blockOf(token)).borderLeftColor;
      expect(colour).toMatch(/^(#|rgb)/);
      expect(getComputedStyle(swatchOf(name)).borderLeftColor).toBe(colour);
    }
    expect(getComputedStyle(swatchOf('Booked')).borderLeftColor).not.toBe(getComputedStyle(swatchOf('Cancelled')).borderLeftColor);
  });

  it("offers only the doctor's free slots, never a full one nor a past day's, and books one with doctor, date and time filled in", async () => {
    const taken = visitOf(meera, { tokenNumber: 1, date: tomorrow, startTime: '11:15', endTime: '11:30', patientId: makePatient().id, patientName: 'Ravi Kumar' });
    // 11:15 is full: the API leaves it out.
    const free = { [`${meera.id}|${tomorrow}`]: [slot('11:00', '11:15'), slot('11:30', '11:45', 2, 1)] };
    const created = visitOf(meera, { tokenNumber: 2, date: tomorrow, startTime: '11:30', endTime: '11:45' });
    const book = recording(() => ({ status: 201, data: created }));
    const { user, slots, router } = open(`/appointments?view=day&from=${tomorrow}`, [taken], free, { extra: { 'POST /appointments': book.route } });
    const meeraColumn = await column('Dr. Meera Iyer');
    const cells = await within(meeraColumn).findAllByRole('button', { name: /^Book / });
    expect(cells.map((cell) => cell.getAttribute('aria-label'))).toEqual(['Book 11:00 am, Dr. Meera Iyer', 'Book 11:30 am, Dr. Meera Iyer, 1 place left']);
    expect(within(screen.getByRole('list', { name: 'Dr. Arjun Nair' })).queryAllByRole('button', { name: /^Book / })).toEqual([]);
    expect(slots.seen.map((call) => call.params)).toEqual([{ date: tomorrow }, { date: tomorrow }]);

    // One Tab stop for the column's free slots; the arrows move between them, Enter books.
    expect(cells.map((cell) => cell.tabIndex)).toEqual([0, -1]);
    cells[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(cells[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('combobox', { name: 'Doctor' })).toHaveValue('Dr. Meera Iyer');
    expect(within(dialog).getByRole('textbox', { name: 'Date' })).toHaveValue(shown(tomorrow));
    const picker = await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(within(picker).getByRole('button', { name: /^11:30 am/ })).toHaveAttribute('aria-pressed', 'true');

    await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
    await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(book.seen[0]?.body).toEqual({ doctorId: meera.id, patientId: patient.id, date: tomorrow, startTime: '11:30' }));
    expect(await screen.findByRole('dialog', { name: 'Appointment booked' })).toBeInTheDocument();

    // A day gone by offers nothing, and its slots are not even asked for.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toContain(`from=${day(-1)}`));
    expect(await screen.findByText('No appointments')).toBeInTheDocument();
    expect(slots.seen.map((call) => call.params.date)).toContain(today);
    expect(slots.seen.map((call) => call.params.date)).not.toContain(day(-1));
  });

  it('books a clicked free slot of today', async () => {
    const free = { [`${arjun.id}|${today}`]: [slot('12:00', '12:15')] };
    const { user } = open(`/appointments?view=day&doctorId=${arjun.id}`, [], free);
    expect(await screen.findByText(/Nothing is booked on/)).toBeInTheDocument();
    await user.click(within(await column('Dr. Arjun Nair')).getByRole('button', { name: 'Book 12:00 pm, Dr. Arjun Nair' }));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('combobox', { name: 'Doctor' })).toHaveValue('Dr. Arjun Nair');
    expect(within(dialog).getByRole('textbox', { name: 'Date' })).toHaveValue(shown(today));
    expect(await within(dialog).findByRole('button', { name: '12:00 pm' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('moves a booked visit dragged onto another doctor’s free slot, and Undo moves it back', async () => {
    const lakshmi = visitOf(meera, { tokenNumber: 7, date: tomorrow, patientName: 'Lakshmi Narayan', startTime: '09:30', endTime: '09:45' });
    const free = { [`${meera.id}|${tomorrow}`]: [slot('09:45', '10:00')], [`${arjun.id}|${tomorrow}`]: [slot('12:00', '12:15')] };
    const { user, moves } = open(`/appointments?view=day&from=${tomorrow}`, [lakshmi], free);
    const arjunColumn = await column('Dr. Arjun Nair');
    const target = await within(arjunColumn).findByRole('button', { name: 'Book 12:00 pm, Dr. Arjun Nair' });
    const block = within(screen.getByRole('list', { name: 'Dr. Meera Iyer' })).getByRole('button', { name: /^Token 007,/ });

    dragOnto(block, target);
    await waitFor(() => expect(moves.seen[0]?.body).toEqual({ date: tomorrow, startTime: '12:00', doctorId: arjun.id }));
    expect(await screen.findByText(`Token 007 moved to 12:00 pm, ${shown(tomorrow)}, Dr. Arjun Nair`)).toBeInTheDocument();
    expect(await within(arjunColumn).findByRole('button', { name: /^Token 007, Lakshmi Narayan, 12:00 pm/ })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dr. Meera Iyer' })).queryByText('Lakshmi Narayan')).not.toBeInTheDocument();
    // The drag opened nothing.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(moves.seen[1]?.body).toEqual({ date: tomorrow, startTime: '09:30', doctorId: meera.id }));
    expect(await screen.findByText(`Token 007 is back at 9:30 am, ${shown(tomorrow)}, Dr. Meera Iyer`)).toBeInTheDocument();
    expect(await within(screen.getByRole('list', { name: 'Dr. Meera Iyer' })).findByRole('button', { name: /^Token 007, Lakshmi Narayan, 9:30 am/ })).toBeInTheDocument();
    expect(moves.seen).toHaveLength(2);
  });

  it("says the server's refusal and puts the block back; a visit no longer booked does not move, nor does a drop on no free slot", async () => {
    const lakshmi = visitOf(meera, { tokenNumber: 7, date: tomorrow, startTime: '09:30', endTime: '09:45' });
    const checkedIn = visitOf(arjun, { tokenNumber: 3, date: tomorrow, status: 'CHECKED_IN', startTime: '10:00', endTime: '10:15' });
    const free = { [`${meera.id}|${tomorrow}`]: [slot('11:00', '11:15')], [`${arjun.id}|${tomorrow}`]: [slot('12:00', '12:15')] };
    const { moves } = open(`/appointments?view=day&from=${tomorrow}`, [lakshmi, checkedIn], free, {
      refuse: { status: 409, message: 'This slot is full: choose another time' },
    });
    const meeraColumn = await column('Dr. Meera Iyer');
    const target = await within(meeraColumn).findByRole('button', { name: 'Book 11:00 am, Dr. Meera Iyer' });

    // Nowhere to land: nothing is sent.
    dragOnto(within(meeraColumn).getByRole('button', { name: /^Token 007,/ }), null);
    // Not booked any more: not picked up at all.
    dragOnto(screen.getByRole('button', { name: /^Token 003,/ }), target);
    expect(moves.seen).toHaveLength(0);

    dragOnto(within(meeraColumn).getByRole('button', { name: /^Token 007,/ }), target);
    expect(await screen.findByText('This slot is full: choose another time')).toBeInTheDocument();
    expect(moves.seen.map((call) => call.body)).toEqual([{ date: tomorrow, startTime: '11:00' }]);
    await waitFor(() => expect(within(meeraColumn).getByRole('button', { name: /^Token 007, Lakshmi Narayan, 9:30 am/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it("marks a visit a day's change kept outside its hours, in words, until it is moved into them", async () => {
    const early = visitOf(meera, { tokenNumber: 4, date: tomorrow, patientName: 'Lakshmi Narayan', startTime: '08:00', endTime: '08:15' });
    const inHours = visitOf(meera, { tokenNumber: 5, date: tomorrow, patientName: 'Ravi Kumar', startTime: '10:00', endTime: '10:15' });
    // Called off since: listed by no server (only visits to happen are), and never flagged here either.
    const cancelled = visitOf(meera, { tokenNumber: 6, date: tomorrow, status: 'CANCELLED', startTime: '08:15', endTime: '08:30' });
    const free = { [`${meera.id}|${tomorrow}`]: [slot('10:15', '10:30')] };
    // As listed before the move below: a list read again before the server has seen the move still names the visit.
    const listed = startsLate(tomorrow, [early, cancelled]);
    const meeraDays = recording(() => ({ data: { data: [listed] } }));
    const arjunDays = recording(() => ({ data: { data: [] } }));
    const { moves } = open(`/appointments?view=day&from=${tomorrow}`, [early, inHours, cancelled], free, {
      extra: { [`GET /doctors/${meera.id}/days`]: meeraDays.route, [`GET /doctors/${arjun.id}/days`]: arjunDays.route },
    });
    const meeraColumn = await column('Dr. Meera Iyer');
    const flagged = await within(meeraColumn).findByRole('button', { name: 'Token 004, Lakshmi Narayan, Outside hours, 8:00 am – 8:15 am, Booked' });
    // Seen at a glance: said on the block itself, not only in its colour or its name.
    expect(within(flagged).getByText('Outside hours')).toBeInTheDocument();
    expect(within(meeraColumn).getByRole('button', { name: 'Token 005, Ravi Kumar, 10:00 am – 10:15 am, Booked' })).toBeInTheDocument();
    expect(within(meeraColumn).getByRole('button', { name: /^Token 006,/ })).not.toHaveAccessibleName(/Outside hours/);
    expect(within(meeraColumn).getAllByText(/Outside hours/)).toHaveLength(1);
    // One read per doctor shown, from the first day shown: never one per visit.
    expect(meeraDays.seen.map((call) => call.params)).toEqual([{ from: tomorrow }]);
    expect(arjunDays.seen.map((call) => call.params)).toEqual([{ from: tomorrow }]);

    // Moved into the day's hours, it is no longer outside them, even before the list is read again.
    dragOnto(flagged, await within(meeraColumn).findByRole('button', { name: 'Book 10:15 am, Dr. Meera Iyer' }));
    await waitFor(() => expect(moves.seen[0]?.body).toEqual({ date: tomorrow, startTime: '10:15' }));
    expect(await within(meeraColumn).findByRole('button', { name: 'Token 004, Lakshmi Narayan, 10:15 am – 10:30 am, Booked' })).toBeInTheDocument();
    expect(within(meeraColumn).queryByText(/Outside hours/)).not.toBeInTheDocument();
  });

  it("flags a week's kept visits from one read of the doctor's changed days", async () => {
    const monday = dayjs(tomorrow)
      .subtract((dayjs(tomorrow).day() + 6) % 7, 'day')
      .format('YYYY-MM-DD');
    const kept = visitOf(meera, { tokenNumber: 2, date: tomorrow, startTime: '19:00', endTime: '19:15' });
    const later = visitOf(meera, { tokenNumber: 3, date: day(9), startTime: '19:00', endTime: '19:15' });
    const days = recording(() => ({ data: { data: [startsLate(tomorrow, [kept]), startsLate(day(9), [later])] } }));
    open(`/appointments?view=week&from=${tomorrow}&doctorId=${meera.id}`, [kept, later], {}, { extra: { [`GET /doctors/${meera.id}/days`]: days.route } });
    const grid = await screen.findByRole('region', { name: /^Appointments of Dr. Meera Iyer/ }, { timeout: 15_000 });
    expect(await within(grid).findByRole('button', { name: /^Token 002, Lakshmi Narayan, Outside hours, 7:00 pm/ })).toBeInTheDocument();
    expect(days.seen.map((call) => call.params)).toEqual([{ from: monday }]);
  });

  it('moves a visit dropped on a full slot in as an extra once the desk says so, and Undo moves it back', async () => {
    const lakshmi = visitOf(meera, { tokenNumber: 7, date: tomorrow, patientName: 'Lakshmi Narayan', startTime: '09:30', endTime: '09:45' });
    const ravi = visitOf(meera, { tokenNumber: 8, date: tomorrow, patientId: makePatient().id, patientName: 'Ravi Kumar', startTime: '10:00', endTime: '10:15' });
    const day = extrasDay(lakshmi, { free: [slot('09:45', '10:00')], full: [slot('10:00', '10:15', 1, 0)], left: 1, allowance: 2 });
    const { user } = open(`/appointments?view=day&from=${tomorrow}&doctorId=${meera.id}`, [lakshmi, ravi], {}, { extra: day.routes });
    const meeraColumn = await column('Dr. Meera Iyer');
    await within(meeraColumn).findByRole('button', { name: 'Book 9:45 am, Dr. Meera Iyer' });
    const block = () => within(meeraColumn).getByRole('button', { name: /^Token 007,/ });

    // Asked first, never moved as an extra by a drop alone: 'Cancel' leaves it where it was.
    dragOntoFull(block(), '10:00');
    const ask = await screen.findByRole('dialog', { name: 'Move in as an extra?' });
    expect(ask).toHaveTextContent(
      `10:00 am on ${shown(tomorrow)} with Dr. Meera Iyer is full. Token 007, Lakshmi Narayan, can go in as an extra beyond its places (1 of 2 left that day).`,
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(day.moves.seen).toEqual([]);
    expect(block()).toHaveAccessibleName('Token 007, Lakshmi Narayan, 9:30 am – 9:45 am, Booked');

    dragOntoFull(block(), '10:00');
    await user.click(within(await screen.findByRole('dialog', { name: 'Move in as an extra?' })).getByRole('button', { name: 'Move in as extra' }));
    await waitFor(() => expect(day.moves.seen.map((call) => call.body)).toEqual([{ date: tomorrow, startTime: '10:00', overbook: true }]));
    expect(await screen.findByText(`Token 007 moved in as an extra at 10:00 am, ${shown(tomorrow)}, Dr. Meera Iyer`)).toBeInTheDocument();
    expect(await within(meeraColumn).findByRole('button', { name: 'Token 007, Lakshmi Narayan, Extra, 10:00 am – 10:15 am, Booked' })).toBeInTheDocument();

    // Back to its own slot, as it was: no extra asked for.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(day.moves.seen[1]?.body).toEqual({ date: tomorrow, startTime: '09:30' }));
    expect(await screen.findByText(`Token 007 is back at 9:30 am, ${shown(tomorrow)}, Dr. Meera Iyer`)).toBeInTheDocument();
  });

  it("offers an extra when a free slot fills before the drop lands, and says the server's refusal of it in its words", async () => {
    const lakshmi = visitOf(meera, { tokenNumber: 7, date: tomorrow, patientName: 'Lakshmi Narayan', startTime: '09:30', endTime: '09:45' });
    const state = { free: [slot('09:45', '10:00')], full: [] as Slot[], left: 1, allowance: 2 };
    const day = extrasDay(lakshmi, state, 'All 2 extras of Dr. Meera Iyer on that day are booked');
    const { user } = open(`/appointments?view=day&from=${tomorrow}&doctorId=${meera.id}`, [lakshmi], {}, { extra: day.routes });
    const meeraColumn = await column('Dr. Meera Iyer');
    const target = await within(meeraColumn).findByRole('button', { name: 'Book 9:45 am, Dr. Meera Iyer' });
    // Another desk takes 9:45, and then the last extra, while this one drags.
    state.free = [];
    state.full = [slot('09:45', '10:00', 1, 0)];

    dragOnto(within(meeraColumn).getByRole('button', { name: /^Token 007,/ }), target);
    const ask = await screen.findByRole('dialog', { name: 'Move in as an extra?' });
    expect(day.moves.seen.map((call) => call.body)).toEqual([{ date: tomorrow, startTime: '09:45' }]);
    // Refused for room, so not said as a failure: the offer says the slot is full.
    expect(screen.queryByText('This slot is full: choose another time')).not.toBeInTheDocument();
    state.left = 0;
    await user.click(within(ask).getByRole('button', { name: 'Move in as extra' }));
    await waitFor(() => expect(day.moves.seen[1]?.body).toEqual({ date: tomorrow, startTime: '09:45', overbook: true }));
    expect(await screen.findByText('All 2 extras of Dr. Meera Iyer on that day are booked')).toBeInTheDocument();
    await waitFor(() => expect(within(meeraColumn).getByRole('button', { name: 'Token 007, Lakshmi Narayan, 9:30 am – 9:45 am, Booked' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // No extra left: a full slot is no place to drop on, and nothing more is offered.
    dragOntoNothingFull(within(meeraColumn).getByRole('button', { name: /^Token 007,/ }));
    expect(day.moves.seen).toHaveLength(2);
  });

  it('puts an extra moved to a free slot back as an extra on Undo', async () => {
    const extra = visitOf(meera, { tokenNumber: 9, date: tomorrow, patientName: 'Lakshmi Narayan', startTime: '10:00', endTime: '10:15', overbooked: true });
    const ravi = visitOf(meera, { tokenNumber: 8, date: tomorrow, patientId: makePatient().id, patientName: 'Ravi Kumar', startTime: '10:00', endTime: '10:15' });
    const day = extrasDay(extra, { free: [slot('10:30', '10:45')], full: [slot('10:00', '10:15', 1, 0)], left: 1, allowance: 2 });
    const { user } = open(`/appointments?view=day&from=${tomorrow}&doctorId=${meera.id}`, [extra, ravi], {}, { extra: day.routes });
    const meeraColumn = await column('Dr. Meera Iyer');
    const target = await within(meeraColumn).findByRole('button', { name: 'Book 10:30 am, Dr. Meera Iyer' });
    const block = within(meeraColumn).getByRole('button', { name: 'Token 009, Lakshmi Narayan, Extra, 10:00 am – 10:15 am, Booked' });
    // Its own slot, though full, is no place to drop it.
    dragOntoNothingFull(block);
    dragOnto(block, target);
    expect(await screen.findByText(`Token 009 moved to 10:30 am, ${shown(tomorrow)}, Dr. Meera Iyer`)).toBeInTheDocument();
    expect(day.moves.seen.map((call) => call.body)).toEqual([{ date: tomorrow, startTime: '10:30' }]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(day.moves.seen[1]?.body).toEqual({ date: tomorrow, startTime: '10:00', overbook: true }));
    expect(await within(meeraColumn).findByRole('button', { name: 'Token 009, Lakshmi Narayan, Extra, 10:00 am – 10:15 am, Booked' })).toBeInTheDocument();
  });

  it("reschedules from the visit's drawer to another doctor's free slot", async () => {
    const lakshmi = visitOf(meera, { tokenNumber: 7, date: tomorrow, startTime: '09:30', endTime: '09:45' });
    const free = { [`${meera.id}|${tomorrow}`]: [slot('11:00', '11:15')], [`${arjun.id}|${tomorrow}`]: [slot('12:00', '12:15'), slot('12:15', '12:30')] };
    const { user, moves, slots } = open(`/appointments?view=day&from=${tomorrow}`, [lakshmi], free, { extra: { [`GET /appointments/${lakshmi.id}`]: { data: lakshmi } } });
    await user.click(within(await column('Dr. Meera Iyer')).getByRole('button', { name: /^Token 007,/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Token 007' });
    await user.click(await within(drawer).findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' }, { timeout: 15_000 });
    const doctorField = within(dialog).getByRole('combobox', { name: 'Doctor' });
    expect(doctorField).toHaveValue('Dr. Meera Iyer');
    expect(await within(dialog).findByRole('button', { name: '11:00 am' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '11:00 am' }));

    await user.click(doctorField);
    await user.click(await screen.findByRole('option', { name: /Dr. Arjun Nair/ }));
    // Another doctor's slots, none chosen: the old choice was the other doctor's.
    const picker = await within(dialog).findByRole('group', { name: 'Free slots' });
    expect(await within(picker).findByRole('button', { name: '12:15 pm' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(picker).queryByRole('button', { name: '11:00 am' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(slots.seen.at(-1)?.params).toEqual({ date: tomorrow });

    await user.click(within(picker).getByRole('button', { name: '12:15 pm' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(moves.seen[0]?.body).toEqual({ date: tomorrow, startTime: '12:15', doctorId: arjun.id }));
    expect(await screen.findByText(`Rescheduled to ${shown(tomorrow)}, 12:15 pm`)).toBeInTheDocument();
  });
});
