import { notificationListSchema, type NotificationList } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('GET /api/notifications/all (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let other: OrganisationFixture;
  let token: string;
  const base = Date.parse('2026-03-10T08:00:00.000Z');

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    other = await createOrganisation(t.database.db);
    // Five for the admin (two read), one for the worker, one in another organisation.
    await t.database.db.insert(notifications).values([
      ...[0, 1, 2, 3, 4].map((i) => ({
        organisationId: org.id,
        recipientStaffId: org.admin.id,
        type: 'appointment-created' as const,
        title: `Appointment ${i}`,
        message: `Patient ${i} booked`,
        isRead: i < 2,
        createdAt: new Date(base + i * 60_000),
        details: i === 4 ? { img: '/uploads/avatar.png' } : {},
      })),
      { organisationId: org.id, recipientStaffId: org.worker.id, type: 'message-received', title: 'For the worker', message: 'Hello' },
      { organisationId: other.id, recipientStaffId: other.admin.id, type: 'booking-created', title: 'Elsewhere', message: 'Another clinic' },
    ]);
    token = (await signIn(t.app, org.admin.email)).access_token;
  });

  const list = async (query = '') => {
    const response = await t.app.inject({ url: `/api/notifications/all${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return notificationListSchema.parse(response.json()) as NotificationList;
  };

  it("answers only the caller's own notifications, newest first, with the unread count", async () => {
    const body = await list();
    expect(body.data.map((n) => n.title)).toEqual(['Appointment 4', 'Appointment 3', 'Appointment 2', 'Appointment 1', 'Appointment 0']);
    expect(body.unread).toBe(3);
    expect(body.data[0]).toMatchObject({
      type: 'appointment-created',
      isRead: false,
      createdAt: new Date(base + 4 * 60_000).toISOString(),
      details: { img: '/uploads/avatar.png' },
    });
  });

  it('pages with limit and a cursor: no overlap or gap, even within one millisecond; null at the end', async () => {
    const first = await list('?limit=2');
    expect(first.data.map((n) => n.title)).toEqual(['Appointment 4', 'Appointment 3']);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((n) => n.title)).toEqual(['Appointment 2', 'Appointment 1']);
    const last = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(last.data.map((n) => n.title)).toEqual(['Appointment 0']);
    expect(last.nextCursor).toBeNull();

    const sameMoment = new Date(base - 86_400_000);
    await t.database.db.insert(notifications).values(
      [0, 1, 2].map((i) => ({
        organisationId: org.id,
        recipientStaffId: org.admin.id,
        type: 'booking-created' as const,
        title: `Twin ${i}`,
        message: 'x',
        isRead: true,
        createdAt: sameMoment,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null | undefined = '';
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((n) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  it('filters by tab (New: all but chats; Chats) and unread, with unread counts per tab', async () => {
    await t.database.db.insert(notifications).values({
      organisationId: org.id,
      recipientStaffId: org.admin.id,
      type: 'message-received',
      title: 'Chat for admin',
      message: 'Hi',
      createdAt: new Date(base + 10 * 60_000),
    });
    const chats = await list('?tab=chats');
    expect(chats.data.map((n) => n.title)).toEqual(['Chat for admin']);
    expect(chats.unreadByTab).toEqual({ new: 3, chats: 1 });
    const unreadNew = await list('?tab=new&unread=true');
    expect(unreadNew.data.map((n) => n.title)).toEqual(['Appointment 4', 'Appointment 3', 'Appointment 2']);
  });

  it('rejects a bad limit or cursor with 400 naming the field', async () => {
    const response = await t.app.inject({ url: '/api/notifications/all?limit=500&tab=old', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<{ issues: { path: string }[] }>()
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['limit', 'tab']);
    const cursor = await t.app.inject({ url: '/api/notifications/all?cursor=nonsense', headers: bearer(token) });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['cursor']);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/notifications/all' })).statusCode).toBe(401);
  });

  it("marks one or all read and deletes one: only the caller's own, another's id is 404 and unchanged", async () => {
    const own = await createOrganisation(t.database.db);
    const add = async (recipientStaffId: string, type: 'appointment-created' | 'message-received', title: string) =>
      (await (t.database.db as Db).insert(notifications).values({ organisationId: own.id, recipientStaffId, type, title, message: title }).returning({ id: notifications.id }))[0]!;
    const mineA = await add(own.admin.id, 'appointment-created', 'A');
    const mineB = await add(own.admin.id, 'message-received', 'B');
    const theirs = await add(own.worker.id, 'appointment-created', 'Worker');
    const adminToken = (await signIn(t.app, own.admin.email)).access_token;
    const call = (method: 'PATCH' | 'DELETE', url: string, as = adminToken) => t.app.inject({ method, url, headers: bearer(as) });

    expect((await call('PATCH', `/api/notifications/read/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/notifications/read/${mineA.id}`, token)).statusCode).toBe(404);
    const one = await call('PATCH', `/api/notifications/read/${mineA.id}`);
    expect(one.json()).toEqual({ unread: 1 });
    const all = await call('PATCH', '/api/notifications/read/all');
    expect(all.json()).toEqual({ unread: 0 });
    const removed = await call('DELETE', `/api/notifications/${mineB.id}`);
    expect(removed.json()).toMatchObject({ id: mineB.id, title: 'B' });
    expect((await call('DELETE', `/api/notifications/${mineB.id}`)).statusCode).toBe(404);

    const workerToken = (await signIn(t.app, own.worker.email)).access_token;
    const workerList = await t.app.inject({ url: '/api/notifications/all', headers: bearer(workerToken) });
    expect(workerList.json()).toMatchObject({ unread: 1, data: [{ title: 'Worker', isRead: false }] });
  });
});
