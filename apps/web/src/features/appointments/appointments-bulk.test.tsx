import type { Appointment, BulkCancelResult, BulkRescheduleResult, ChatBroadcastResult } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const doctor = makeDoctor({ name: 'Dr. Arjun Nair' });
const patient = (n: number) => `30000000-0000-4000-8000-00000000010${n}`;

/** Three booked appointments of two patients (tokens 001 and 003 are the same person's). */
const visits = (): Appointment[] => [
  makeAppointment({ tokenNumber: 1, patientId: patient(1), patientName: 'Rohan Deshpande' }),
  makeAppointment({ tokenNumber: 2, patientId: patient(2), patientName: 'Sunita Pawar' }),
  makeAppointment({ tokenNumber: 3, patientId: patient(1), patientName: 'Rohan Deshpande' }),
];

async function openList(path = '/appointments', rows = visits(), extra: Record<string, FakeRoute> = {}) {
  const list = recording(() => ({ data: page(rows.map(appointmentRow)) }));
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': list.route, 'GET /doctors': { data: page([doctor]) }, ...extra });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const view = renderApp(path);
  const grid = await screen.findByRole('grid', { name: 'Appointments' }, slow);
  await within(grid).findByText('001');
  return { ...view, list, api, grid, rows, user: userEvent.setup() };
}

