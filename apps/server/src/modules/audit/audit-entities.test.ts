import { auditEntities } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { routesOf } from '../../test/routes.js';
import { classifyStaffRequest } from './classify.js';

// Reached without a staff member's token, so never classified as a staff request: the sign-ins
// among them are recorded as entity auth from their reply (hook.ts).
const PUBLIC_ROUTES = new Set([
  'POST /api/admin/auth',
  'POST /api/auth/login',
  'POST /api/auth/refresh-token',
  'POST /api/sms/user',
  'POST /api/onboarding',
  'POST /api/invitations/:token/accept',
  'POST /api/payments/razorpay/webhook',
]);

describe('the entities the audit trail names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('are all in the shared list the console filters by, for every route a staff member can call', () => {
    const routes = routesOf(t.app);
    // The tree was read: known routes at several depths are there.
    expect(routes).toEqual(expect.arrayContaining(['POST /api/chats/:patientId/messages', 'POST /api/fcm/save', 'GET /api/patients/:id', 'POST /api/tokens/:kind/:id/actions/:action']));

    const named = new Map<string, string>();
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(route)) continue;
      const [method, routeUrl] = route.split(' ') as [string, string];
      const classified = classifyStaffRequest({ method, routeUrl, statusCode: 200, params: {}, createdId: undefined });
      if (classified) named.set(route, classified.entity);
    }
    const unknown = [...named].filter(([, entity]) => !(auditEntities as readonly string[]).includes(entity));
    expect(unknown).toEqual([]);
    // Push registrations are named as such, not by the spec's /fcm path.
    expect(named.get('POST /api/fcm/save')).toBe('push');
  });
});
