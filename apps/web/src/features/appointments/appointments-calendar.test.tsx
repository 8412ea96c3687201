import type { Appointment } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_INSTANTS, MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const meera = makeDoctor({ name: 'Dr. Meera Iyer', specialization: 'Cardiology' });
const arjun = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology' });
const visitOf = (doctor: typeof meera, overrides: Partial<Appointment> & Pick<Appointment, 'date'>) =>
  makeAppointment({ doctorId: doctor.id, doctorName: doctor.name, specialization: doctor.specialization, ...overrides });

/** GET /appointments as the server answers it: by date range and doctor, a page at a time. */
function appointmentsApi(rows: Appointment[]) {
  return recording((params) => {
    const matching = rows.filter((row) => row.date >= String(params.from) && row.date <= String(params.to) && (params.doctorId === undefined || row.doctorId === params.doctorId));
    const size = Number(params.pageSize ?? 25);
    const start = (Number(params.page ?? 1) - 1) * size;
    return { data: { data: matching.slice(start, start + size).map(appointmentRow), total: matching.length, page: Number(params.page ?? 1), pageSize: size } };
  });
}

function open(path: string, rows: Appointment[], extra: Record<string, FakeRoute> = {}) {
  const list = appointmentsApi(rows);
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': list.route, 'GET /doctors': { data: page([meera, arjun]) }, ...extra });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  return { ...renderApp(path), list, user: userEvent.setup() };
}

const column = (name: string) => screen.findByRole('list', { name }, { timeout: 15_000 });

