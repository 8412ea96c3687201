import type { Booking, BookingTest } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking } from '@/test/booking-fixtures';
import { headerRoutes, installFakeApi, page, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const uploadId = '70000000-0000-4000-8000-000000000002';
const report = { uploadId, name: 'cbc.pdf', size: 20_480, uploadedAt: '2026-11-22T11:00:00.000Z' };

function makeTest(n: number, name: string, overrides: Partial<BookingTest> = {}): BookingTest {
  const id = `80000000-0000-4000-8000-00000000000${n}`;
  return { id, serviceId: `40000000-0000-4000-8000-00000000090${n}`, name, kind: 'TEST', status: 'PENDING', skipReason: null, doneAt: null, report: null, ...overrides };
}

/** A server of one package booking whose routes move it along: GET answers its current state. */
function serve(initial: Booking, routes: (state: { booking: Booking }) => Record<string, FakeRoute>) {
  const state = { booking: initial };
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /bookings': () => ({ data: page([state.booking]) }),
    'GET /services': { data: page([]) },
    [`GET /bookings/${initial.id}`]: () => ({ data: state.booking }),
    'GET /messages': { data: page([]) },
    ...routes(state),
  });
  restore = api.restore;
  storeSession(makeUser('SCAN', 'ADMIN'));
  renderApp(`/bookings?open=${initial.id}`);
  return { api, state, user: userEvent.setup() };
}

const setTest = (state: { booking: Booking }, id: string, changes: Partial<BookingTest>, booking: Partial<Booking> = {}) => {
  state.booking = { ...state.booking, ...booking, tests: state.booking.tests.map((test) => (test.id === id ? { ...test, ...changes } : test)) };
  return { data: state.booking };
};

async function testsOf(token: string) {
  const drawer = await screen.findByRole('dialog', { name: `Token ${token}` }, { timeout: 15_000 });
  const section = within(drawer).getByRole('region', { name: 'Tests' });
  const item = (name: string) => within(section).getByRole('listitem', { name });
  return { drawer, section, item };
}

