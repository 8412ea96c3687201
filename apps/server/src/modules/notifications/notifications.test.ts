import { notificationListSchema, type NotificationList } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('GET /api/notifications/all (%s)', (driver) => {
  let t: TestApp;
  let org: OrganisationFixture;
  let other: OrganisationFixture;
  let token: string;
  const base = Date.parse('2026-03-10T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(driver);
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
  afterAll(() => t.close());

  const list = async (query = '') => {
    const response = await t.app.inject({ url: `/api/notifications/all${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return notificationListSchema.parse(response.json()) as NotificationList;
  };

  it("answers only the caller's own notifications, newest first, with the unread count", async () => {
    const body = await list();
    expect(body.data.map((n) => n.title)).toEqual(['Appointment 4', 'Appointment 3', 'Appointment 2', 'Appointment 1', 'Appointment 0']);
    expect(body.unread).toBe(3);
    expect(body.data[0]).toMatchObject({ type: 'appointment-created', isRead: false, createdAt: new Date(base + 4 * 60_000).toISOString(), details: { img: '/uploads/avatar.png' } });
  });

  it('pages with limit and a createdAt cursor', async () => {
    const first = await list('?limit=2');
    expect(first.data.map((n) => n.title)).toEqual(['Appointment 4', 'Appointment 3']);
    const second = await list(`?limit=2&before=${encodeURIComponent(first.data[1]!.createdAt)}`);
    expect(second.data.map((n) => n.title)).toEqual(['Appointment 2', 'Appointment 1']);
    const last = await list(`?limit=2&before=${encodeURIComponent(second.data[1]!.createdAt)}`);
    expect(last.data.map((n) => n.title)).toEqual(['Appointment 0']);
  });

  it('rejects a bad limit or cursor with 400 naming the field', async () => {
    const response = await t.app.inject({ url: '/api/notifications/all?limit=500&before=yesterday', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: { path: string }[] }>().issues.map((i) => i.path).sort()).toEqual(['before', 'limit']);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/notifications/all' })).statusCode).toBe(401);
  });
});