// The days the page opens on and moves to are India's: run at mid-morning and either side of midnight there.
describe.each(DAY_INSTANTS)('the appointments calendar at $label', ({ at, week }) => {
  const { today, day } = pinClock(at);
  const tomorrow = day(1);

  it('steps through days with Next day, Previous day and Today, and says when a day is empty', async () => {
    const rows = [visitOf(meera, { tokenNumber: 1, date: today, patientName: 'Lakshmi Narayan' }), visitOf(arjun, { tokenNumber: 2, patientName: 'Ravi Kumar', date: tomorrow })];
    const { user, router } = open('/appointments?view=day', rows);
    await column('Dr. Meera Iyer');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(dayjs(today).format('DD MMM YYYY'));

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(router.state.location.search).toContain(`from=${tomorrow}`));
    expect(await within(await column('Dr. Arjun Nair')).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByText('Lakshmi Narayan')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No appointments')).toBeInTheDocument();
    expect(screen.getByText(/Nothing is booked on/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await within(await column('Dr. Meera Iyer')).findByText('Lakshmi Narayan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toContain(`from=${day(-1)}`));
  });

  it("opens the week view on India's week, Monday to Sunday, with today's column", async () => {
    const { list } = open('/appointments?view=week', [visitOf(meera, { tokenNumber: 5, patientName: 'Lakshmi Narayan', date: today })]);
    const todays = await column(dayjs(today).format('dddd, DD MMM YYYY'));
    expect(await within(todays).findByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(list.seen.at(-1)?.params).toMatchObject({ from: week.from, to: week.to, doctorId: meera.id });
  });
});

describe('the appointments calendar', () => {
  const { today } = pinClock(MID_MORNING.at);

  it("switches to Day: each doctor's visits in their own column, kept in the URL, a block opens the drawer", async () => {
    const lakshmi = visitOf(meera, { tokenNumber: 7, date: today, patientName: 'Lakshmi Narayan', startTime: '09:30', endTime: '09:45' });
    const ravi = visitOf(arjun, { tokenNumber: 3, date: today, patientName: 'Ravi Kumar', startTime: '10:00', endTime: '10:15', status: 'CANCELLED' });
    const { user, router, list } = open('/appointments', [lakshmi, ravi], { [`GET /appointments/${lakshmi.id}`]: { data: lakshmi } });
    await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });

    const views = screen.getByRole('group', { name: 'View' });
    await user.click(within(views).getByRole('button', { name: 'Day' }));
    expect(router.state.location.search).toContain('view=day');
    expect(within(views).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');

    const meeraColumn = await column('Dr. Meera Iyer');
    const arjunColumn = screen.getByRole('list', { name: 'Dr. Arjun Nair' });
    expect(within(meeraColumn).getByRole('button', { name: 'Token 007, Lakshmi Narayan, 9:30 am – 9:45 am, Booked' })).toBeInTheDocument();
    expect(within(meeraColumn).queryByText('Ravi Kumar')).not.toBeInTheDocument();
    // A cancelled visit stays on the grid, struck through.
    const cancelled = within(arjunColumn).getByRole('button', { name: /Token 003, Ravi Kumar, .*Cancelled/ });
    expect(cancelled).toHaveStyle({ textDecoration: 'line-through' });
    expect(list.seen.at(-1)?.params).toMatchObject({ from: today, to: today, page: 1, pageSize: 200 });
    expect(list.seen.at(-1)?.params).not.toHaveProperty('doctorId');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    await user.click(within(meeraColumn).getByRole('button', { name: /Token 007/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Token 007' });
    expect(within(drawer).getByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(router.state.location.search).toContain(`open=${lakshmi.id}`);
  });

  it('marks an extra beyond its slot with Extra, in its name where its line says it; a visit in its own place carries none', async () => {
    const extra = visitOf(meera, { tokenNumber: 4, date: today, patientName: 'Extra Esha', startTime: '09:30', endTime: '09:45', overbooked: true });
    const plain = visitOf(meera, { tokenNumber: 2, date: today, patientName: 'Plain Prakash', startTime: '09:30', endTime: '09:45' });
    open('/appointments?view=day', [extra, plain]);
    const meeraColumn = await column('Dr. Meera Iyer');
    // The name holds the line's words in the line's order (WCAG 2.5.3: say what you see).
    const extraBlock = within(meeraColumn).getByRole('button', { name: 'Token 004, Extra Esha, Extra, 9:30 am – 9:45 am, Booked' });
    expect(within(extraBlock).getByText('Extra')).toBeInTheDocument();
    const plainBlock = within(meeraColumn).getByRole('button', { name: 'Token 002, Plain Prakash, 9:30 am – 9:45 am, Booked' });
    expect(within(plainBlock).queryByText(/Extra$/)).not.toBeInTheDocument();
  });

  it('shows only the chosen doctor in the day view', async () => {
    const rows = [visitOf(meera, { tokenNumber: 1, date: today }), visitOf(arjun, { tokenNumber: 2, date: today })];
    const { list } = open(`/appointments?view=day&doctorId=${arjun.id}`, rows);
    await column('Dr. Arjun Nair');
    expect(screen.queryByRole('list', { name: 'Dr. Meera Iyer' })).not.toBeInTheDocument();
    expect(list.seen.at(-1)?.params).toMatchObject({ doctorId: arjun.id });
  });

  it("shows a week as seven day columns of the first doctor's visits, moves by week and changes doctor", async () => {
    const thursday = visitOf(meera, { tokenNumber: 4, patientName: 'Lakshmi Narayan', date: '2026-11-26', startTime: '11:00', endTime: '11:15' });
    const nextWeek = visitOf(meera, { tokenNumber: 1, patientName: 'Fatima Sheikh', date: '2026-12-01' });
    const arjunsDay = visitOf(arjun, { tokenNumber: 9, patientName: 'Ravi Kumar', date: '2026-12-02' });
    const { user, router, list } = open('/appointments?view=week&from=2026-11-25', [thursday, nextWeek, arjunsDay]);

    const thursdayColumn = await column('Thursday, 26 Nov 2026');
    const grid = screen.getByRole('region', { name: /Appointments of Dr. Meera Iyer/ });
    const days = within(grid).getAllByRole('list');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual([
      'Monday, 23 Nov 2026',
      'Tuesday, 24 Nov 2026',
      'Wednesday, 25 Nov 2026',
      'Thursday, 26 Nov 2026',
      'Friday, 27 Nov 2026',
      'Saturday, 28 Nov 2026',
      'Sunday, 29 Nov 2026',
    ]);
    expect(within(thursdayColumn).getByRole('button', { name: /Token 004, Lakshmi Narayan, 11:00 am/ })).toBeInTheDocument();
    expect(list.seen.at(-1)?.params).toMatchObject({ from: '2026-11-23', to: '2026-11-29', doctorId: meera.id });
    expect(screen.getByRole('combobox', { name: 'Doctor' })).toHaveTextContent('Dr. Meera Iyer');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(router.state.location.search).toContain('from=2026-11-30&to=2026-12-06'));
    expect(await within(await column('Tuesday, 01 Dec 2026')).findByText('Fatima Sheikh')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Doctor' }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Arjun Nair' }));
    expect(await within(await column('Wednesday, 02 Dec 2026')).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByText('Fatima Sheikh')).not.toBeInTheDocument();
    expect(list.seen.at(-1)?.params).toMatchObject({ from: '2026-11-30', to: '2026-12-06', doctorId: arjun.id });

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(router.state.location.search).toContain('from=2026-11-23&to=2026-11-29'));
    await user.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'List' }));
    // The list takes over the calendar's week and doctor, with its own filters back.
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('view=');
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: '2026-11-23', to: '2026-11-29', doctorId: arjun.id, pageSize: 25 }));
  });

  it('pages through a day with more visits than one API page holds', async () => {
    const rows = Array.from({ length: 230 }, (_, index) =>
      visitOf(index % 2 ? arjun : meera, { tokenNumber: index + 1, patientName: `Patient ${index + 1}`, date: today, startTime: '09:00', endTime: '09:15' }),
    );
    const { list } = open('/appointments?view=day', rows);
    const arjunColumn = await column('Dr. Arjun Nair');
    await waitFor(() => expect(within(arjunColumn).getByText('Patient 230')).toBeInTheDocument());
    expect(list.seen.map((call) => call.params.page)).toEqual([1, 2]);
    expect(within(screen.getByRole('list', { name: 'Dr. Meera Iyer' })).getAllByRole('button')).toHaveLength(115);
  });
});