describe('the appointments list: export and bulk actions', () => {
  const { today, day } = pinClock(MID_MORNING.at);

  it('downloads the CSV of the list’s dates, doctor, statuses, search and sort, without its page', async () => {
    const exported = recording(() => ({ data: 'Date,Time\r\n', headers: { 'content-disposition': 'attachment; filename="appointments-2026-11-22.csv"' } }));
    URL.createObjectURL = () => 'blob:appointments';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const to = day(6);
    const { user } = await openList(`/appointments?from=${today}&to=${to}&doctorId=${doctor.id}&status=BOOKED,CHECKED_IN&search=rohan&sort=token&order=desc&page=2`, visits(), {
      'GET /appointments/export.csv': exported.route,
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported.seen).toHaveLength(1));
    expect(exported.seen[0]?.params).toEqual({ from: today, to, doctorId: doctor.id, status: 'BOOKED,CHECKED_IN', search: 'rohan', sort: 'token', order: 'desc' });
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('appointments-2026-11-22.csv');
  });

  it('ticks visits by name, or all on the page, and shows how many in the bar without opening one', async () => {
    const { grid, user, router } = await openList();
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 002, Sunita Pawar' }));
    const bar = screen.getByRole('region', { name: 'Selected visits' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('open=');

    const all = within(grid).getByRole('checkbox', { name: 'Select all on this page' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    expect(within(grid).getAllByRole('checkbox', { checked: true })).toHaveLength(4);
    await user.click(all);
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();

    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 001, Rohan Deshpande' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Clear selection' }));
    expect(within(grid).queryAllByRole('checkbox', { checked: true })).toEqual([]);
  });

  it('starts with nothing ticked on another day', async () => {
    const { grid, user, list } = await openList();
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 001, Rohan Deshpande' }));
    expect(screen.getByRole('region', { name: 'Selected visits' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: day(1) }));
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();
  });

  it('cancels the ticked visits with one reason once confirmed, says which could not be, and refreshes the list', async () => {
    const rows = visits();
    const [first, second] = rows as [Appointment, Appointment];
    const result: BulkCancelResult = {
      results: [
        { id: first.id, outcome: 'cancelled' },
        { id: second.id, outcome: 'refused', reason: 'status', status: 'COMPLETED', message: 'Cannot cancel: the appointment is COMPLETED' },
      ],
      cancelled: 1,
      refused: 1,
    };
    const cancel = recording(() => ({ data: result }));
    const { grid, user, list } = await openList('/appointments', rows, { 'POST /appointments/bulk-cancel': cancel.route });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 001, Rohan Deshpande' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 002, Sunita Pawar' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Cancel' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 appointments?' });
    expect(within(dialog).getByText('Tokens: 001, 002')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 appointments' }));
    expect(within(dialog).getByText('Enter the reason for cancelling')).toBeInTheDocument();
    expect(cancel.seen).toHaveLength(0);
    const listed = list.seen.length;

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Doctor called away');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 appointments' }));
    await waitFor(() => expect(cancel.seen).toHaveLength(1));
    expect(cancel.seen[0]?.body).toEqual({ ids: [first.id, second.id], reason: 'Doctor called away' });
    expect(await screen.findByText('1 cancelled, 1 could not be: token 002 is Completed')).toBeInTheDocument();
    await waitFor(() => expect(list.seen.length).toBeGreaterThan(listed));
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();
  });

  it('keeps the selection and says why when the bulk cancel fails', async () => {
    const { grid, user } = await openList('/appointments', visits(), {
      'POST /appointments/bulk-cancel': { status: 503, data: { message: 'CareDesk cannot reach its database right now. Try again in a moment.' } },
    });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 001, Rohan Deshpande' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 1 appointment?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Closed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 appointment' }));
    expect(await screen.findByText('CareDesk cannot reach its database right now. Try again in a moment.')).toBeInTheDocument();
    // The dialog stays for another try; closed, the visit is still ticked.
    const still = screen.getByRole('dialog', { name: 'Cancel 1 appointment?' });
    await user.click(within(still).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Selected visits' })).getByText('1 selected')).toBeInTheDocument();
  });

  it('reschedules the ticked visits to one day, each at its own time, with another doctor if chosen, and says which could not move', async () => {
    const rows = visits();
    const [first, second] = rows as [Appointment, Appointment];
    const result: BulkRescheduleResult = {
      results: [
        { id: first.id, outcome: 'moved', date: day(3), startTime: first.startTime, tokenLabel: '004' },
        { id: second.id, outcome: 'refused', reason: 'other', status: null, message: 'This slot is full: choose another time' },
      ],
      moved: 1,
      refused: 1,
    };
    const reschedule = recording(() => ({ data: result }));
    const { grid, user, list } = await openList('/appointments', rows, { 'POST /appointments/bulk-reschedule': reschedule.route });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 001, Rohan Deshpande' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 002, Sunita Pawar' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Reschedule' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reschedule 2 appointments' });
    expect(within(dialog).getByText('Tokens: 001, 002')).toBeInTheDocument();
    expect(within(dialog).getByText(/Each keeps its own time on the new day/)).toBeInTheDocument();
    // No day yet: nothing to send.
    const submit = within(dialog).getByRole('button', { name: 'Reschedule 2 appointments' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'New date' }), day(3));
    await user.click(within(dialog).getByRole('combobox', { name: 'Doctor (optional)' }));
    await user.click(await screen.findByRole('option', { name: /Dr. Arjun Nair/ }));
    const listed = list.seen.length;
    await user.click(submit);

    await waitFor(() => expect(reschedule.seen).toHaveLength(1));
    expect(reschedule.seen[0]?.body).toEqual({ ids: [first.id, second.id], date: day(3), doctorId: doctor.id });
    expect(await screen.findByText('1 moved, 1 could not be: token 002: This slot is full: choose another time')).toBeInTheDocument();
    await waitFor(() => expect(list.seen.length).toBeGreaterThan(listed));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();
  });

  it('keeps the dialog and the selection when the bulk reschedule fails', async () => {
    const { grid, user } = await openList('/appointments', visits(), {
      'POST /appointments/bulk-reschedule': { status: 503, data: { message: 'CareDesk cannot reach its database right now. Try again in a moment.' } },
    });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select token 001, Rohan Deshpande' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule 1 appointment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'New date' }), day(2));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule 1 appointment' }));
    expect(await screen.findByText('CareDesk cannot reach its database right now. Try again in a moment.')).toBeInTheDocument();
    // The dialog stays for another try; closed, the visit is still ticked.
    await user.click(within(screen.getByRole('dialog', { name: 'Reschedule 1 appointment' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Selected visits' })).getByText('1 selected')).toBeInTheDocument();
  });

  it('messages the patients of the ticked visits, each once, with one text', async () => {
    const result: ChatBroadcastResult = {
      results: [
        { patientId: patient(1), outcome: 'sent', messageId: '70000000-0000-4000-8000-000000000001' },
        { patientId: patient(2), outcome: 'sent', messageId: '70000000-0000-4000-8000-000000000002' },
      ],
      sent: 2,
      refused: 0,
    };
    const broadcast = recording(() => ({ data: result }));
    const { grid, user } = await openList('/appointments', visits(), { 'POST /chats/broadcast': broadcast.route });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Message' }));

    const dialog = await screen.findByRole('dialog', { name: 'Message 2 patients' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Write the message')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), '  Dr. Nair is running 30 minutes late.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(broadcast.seen).toHaveLength(1));
    expect(broadcast.seen[0]?.body).toEqual({
      patientIds: [patient(1), patient(2)],
      text: 'Dr. Nair is running 30 minutes late.',
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    expect(await screen.findByText('Message sent to 2 patients')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();
  });
});
