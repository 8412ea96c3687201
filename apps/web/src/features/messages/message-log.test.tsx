import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fDateTime } from '@/lib/format';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makeMessage } from '@/test/message-fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const slow = { timeout: 15_000 };

const delivered = makeMessage();
const skipped = makeMessage({
  event: 'reminder',
  offsetMinutes: 1440,
  channel: 'WHATSAPP',
  status: 'SKIPPED',
  sentAt: null,
  costPaise: 0,
  failureReason: 'The WhatsApp add-on is not active',
  timeline: [{ status: 'SKIPPED', at: '2026-11-23T04:00:00.000Z', detail: 'The WhatsApp add-on is not active' }],
  dueAt: '2026-11-23T04:00:00.000Z',
});

function openLog(routes: Record<string, FakeRoute>, path = '/settings/messages/log', role: 'ADMIN' | 'WORKER' = 'ADMIN') {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  storeSession(makeUser('SCAN', role));
  return { ...renderApp(path), api, user: userEvent.setup() };
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

describe('the message log', () => {
  it('lists time, patient, event, channel, status and cost, and opens a row on its text, number and timeline', async () => {
    const list = recording(() => ({ data: page([skipped, delivered]) }));
    const { user } = openLog({ 'GET /messages': list.route });
    const table = await screen.findByRole('table', { name: 'Messages' }, slow);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Details', 'Time', 'Patient', 'Event', 'Channel', 'Status', 'Cost', 'Actions']);
    const first = rowOf(table, 'Booking confirmed');
    expect(within(first).getByText(fDateTime(delivered.sentAt))).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Lakshmi Narayan' })).toHaveAttribute('href', `/user/${delivered.patientId}`);
    expect(within(first).getByText('SMS')).toBeInTheDocument();
    expect(within(first).getByText('Delivered')).toBeInTheDocument();
    expect(within(first).getByText('₹0.25')).toBeInTheDocument();
    const second = rowOf(table, 'Reminder (24 hours before)');
    expect(within(second).getByText('Not sent')).toBeInTheDocument();
    expect(within(second).getByText(fDateTime(skipped.dueAt))).toBeInTheDocument();
    expect(list.seen[0]?.params).toEqual({ page: 1, pageSize: 25 });

    const expander = within(first).getByRole('button', { name: 'Show details' });
    expect(expander).toHaveAttribute('aria-expanded', 'false');
    await user.click(expander);
    expect(expander).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(expander.getAttribute('aria-controls')!)!;
    expect(details).toHaveTextContent(delivered.text);
    expect(details).toHaveTextContent('+91******3210');
    const timeline = within(details).getByRole('list', { name: 'Status timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Sent · ${fDateTime('2026-11-20T04:00:05.000Z')}`, `Delivered · ${fDateTime('2026-11-20T04:00:09.000Z')}`]);

    await user.click(within(second).getByRole('button', { name: 'Show details' }));
    expect(screen.getByText('Why not sent').nextSibling).toHaveTextContent('The WhatsApp add-on is not active');
    expect(expander).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by event, channel and status, in the URL, and pages', async () => {
    const list = recording(() => ({ data: { ...page([delivered]), total: 60 } }));
    const { router, user } = openLog({ 'GET /messages': list.route });
    await screen.findByRole('table', { name: 'Messages' }, slow);
    const pick = async (label: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Event', 'Now being served');
    await pick('Channel', 'WhatsApp');
    await pick('Status', 'Failed');
    await waitFor(() => expect(list.seen.at(-1)?.params).toEqual({ event: 'serving', channel: 'WHATSAPP', status: 'FAILED', page: 1, pageSize: 25 }));
    expect(router.state.location.search).toBe('?event=serving&channel=WHATSAPP&status=FAILED');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toEqual({ event: 'serving', channel: 'WHATSAPP', status: 'FAILED', page: 2, pageSize: 25 }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toEqual({ page: 1, pageSize: 25 }));
  });

  it("shows one patient's messages when opened from their record", async () => {
    const list = recording(() => ({ data: page([delivered]) }));
    const { user } = openLog({ 'GET /messages': list.route }, `/settings/messages/log?patientId=${delivered.patientId}`);
    expect(await screen.findByRole('button', { name: 'Patient: Lakshmi Narayan' }, slow)).toBeInTheDocument();
    expect(list.seen[0]?.params).toEqual({ patientId: delivered.patientId, page: 1, pageSize: 25 });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toEqual({ page: 1, pageSize: 25 }));
  });

  it('lets an admin retry a message that failed or was not sent', async () => {
    const failed = makeMessage({ status: 'FAILED', failureReason: 'The provider refused the number', event: 'cancelled' });
    let rows = [failed, delivered];
    const retries = recording(() => {
      rows = [{ ...failed, status: 'SCHEDULED', failureReason: null }, delivered];
      return { data: rows[0] };
    });
    const { user } = openLog({ 'GET /messages': () => ({ data: page(rows) }), [`POST /messages/${failed.id}/retry`]: retries.route });
    const table = await screen.findByRole('table', { name: 'Messages' }, slow);
    expect(within(rowOf(table, 'Booking confirmed')).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(rowOf(table, 'Cancelled')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retries.seen).toHaveLength(1));
    expect(await screen.findByText('Message queued to be sent again')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(table, 'Cancelled')).getByText('Scheduled')).toBeInTheDocument());
    expect(within(rowOf(table, 'Cancelled')).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers a worker the log to read, without retry or the settings tab', async () => {
    openLog({ 'GET /messages': { data: page([skipped]) } }, '/settings/messages/log', 'WORKER');
    const table = await screen.findByRole('table', { name: 'Messages' }, slow);
    expect(within(table).getByText('Not sent')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('exports the filtered log as CSV', async () => {
    const exports = recording(() => ({ data: 'Time,Patient\r\n', headers: { 'content-disposition': 'attachment; filename="messages-2026-11-20.csv"' } }));
    openLog({ 'GET /messages': { data: page([delivered]) }, 'GET /messages/export.csv': exports.route }, '/settings/messages/log?status=DELIVERED&channel=SMS&page=2');
    URL.createObjectURL = vi.fn(() => 'blob:messages');
    URL.revokeObjectURL = vi.fn();
    let savedAs: string | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    await screen.findByRole('table', { name: 'Messages' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(savedAs).toBe('messages-2026-11-20.csv'));
    expect(exports.seen[0]?.params).toEqual({ channel: 'SMS', status: 'DELIVERED' });
  });

  it("says 'No matches' under filters and 'No messages yet' without", async () => {
    const { user } = openLog({ 'GET /messages': { data: page([]) } }, '/settings/messages/log?status=FAILED');
    expect(await screen.findByText('No matches', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});