describe('the tests of a package booking in the drawer', () => {
  it('while the patient is served: marks a test done, skips one with its reason, never the last one left', async () => {
    const [cbc, lipid, sugar] = [makeTest(1, 'Complete Blood Count'), makeTest(2, 'Lipid Profile'), makeTest(3, 'Fasting Blood Sugar')];
    const booking = makeBooking({ tokenNumber: 11, status: 'IN_PROGRESS', tests: [cbc!, lipid!, sugar!] });
    const skipped: unknown[] = [];
    const { user } = serve(booking, (state) => ({
      [`POST /bookings/${booking.id}/tests/${cbc!.id}/actions/done`]: () => setTest(state, cbc!.id, { status: 'DONE', doneAt: '2026-11-22T10:00:00.000Z' }),
      [`POST /bookings/${booking.id}/tests/${lipid!.id}/actions/skip`]: (body) => {
        skipped.push(body);
        return setTest(state, lipid!.id, { status: 'SKIPPED', skipReason: 'Sample haemolysed' });
      },
      [`POST /bookings/${booking.id}/tests/${sugar!.id}/actions/skip`]: (body) => {
        skipped.push(body);
        return setTest(state, sugar!.id, { status: 'SKIPPED', skipReason: 'Patient had eaten' });
      },
    }));
    const { drawer, section, item } = await testsOf('MR-011');
    expect(within(section).getByRole('status')).toHaveTextContent('0 of 3 done');
    expect(within(item('Complete Blood Count')).getByText('Pending')).toBeInTheDocument();
    // A package's reports are its tests': the booking has no report of its own.
    expect(within(drawer).queryByRole('region', { name: 'Report' })).not.toBeInTheDocument();

    await user.click(within(item('Complete Blood Count')).getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('Complete Blood Count done')).toBeInTheDocument();
    await waitFor(() => expect(within(item('Complete Blood Count')).getByText('Done')).toBeInTheDocument());
    expect(within(item('Complete Blood Count')).queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('1 of 3 done');

    await user.click(within(item('Lipid Profile')).getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip Lipid Profile?' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip test' }));
    expect(within(dialog).getByText('Give the reason the test is skipped')).toBeInTheDocument();
    expect(skipped).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sample haemolysed');
    await user.click(within(dialog).getByRole('button', { name: 'Skip test' }));
    await waitFor(() => expect(skipped).toEqual([{ reason: 'Sample haemolysed' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Skip Lipid Profile?' })).not.toBeInTheDocument());
    expect(await within(item('Lipid Profile')).findByText('Skipped: Sample haemolysed')).toBeInTheDocument();
    expect(within(item('Lipid Profile')).getByText('Skipped')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('1 of 2 done');

    await user.click(within(item('Fasting Blood Sugar')).getByRole('button', { name: 'Skip' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'Patient had eaten');
    await user.click(screen.getByRole('button', { name: 'Skip test' }));
    await waitFor(() => expect(within(item('Fasting Blood Sugar')).getByText('Skipped: Patient had eaten')).toBeInTheDocument());
    // The one test left is never skipped (the server refuses it): that booking is cancelled instead.
    expect(within(item('Complete Blood Count')).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  }, 30_000);

  it('once completed: each test takes its own report, the skipped one none, and the last makes the booking Report ready', async () => {
    const cbc = makeTest(1, 'Complete Blood Count', { status: 'REPORT_READY', doneAt: '2026-11-22T10:00:00.000Z', report });
    const lipid = makeTest(2, 'Lipid Profile', { status: 'SKIPPED', skipReason: 'Sample haemolysed' });
    const xray = makeTest(3, 'X-Ray Chest', { kind: 'SCAN', status: 'DONE', doneAt: '2026-11-22T10:00:00.000Z' });
    const booking = makeBooking({ tokenNumber: 12, status: 'COMPLETED', tests: [cbc, lipid, xray] });
    const attached: unknown[] = [];
    const { user } = serve(booking, (state) => ({
      'POST /admin/upload': {
        status: 201,
        data: {
          id: uploadId,
          name: 'xray.pdf',
          mimeType: 'application/pdf',
          size: 15,
          visibility: 'private',
          url: `/api/uploads/private/${uploadId}`,
          createdAt: report.uploadedAt,
        },
      },
      [`POST /bookings/${booking.id}/tests/${xray.id}/report`]: (body) => {
        attached.push(body);
        return setTest(state, xray.id, { status: 'REPORT_READY', report: { ...report, name: 'xray.pdf', size: 15 } }, { status: 'REPORT_READY' });
      },
    }));
    const { drawer, section, item } = await testsOf('MR-012');
    expect(within(section).getByRole('status')).toHaveTextContent('1 of 2 reports in');
    expect(within(drawer).queryByRole('region', { name: 'Report' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();
    expect(within(item('Complete Blood Count')).getByText('cbc.pdf')).toBeInTheDocument();
    expect(within(item('Complete Blood Count')).getByRole('button', { name: 'View report' })).toBeInTheDocument();
    expect(within(item('Complete Blood Count')).getByLabelText('Replace report')).toBeInTheDocument();
    expect(within(item('Lipid Profile')).queryByLabelText('Upload report')).not.toBeInTheDocument();
    // A sample found unusable after the patient left may still be skipped.
    expect(within(item('X-Ray Chest')).getByRole('button', { name: 'Skip' })).toBeInTheDocument();

    await user.upload(within(item('X-Ray Chest')).getByLabelText('Upload report'), new File(['%PDF-1.4\n%%EOF\n'], 'xray.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(attached).toEqual([{ uploadId }]));
    expect(await screen.findByText('Report ready: token MR-012')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('2 of 2 reports in'));
    expect(within(item('X-Ray Chest')).getByText('xray.pdf')).toBeInTheDocument();
    expect(within(item('X-Ray Chest')).getByText('Report ready')).toBeInTheDocument();
    expect(within(item('X-Ray Chest')).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  }, 30_000);
});
