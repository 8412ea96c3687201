import type { AuditEvent, AuditVerify } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fDateTime } from '@/lib/format';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const ASHA = '10000000-0000-4000-8000-000000000001';
const GONE = '10000000-0000-4000-8000-000000000009';
const PATIENT = '20000000-0000-4000-8000-000000000001';

function entry(overrides: Partial<AuditEvent>): AuditEvent {
  return {
    id: '40000000-0000-4000-8000-000000000001',
    seq: 1,
    staffId: ASHA,
    staffName: 'Asha Admin',
    action: 'read',
    entity: 'patients',
    entityId: PATIENT,
    route: 'GET /api/patients/:id',
    statusCode: 200,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    details: null,
    createdAt: '2026-03-10T05:30:00.000Z',
    hash: 'a'.repeat(64),
    ...overrides,
  };
}

const read = entry({ seq: 2, id: '40000000-0000-4000-8000-000000000002' });
const signIn = entry({
  seq: 1,
  staffId: GONE,
  staffName: 'Farah Former',
  action: 'sign-in',
  entity: 'auth',
  entityId: null,
  route: 'POST /api/admin/auth',
  createdAt: '2026-03-10T05:00:00.000Z',
});
const staffRoute = {
  data: page([
    {
      id: ASHA,
      name: 'Asha Admin',
      email: 'asha@x.in',
      role: 'ADMIN',
      phone: null,
      avatarUrl: null,
      active: true,
      invitationPending: false,
      passwordChangeRequired: false,
      lastLoginAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ]),
};

function openAuditLog(routes: Record<string, FakeRoute>, path = '/settings/audit') {
  const api = installFakeApi({ ...headerRoutes(), 'GET /staff': staffRoute, ...routes });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  return { ...renderApp(path), api, user: userEvent.setup() };
}

/** A screen `width` pixels wide, as MUI's useMediaQuery sees it. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    } as unknown as MediaQueryList;
  });
}

describe('the audit log page', () => {
  it('lists entries newest first: when, who, action, entity, record id, route and from where', async () => {
    const events = recording(() => ({ data: page([read, signIn], 2) }));
    openAuditLog({ 'GET /audit': events.route });
    const grid = await screen.findByRole('grid', { name: 'Audit log entries' }, slow);
    const row = (await within(grid).findByText('GET /api/patients/:id')).closest('[role="row"]') as HTMLElement;
    for (const text of [fDateTime(read.createdAt), 'Asha Admin', 'Read', 'patients', PATIENT, '203.0.113.7']) expect(within(row).getByText(text)).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['When', 'Who', 'Action', 'Entity', 'Record id', 'Route', 'Details', 'From']);
    expect(events.seen[0]?.params).toEqual({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' });
  });

  it('shows what a list read and why a request was refused, and filters to security events', async () => {
    const listed = entry({
      seq: 3,
      id: '40000000-0000-4000-8000-000000000003',
      action: 'search',
      entityId: null,
      route: 'GET /api/patients',
      details: { count: 200, search: 'phone', filters: { pageSize: '200' } },
    });
    const denied = entry({
      seq: 4,
      id: '40000000-0000-4000-8000-000000000004',
      action: 'denied',
      route: 'GET /api/chats',
      statusCode: 403,
      entityId: null,
      entity: 'chats',
      details: { denied: 'forbidden' },
    });
    const events = recording(() => ({ data: page([denied, listed], 2) }));
    const { user } = openAuditLog({ 'GET /audit': events.route });
    const grid = await screen.findByRole('grid', { name: 'Audit log entries' }, slow);
    const rowOf = async (route: string) => (await within(grid).findByText(route)).closest('[role="row"]') as HTMLElement;
    expect(within(await rowOf('GET /api/patients')).getByText('200 records · search by phone · pageSize 200')).toBeInTheDocument();
    const refused = await rowOf('GET /api/chats');
    expect(within(refused).getByText('Denied (security)')).toBeInTheDocument();
    expect(within(refused).getByText('Refused: not allowed')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Denied (security)' }));
    await waitFor(() => expect(events.seen.at(-1)?.params).toEqual({ action: 'denied', page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' }));
  });

  it('filters by person (staff and people only in the log), action, entity and dates, in the URL', async () => {
    const events = recording(() => ({ data: page([read, signIn], 60) }));
    const { router, user } = openAuditLog({ 'GET /audit': events.route });
    await screen.findByRole('grid', { name: 'Audit log entries' }, slow);

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Everyone', 'Asha Admin', 'Farah Former']);
    await user.click(screen.getByRole('option', { name: 'Asha Admin' }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Read' }));
    await user.click(screen.getByRole('combobox', { name: 'Entity' }));
    await user.click(await screen.findByRole('option', { name: 'Patients' }));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    const filters = { staffId: ASHA, action: 'read', entity: 'patients', from: '2026-03-01', to: '2026-03-31' };
    await waitFor(() => expect(events.seen.at(-1)?.params).toEqual({ ...filters, page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(filters);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(events.seen.at(-1)?.params).toMatchObject({ ...filters, page: 2 }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(events.seen.at(-1)?.params).toEqual({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' }));
  });

  it('exports the filtered log as CSV', async () => {
    const exports = recording(() => ({ data: 'Entry,When (UTC)\r\n', headers: { 'content-disposition': 'attachment; filename="audit-2026-03-10.csv"' } }));
    openAuditLog({ 'GET /audit': { data: page([read]) }, 'GET /audit/export.csv': exports.route }, '/settings/audit?entity=patients&action=read');
    URL.createObjectURL = vi.fn(() => 'blob:audit');
    URL.revokeObjectURL = vi.fn();
    let savedAs: string | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    await screen.findByRole('grid', { name: 'Audit log entries' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(savedAs).toBe('audit-2026-03-10.csv'));
    expect(exports.seen[0]?.params).toEqual({ action: 'read', entity: 'patients', sort: 'createdAt', order: 'desc' });
  });

  it("verifies the chain: 'Audit trail intact' or the first tampered entry", async () => {
    const anchoredAt = '2026-03-10T06:00:00.000Z';
    let answer: AuditVerify = { ok: true, checked: 12, firstBroken: null, anchor: { seq: 11, at: anchoredAt } };
    const { user } = openAuditLog({ 'GET /audit': { data: page([read]) }, 'GET /audit/verify': () => ({ data: answer }) });
    await screen.findByRole('grid', { name: 'Audit log entries' }, slow);
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Audit trail intact: 12 entries checked (anchored outside the database up to entry #11, ${fDateTime(anchoredAt)})`);

    answer = { ok: false, checked: 56, firstBroken: { seq: 57, id: read.id, reason: 'hash does not match its fields' }, anchor: null };
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tampering detected at entry #57: hash does not match its fields');
    expect(screen.queryByText(/Audit trail intact/)).not.toBeInTheDocument();
  });

  it("says 'No matches' under filters, 'No entries yet' without, and shows a refusal", async () => {
    openAuditLog({ 'GET /audit': { data: page([], 0) } }, '/settings/audit?action=delete');
    expect(await screen.findByText('No matches', {}, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
    restore?.();

    openAuditLog({ 'GET /audit': { status: 403, data: { statusCode: 403, error: 'Forbidden', message: 'Only an administrator can do this' } } });
    expect(await screen.findByText('Only an administrator can do this', {}, slow)).toBeInTheDocument();
  });

  it('shows entries as cards on a 375px phone', async () => {
    screenWidth(375);
    openAuditLog({ 'GET /audit': { data: page([read, signIn], 2) } });
    const list = await screen.findByRole('list', { name: 'Audit log entries' }, slow);
    await within(list).findByText('Read · patients');
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Read · patients');
    expect(cards[0]).toHaveTextContent(`${fDateTime(read.createdAt)} · 203.0.113.7`);
    expect(cards[0]).toHaveTextContent(`GET /api/patients/:id · ${PATIENT}`);
    expect(cards[1]).toHaveTextContent('Sign-in · auth');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
