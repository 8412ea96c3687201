import type { DoctorDayChange } from '@caredesk/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeDoctor } from '@/test/doctor-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.useRealTimers();
});

const doctor = makeDoctor({
  name: 'Dr. Leela Das',
  patientsPerSlot: 3,
  slotMinutes: 30,
  // Wednesdays 9:00-12:00.
  availability: [{ weekday: 3, start: '09:00', end: '12:00' }],
});
const WEDNESDAY = '2026-01-14';

function change(overrides: Partial<DoctorDayChange> = {}): DoctorDayChange {
  return {
    date: WEDNESDAY,
    windows: [{ start: '10:30', end: '12:00' }],
    capacity: 1,
    note: 'Surgery first',
    byName: 'Asha Admin',
    at: '2026-01-12T03:00:00.000Z',
    outsideHours: [],
    ...overrides,
  };
}
const stranded = {
  id: '10000000-0000-4000-8000-000000000001',
  date: WEDNESDAY,
  startTime: '09:00',
  endTime: '09:30',
  tokenLabel: '001',
  status: 'BOOKED',
};

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), [`GET /doctors/${doctor.id}`]: { data: doctor }, ...routes });
  restore = api.restore;
  return api;
}

async function openDayDialog() {
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  renderApp(`/doctor/${doctor.id}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Change one day' }, slow));
  return screen.findByRole('dialog', { name: 'Change one day of Dr. Leela Das' });
}

describe("the doctor's day changes", () => {
  beforeEach(() => {
    // Monday 12 January 2026, 8 am.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 12, 8, 0));
  });

  it('starts one day late with a lower cap: the hours start from that weekday’s, and the day is listed once saved', async () => {
    let days: DoctorDayChange[] = [];
    const api = withApi({
      [`GET /doctors/${doctor.id}/days`]: () => ({ data: { data: days } }),
      [`PUT /doctors/${doctor.id}/days/${WEDNESDAY}`]: () => {
        days = [change()];
        return { data: change() };
      },
    });
    const dialog = await openDayDialog();
    expect(await screen.findByText('No day is changed from the weekly schedule.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: WEDNESDAY } });
    const start = within(dialog).getByLabelText('14 Jan 2026 window 1 start');
    expect(start).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('14 Jan 2026 window 1 end')).toHaveValue('12:00');
    fireEvent.change(start, { target: { value: '10:30' } });
    await userEvent.type(within(dialog).getByLabelText('Patients per slot that day'), '1');
    expect(within(dialog).getByText('Leave empty to keep 3 patients per slot')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Surgery first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));

    await waitFor(() => expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ windows: [{ start: '10:30', end: '12:00' }], capacity: 1, note: 'Surgery first' }));
    expect(await screen.findByText('14 Jan 2026 changed')).toBeInTheDocument();
    const listed = await screen.findByRole('listitem', { name: '14 Jan 2026' });
    expect(listed).toHaveTextContent('10:30 am – 12:00 pm');
    expect(listed).toHaveTextContent('1 patient per slot');
    expect(listed).toHaveTextContent('Surgery first');
    // The next 7 days follow the change.
    const wednesday = within(screen.getByRole('list', { name: 'Next 7 days' })).getByRole('listitem', { name: 'Wed 14 Jan' });
    expect(
      within(wednesday)
        .getAllByText(/am|pm/)
        .map((chip) => chip.textContent),
    ).toEqual(['10:30 am', '11:00 am', '11:30 am']);
    expect(wednesday).toHaveTextContent('Hours changed for this day');
  });

  it('closes a day, and shows a window ending before it starts on that input without sending anything', async () => {
    const api = withApi({
      [`GET /doctors/${doctor.id}/days`]: { data: { data: [] } },
      [`PUT /doctors/${doctor.id}/days/${WEDNESDAY}`]: { data: change({ windows: [], capacity: null }) },
    });
    const dialog = await openDayDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    expect(within(dialog).getByText('Choose the day')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: WEDNESDAY } });
    fireEvent.change(within(dialog).getByLabelText('14 Jan 2026 window 1 end'), { target: { value: '08:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    expect(within(dialog).getByText('End time must be after the start time')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Closed all day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ windows: [], capacity: null, note: null }));
  });

  it('lists the visits a change would strand, and saves keeping them when asked', async () => {
    const puts: unknown[] = [];
    withApi({
      [`GET /doctors/${doctor.id}/days`]: { data: { data: [] } },
      [`PUT /doctors/${doctor.id}/days/${WEDNESDAY}`]: (body) => {
        puts.push(body);
        if ((body as { strandedVisits?: string }).strandedVisits === 'keep') return { data: change({ outsideHours: [stranded] }) };
        return { status: 409, data: { statusCode: 409, error: 'Conflict', message: '1 visit still to happen falls outside these hours', visits: [stranded] } };
      },
    });
    const dialog = await openDayDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: WEDNESDAY } });
    fireEvent.change(within(dialog).getByLabelText('14 Jan 2026 window 1 start'), { target: { value: '10:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('1 booked visit falls outside these hours or over this cap');
    expect(within(warning).getByRole('list', { name: 'Visits outside the new hours' })).toHaveTextContent('14 Jan 2026, 9:00 am · token 001');
    await userEvent.click(within(warning).getByRole('button', { name: 'Save and keep them' }));
    await waitFor(() => expect(puts.at(-1)).toMatchObject({ strandedVisits: 'keep' }));
    expect(await screen.findByText('14 Jan 2026 changed')).toBeInTheDocument();
  });

  it('removes a changed day; one that would strand visits asks first and keeps them', async () => {
    const deletes: unknown[] = [];
    withApi({
      [`GET /doctors/${doctor.id}/days`]: {
        data: {
          data: [
            change({
              windows: [
                { start: '09:00', end: '12:00' },
                { start: '17:00', end: '18:00' },
              ],
              outsideHours: [],
            }),
          ],
        },
      },
      [`DELETE /doctors/${doctor.id}/days/${WEDNESDAY}`]: (_body, config) => {
        deletes.push(config.params ?? null);
        if (config.params) return { status: 204 };
        return { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'stranded', visits: [{ ...stranded, startTime: '17:00', endTime: '17:30' }] } };
      },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/doctor/${doctor.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the change on 14 Jan 2026' }, slow));
    const confirm = await screen.findByRole('dialog', { name: 'Back to the weekly schedule?' });
    expect(confirm).toHaveTextContent('14 Jan 2026, 5:00 pm · token 001');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove and keep them' }));
    expect(await screen.findByText('14 Jan 2026 is back to the weekly schedule')).toBeInTheDocument();
    expect(deletes).toEqual([null, { strandedVisits: 'keep' }]);
  });
});
