import type { PatientQueuePosition } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { emit, FakeSocket } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { appointment, booking, page } from '@/test/visit-fixtures';
import { today } from './visit';

const visit = appointment({ date: today(), status: 'CHECKED_IN' });

function position(overrides: Partial<PatientQueuePosition> = {}): PatientQueuePosition {
  return {
    visitId: visit.id,
    date: visit.date,
    status: 'CHECKED_IN',
    nowServing: 'A-004',
    you: 'A-007',
    ahead: 3,
    estimateMinutes: 15,
    estimateBasis: 'PACE',
    room: 'Room 12',
    ...overrides,
  };
}

describe('A visit today: the live queue', () => {
  it('says who is being served, where the patient stands and how long, and on what the estimate rests', async () => {
    signedIn();
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([visit]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      [`GET /patient/appointments/${visit.id}/queue`]: () => ({ status: 200, body: position() }),
    });
    await renderApp('/p/visits');
    const queue = await screen.findByRole('region', { name: "Today's queue" });
    await waitFor(() => expect(queue).toHaveTextContent('Now serving A-004'));
    expect(queue).toHaveTextContent('You are A-007');
    expect(queue).toHaveTextContent('3 ahead of you');
    expect(queue).toHaveTextContent('about 15 min');
    expect(queue).toHaveTextContent("Estimated from today's pace.");
  });

  it('moves without a reload when the desk calls the next token, over the patient socket', async () => {
    signedIn();
    let served = 4;
    const { calls } = fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([visit]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      [`GET /patient/appointments/${visit.id}/queue`]: () => ({
        status: 200,
        body: position({ nowServing: `A-00${served}`, ahead: 7 - served - 1, estimateMinutes: (7 - served - 1) * 5, estimateBasis: 'SLOT' }),
      }),
    });
    await renderApp('/p/visits');
    const queue = await screen.findByRole('region', { name: "Today's queue" });
    await waitFor(() => expect(queue).toHaveTextContent('2 ahead of you'));
    expect(queue).toHaveTextContent('Estimated from the usual time per patient');
    // The socket signed in with the patient's token in its first message, not in its address.
    await waitFor(() => expect(FakeSocket.all.at(-1)?.sent[0]).toEqual({ type: 'auth', token: 'token-1' }));
    expect(FakeSocket.all.at(-1)?.url).toBe('ws://localhost:3000/api/patient/events');

    served = 6;
    await emit({ type: 'token.updated', doctorId: visit.doctorId, date: visit.date, calledToken: 'A-006' });
    await waitFor(() => expect(queue).toHaveTextContent('Now serving A-006'));
    expect(queue).toHaveTextContent('You are next');
    expect(calls.filter((call) => call.path.endsWith('/queue'))).toHaveLength(2);
  });

  it('tells a booked patient to check in, and a called one where to go', async () => {
    signedIn();
    let status = 'BOOKED';
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment({ date: today(), status: status as 'BOOKED' })]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      [`GET /patient/appointments/${visit.id}/queue`]: () => ({
        status: 200,
        body: position(
          status === 'BOOKED'
            ? { status, ahead: null, estimateMinutes: null, estimateBasis: null }
            : { status, nowServing: 'A-007', ahead: null, estimateMinutes: null, estimateBasis: null },
        ),
      }),
    });
    await renderApp('/p/visits');
    const queue = await screen.findByRole('region', { name: "Today's queue" });
    await waitFor(() => expect(queue).toHaveTextContent('Check in at the reception desk when you arrive'));
    expect(queue).toHaveTextContent('Now serving A-004');

    status = 'IN_CONSULTATION';
    await emit({ type: 'appointment.updated', appointmentId: visit.id, status });
    await waitFor(() => expect(screen.getByRole('region', { name: "Today's queue" })).toHaveTextContent("It's your turn: please go to Room 12."));
  });

  it('shows no queue for another day’s visit', async () => {
    signedIn();
    const { calls } = fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment()]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
    });
    await renderApp('/p/visits');
    await screen.findByRole('article', { name: 'Dr. Kavya Rao' });
    expect(screen.queryByRole('region', { name: "Today's queue" })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/queue'))).toBe(false);
  });
});

describe('A ready report', () => {
  it('opens through a link asked for at the tap', async () => {
    signedIn();
    const ready = booking({ status: 'REPORT_READY' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href, pathname: '/p/visits', search: '' });
    const { calls } = fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([ready]) }),
      [`GET /patient/bookings/${ready.id}/report`]: () => ({ status: 200, body: { url: '/api/uploads/abc?expires=1&signature=x', expiresAt: '2099-01-01T00:00:00.000Z' } }),
    });
    await renderApp('/p/visits');
    const card = await screen.findByRole('article', { name: 'MRI Brain' });
    expect(calls.some((call) => call.path.endsWith('/report'))).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Download the report of MRI Brain' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/uploads/abc?expires=1&signature=x'));
  });

  it('says so when the report cannot be opened', async () => {
    signedIn();
    const ready = booking({ status: 'REPORT_READY' });
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([ready]) }),
      [`GET /patient/bookings/${ready.id}/report`]: () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Report not found' } }),
    });
    await renderApp('/p/visits');
    await userEvent.click(await screen.findByRole('button', { name: 'Download the report of MRI Brain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be opened. Please try again.');
  });
});

describe('A package’s tests', () => {
  it('shows each test’s state and opens each ready report on its own, with no report of the whole', async () => {
    signedIn();
    const pack = booking({
      serviceName: 'Thyroid package',
      status: 'COMPLETED',
      tests: [
        { id: '0b8e1f64-3c1a-4a43-9b0e-0000000000t1', name: 'TSH', status: 'REPORT_READY' },
        { id: '0b8e1f64-3c1a-4a43-9b0e-0000000000t2', name: 'T4', status: 'DONE' },
        { id: '0b8e1f64-3c1a-4a43-9b0e-0000000000t3', name: 'T3', status: 'SKIPPED' },
      ],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href, pathname: '/p/visits', search: '' });
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([pack]) }),
      [`GET /patient/bookings/${pack.id}/tests/0b8e1f64-3c1a-4a43-9b0e-0000000000t1/report`]: () => ({
        status: 200,
        body: { url: '/api/uploads/tsh?expires=1&signature=x', expiresAt: '2099-01-01T00:00:00.000Z' },
      }),
    });
    await renderApp('/p/visits');
    const card = await screen.findByRole('article', { name: 'Thyroid package' });
    const tests = within(card).getByRole('region', { name: 'Tests in this package' });
    expect(
      within(tests)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('TSHReport ready'), 'T4Done, report awaited', 'T3Not done']);
    expect(within(tests).getByText('1 of 2 reports ready')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Download the report of Thyroid package' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Download the report of T4' })).toBeNull();
    await userEvent.click(within(tests).getByRole('button', { name: 'Download the report of TSH' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/uploads/tsh?expires=1&signature=x'));
  });
});
