import type { Appointment } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_MIDNIGHT, BEFORE_MIDNIGHT, inIndia, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const doctor = makeDoctor({ name: 'Dr. Meera Iyer' });

function open(path: string, rows: Appointment[] = [makeAppointment({ doctorId: doctor.id })], extra: Record<string, FakeRoute> = {}) {
  const list = recording((params) => ({ data: page(rows.filter((row) => row.date >= String(params.from) && row.date <= String(params.to)).map(appointmentRow)) }));
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': list.route, 'GET /doctors': { data: page([doctor]) }, ...extra });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  return { ...renderApp(path), list, user: userEvent.setup() };
}

/** The clock passes India's midnight with the page open; the tab wakes (its timers may have slept). */
function passMidnight() {
  vi.setSystemTime(AFTER_MIDNIGHT.at);
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

// Sunday 31 May 23:55 in India, then Monday 1 June 00:05: a day, a week and a month end at once.
describe("'today' at the organisation's midnight, with the page open", () => {
  const { today, day } = pinClock(BEFORE_MIDNIGHT.at);
  const tomorrow = day(1);

  it("moves a list on 'Today' to the new day, its URL and its quick range too", async () => {
    const { user, router, list } = open('/appointments');
    const quick = await screen.findByRole('group', { name: 'Quick dates' }, { timeout: 15_000 });
    await user.click(within(quick).getByRole('button', { name: 'Tomorrow' }));
    await user.click(within(quick).getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(search(router).get('from')).toBe(today));

    passMidnight();
    await waitFor(() => expect(search(router).get('from')).toBe(tomorrow));
    expect(search(router).get('to')).toBe(tomorrow);
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: tomorrow, to: tomorrow }));
    expect(within(quick).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue(tomorrow);
  });

  it('follows the new day on a list with no dates in its URL', async () => {
    const { list } = open('/appointments');
    await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
    expect(list.seen.at(-1)?.params).toMatchObject({ from: today, to: today });
    passMidnight();
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: tomorrow, to: tomorrow }));
  });

  it('keeps a date the user chose', async () => {
    const chosen = day(-3);
    const { router, list } = open(`/appointments?from=${chosen}&to=${today}`);
    await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
    passMidnight();
    // The quick ranges have moved on (Tomorrow is now Tuesday), the chosen dates have not.
    const quick = screen.getByRole('group', { name: 'Quick dates' });
    await waitFor(() => expect(within(quick).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false'));
    expect(search(router).get('from')).toBe(chosen);
    expect(search(router).get('to')).toBe(today);
    expect(list.seen.every((call) => call.params.from === chosen && call.params.to === today)).toBe(true);
  });

  it("moves the calendar's day and week on, and tints the new today", async () => {
    const { router } = open('/appointments?view=day', [makeAppointment({ doctorId: doctor.id, doctorName: doctor.name, date: tomorrow, patientName: 'Ravi Kumar' })]);
    expect(await screen.findByText('No appointments', undefined, { timeout: 15_000 })).toBeInTheDocument();
    passMidnight();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(search(router).get('from')).toBeNull();

    await router.navigate(`/appointments?view=week&from=2026-05-25&to=2026-05-31`);
    // The week the Today button chose (25-31 May) has ended: the calendar moves to 1-7 June.
    vi.setSystemTime(inIndia('2026-05-31', '23:59'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    passMidnight();
    await waitFor(() => expect(search(router).get('from')).toBe('2026-06-01'));
    expect(search(router).get('to')).toBe('2026-06-07');
    const monday = await screen.findByRole('list', { name: 'Monday, 01 Jun 2026' });
    expect(monday).toBeInTheDocument();
    expect(screen.getByText('Mon 1').closest('[aria-current="date"]')).not.toBeNull();
  });
});
