import { CANCELLED_FOR_LEAVE } from '@caredesk/shared';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
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

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

describe('the doctor page', () => {
  beforeEach(() => {
    // Monday 12 January 2026, 8 am: only the clock is faked, timers stay real for the UI.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 12, 8, 0));
  });

  it('shows the next 7 days of slots from the schedule, leave days and days off', async () => {
    const doctor = makeDoctor({
      name: 'Dr. Leela Das',
      slotMinutes: 30,
      availability: [
        { weekday: 1, start: '09:00', end: '10:30' },
        { weekday: 1, start: '17:00', end: '18:00' },
        { weekday: 2, start: '09:00', end: '10:00' },
        { weekday: 3, start: '14:00', end: '14:45' },
      ],
      leaveDates: ['2026-01-13'],
      room: 'Room 4, ground floor',
    });
    withApi({ [`GET /doctors/${doctor.id}`]: { data: doctor } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/doctor/${doctor.id}`);
    expect(await screen.findByRole('heading', { name: 'Dr. Leela Das', level: 1 }, slow)).toBeInTheDocument();
    const days = within(screen.getByRole('list', { name: 'Next 7 days' })).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName('Today, Mon 12 Jan');
    expect(
      within(days[0]!)
        .getAllByText(/am|pm/)
        .map((chip) => chip.textContent),
    ).toEqual(['9:00 am', '9:30 am', '10:00 am', '5:00 pm', '5:30 pm']);
    expect(days[1]).toHaveTextContent('On leave');
    // A 45-minute window holds one 30-minute slot.
    expect(
      within(days[2]!)
        .getAllByText(/am|pm/)
        .map((chip) => chip.textContent),
    ).toEqual(['2:00 pm']);
    expect(days[3]).toHaveTextContent('Not available');
    expect(days[6]).toHaveAccessibleName('Sun 18 Jan');
    expect(screen.getByText('9:00 am – 10:30 am, 5:00 pm – 6:00 pm')).toBeInTheDocument();
    expect(screen.getByText('₹500.00')).toBeInTheDocument();
    expect(screen.getByText('Room')).toBeInTheDocument();
    expect(screen.getByText('Room 4, ground floor')).toBeInTheDocument();
  });

  it('lists the appointments still booked on leave days and cancels them, each with the leave as its reason', async () => {
    const doctor = makeDoctor({ name: 'Dr. Leela Das', leaveDates: ['2026-01-05', '2026-01-13', '2026-01-15'] });
    const visit = (id: string, token: number, date: string) => ({
      id,
      tokenNumber: token,
      tokenLabel: `A-${String(token).padStart(3, '0')}`,
      date,
      startTime: '09:00',
      endTime: '09:15',
      patientId: '30000000-0000-4000-8000-000000000001',
      patientName: `Patient ${token}`,
      patientPhone: '+919800000000',
      status: 'BOOKED',
      doctorId: doctor.id,
      doctorName: doctor.name,
      specialization: doctor.specialization,
      awaitingConfirmation: false,
      overbooked: false,
    });
    const booked: Record<string, ReturnType<typeof visit>[]> = {
      '2026-01-13': [visit('10000000-0000-4000-8000-000000000001', 1, '2026-01-13'), visit('10000000-0000-4000-8000-000000000002', 2, '2026-01-13')],
      '2026-01-15': [visit('10000000-0000-4000-8000-000000000003', 1, '2026-01-15')],
    };
    const asked: unknown[] = [];
    const api = withApi({
      [`GET /doctors/${doctor.id}`]: { data: doctor },
      'GET /appointments': (_body, config) => {
        const params = config.params as { from: string; doctorId: string; status: string };
        asked.push(params);
        const data = booked[params.from] ?? [];
        return { data: { data, total: data.length, page: 1, pageSize: 200 } };
      },
      'POST /appointments/10000000-0000-4000-8000-000000000001/actions/cancel': { data: {} },
      'POST /appointments/10000000-0000-4000-8000-000000000002/actions/cancel': {
        status: 409,
        data: { statusCode: 409, error: 'Conflict', message: 'Cannot cancel: the appointment is COMPLETED' },
      },
      'POST /appointments/10000000-0000-4000-8000-000000000003/actions/cancel': { data: {} },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/doctor/${doctor.id}`);
    const panel = await screen.findByRole('region', { name: 'Booked on leave days' }, slow);
    // A leave day in the past is not asked about.
    expect(asked).toHaveLength(2);
    expect(asked).toContainEqual(expect.objectContaining({ doctorId: doctor.id, from: '2026-01-13', to: '2026-01-13', status: 'BOOKED,CHECKED_IN' }));
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('2 appointments'), expect.stringContaining('1 appointment')]);
    expect(within(panel).getAllByRole('link', { name: 'See them' })[0]).toHaveAttribute('href', `/appointments?doctorId=${doctor.id}&from=2026-01-13&to=2026-01-13`);

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel and tell the patients' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel 3 appointments?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel appointments' }));
    expect(await screen.findByText('2 appointments cancelled. Patients who agreed to messages are being told.')).toBeInTheDocument();
    expect(await screen.findByText(/Token A-002 .* was not cancelled: Cannot cancel: the appointment is COMPLETED/)).toBeInTheDocument();
    const cancels = api.calls.filter((call) => call.method === 'POST');
    expect(cancels.map((call) => call.body)).toEqual([0, 1, 2].map(() => ({ reason: CANCELLED_FOR_LEAVE })));
  });

  it('offers to deactivate when the doctor has appointments and cannot be deleted', async () => {
    let doctor = makeDoctor({ name: 'Dr. Sunil Rao' });
    const api = withApi({
      [`GET /doctors/${doctor.id}`]: () => ({ data: doctor }),
      [`DELETE /doctors/${doctor.id}`]: { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'Has appointments: deactivate instead' } },
      [`PATCH /doctors/${doctor.id}`]: (body) => {
        doctor = { ...doctor, ...(body as object) };
        return { data: doctor };
      },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/doctor/${doctor.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, slow));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this doctor?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const offer = await screen.findByRole('dialog', { name: 'Deactivate this doctor instead?' });
    expect(offer).toHaveTextContent('Has appointments: deactivate instead');
    await userEvent.click(within(offer).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: false }));
    await waitForElementToBeRemoved(offer);
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('deletes a doctor without appointments and returns to the list', async () => {
    const doctor = makeDoctor();
    withApi({
      [`GET /doctors/${doctor.id}`]: { data: doctor },
      [`DELETE /doctors/${doctor.id}`]: { status: 204 },
      'GET /doctors': { data: { data: [], total: 0, page: 1, pageSize: 25 } },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/doctor/${doctor.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, slow));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });

  it("says not found for an unknown or another organisation's doctor, with a way back", async () => {
    withApi({});
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/doctor/20000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { name: 'Doctor not found' }, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to doctors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });
});
