import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, page } from '@/test/fake-api';
import { inIndia, pinClock } from '@/test/clock';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function open(path: string, type: 'HOSPITAL' | 'SCAN') {
  const empty = { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [], owners: [] } };
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([]) },
    'GET /bookings': { data: page([]) },
    'GET /doctors': { data: page([]) },
    'GET /services': { data: page([]) },
    'GET /tokens/doctors': empty,
    'GET /tokens/services': empty,
  });
  restore = api.restore;
  storeSession(makeUser(type, 'WORKER'));
  return { ...renderApp(path), user: userEvent.setup() };
}

describe("the lists' way to the queue", () => {
  pinClock(inIndia('2026-11-22', '10:30'));

  it("Appointments has a 'Queue' link in its header that opens the doctors' token page", async () => {
    const { router, user } = open('/appointments', 'HOSPITAL');
    const queue = await screen.findByRole('link', { name: 'Queue' }, { timeout: 15_000 });
    expect(queue).toHaveAttribute('href', '/appointments/token');
    await user.click(queue);
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/token'));
    expect(await screen.findByRole('heading', { name: 'Appointment tokens', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("keeps the list's doctor: the queue opens on that doctor's", async () => {
    const doctorId = crypto.randomUUID();
    open(`/appointments?doctorId=${doctorId}`, 'HOSPITAL');
    expect(await screen.findByRole('link', { name: 'Queue' }, { timeout: 15_000 })).toHaveAttribute('href', `/appointments/token?doctor=${doctorId}`);
  });

  it("Bookings has one too, to the scans' and tests' token page", async () => {
    const { router, user } = open('/bookings', 'SCAN');
    const queue = await screen.findByRole('link', { name: 'Queue' }, { timeout: 15_000 });
    expect(queue).toHaveAttribute('href', '/bookings/token');
    await user.click(queue);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/token'));
  });
});
