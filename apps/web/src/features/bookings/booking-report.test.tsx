import type { Booking } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBooking } from '@/test/booking-fixtures';
import { headerRoutes, installFakeApi, page, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const uploadId = '70000000-0000-4000-8000-000000000001';
const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'ct-report.pdf', { type: 'application/pdf' });

/** A server of one booking that the routes can move along: GET answers its current state. */
function serve(initial: Booking, routes: (state: { booking: Booking }) => Record<string, FakeRoute> = () => ({})) {
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

const drawerOf = (token: string) => screen.findByRole('dialog', { name: `Token ${token}` }, { timeout: 15_000 });

describe('the booking drawer and its report', () => {
  it('shows the details and the history, with the report note', async () => {
    const ready = makeBooking({
      tokenNumber: 9,
      status: 'REPORT_READY',
      report: { uploadId, name: 'ct-report.pdf', size: 20_480, uploadedAt: '2026-11-22T11:00:00.000Z' },
      history: [
        { at: '2026-11-21T10:00:00.000Z', byStaffId: null, byName: 'Asha Rao', action: 'create', fromStatus: null, toStatus: 'BOOKED', note: null },
        { at: '2026-11-22T11:00:00.000Z', byStaffId: null, byName: 'Asha Rao', action: 'report', fromStatus: 'COMPLETED', toStatus: 'REPORT_READY', note: 'ct-report.pdf' },
      ],
    });
    serve(ready);
    const drawer = await drawerOf('MR-009');
    expect(within(drawer).getByText('MRI Brain (MRI)')).toBeInTheDocument();
    expect(within(drawer).getByText('₹6,500.00')).toBeInTheDocument();
    const history = within(drawer).getByRole('list', { name: 'History' });
    expect(within(history).getByText('New → Booked')).toBeInTheDocument();
    expect(within(history).getByText('Completed → Report ready')).toBeInTheDocument();
    expect(within(drawer).getByText(/^20 KB · 22 Nov 2026/)).toBeInTheDocument();
  });

  it('uploads the PDF as a private file, attaches it, and the booking becomes Report ready with View report', async () => {
    const completed = makeBooking({ tokenNumber: 3, status: 'COMPLETED' });
    const uploads: unknown[] = [];
    const attached: unknown[] = [];
    const { user } = serve(completed, (state) => ({
      'POST /admin/upload': (body) => {
        uploads.push(body);
        return {
          status: 201,
          data: {
            id: uploadId,
            name: 'ct-report.pdf',
            mimeType: 'application/pdf',
            size: 15,
            visibility: 'private',
            url: `/api/uploads/private/${uploadId}`,
            createdAt: '2026-11-22T11:00:00.000Z',
          },
        };
      },
      [`POST /bookings/${completed.id}/report`]: (body) => {
        attached.push(body);
        state.booking = { ...state.booking, status: 'REPORT_READY', report: { uploadId, name: 'ct-report.pdf', size: 15, uploadedAt: '2026-11-22T11:00:00.000Z' } };
        return { data: state.booking };
      },
    }));
    const drawer = await drawerOf('MR-003');
    const report = within(drawer).getByRole('region', { name: 'Report' });
    expect(within(report).queryByRole('button', { name: 'View report' })).not.toBeInTheDocument();
    await user.upload(within(report).getByLabelText('Upload report'), pdf());

    await waitFor(() => expect(attached).toEqual([{ uploadId }]));
    const form = uploads[0] as FormData;
    expect(form.get('visibility')).toBe('private');
    expect((form.get('file') as File).name).toBe('ct-report.pdf');
    expect(await screen.findByText('Report ready: token MR-003')).toBeInTheDocument();
    expect(await within(drawer).findByRole('button', { name: 'View report' })).toBeInTheDocument();
    expect(within(drawer).getByText('Report ready')).toBeInTheDocument();
    expect(within(drawer).getByText('ct-report.pdf')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Replace report')).toBeInTheDocument();
  });

  it('refuses a file that is not a PDF before sending it, and shows the server refusal', async () => {
    const completed = makeBooking({ tokenNumber: 4, status: 'COMPLETED' });
    const { user, api } = serve(completed, () => ({
      'POST /admin/upload': { status: 413, data: { message: 'The file is larger than 20 MB' } },
    }));
    const drawer = await drawerOf('MR-004');
    const input = within(drawer).getByLabelText('Upload report');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Choose a PDF file.');
    expect(api.calls.some((call) => call.url === '/admin/upload')).toBe(false);
    await user.upload(input, pdf());
    expect(await within(drawer).findByText('The file is larger than 20 MB')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'View report' })).not.toBeInTheDocument();
  });

  it('View report opens the signed link in a new tab', async () => {
    const ready = makeBooking({ tokenNumber: 5, status: 'REPORT_READY', report: { uploadId, name: 'ct-report.pdf', size: 15, uploadedAt: '2026-11-22T11:00:00.000Z' } });
    const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = serve(ready, () => ({
      [`GET /uploads/${uploadId}/signed-url`]: { data: { url: `/api/uploads/private/${uploadId}?expires=1900000000&signature=abc`, expiresAt: '2030-03-17T17:46:40.000Z' } },
    }));
    const drawer = await drawerOf('MR-005');
    await user.click(within(drawer).getByRole('button', { name: 'View report' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(`${window.location.origin}/api/uploads/private/${uploadId}?expires=1900000000&signature=abc`));
    expect(tab.opener).toBeNull();
  });

  it('a booking not yet completed has no report section', async () => {
    serve(makeBooking({ tokenNumber: 6, status: 'IN_PROGRESS' }));
    const drawer = await drawerOf('MR-006');
    expect(within(drawer).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('region', { name: 'Report' })).not.toBeInTheDocument();
  });
});
