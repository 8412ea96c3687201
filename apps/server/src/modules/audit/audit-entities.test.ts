import { auditEntities } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditDeclarationsOf } from './test-support.js';
import { isDeclared } from './declaration.js';

describe('the entities the audit trail names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('are all in the shared list the console filters by, for every route a staff member can call', () => {
    const declarations = auditDeclarationsOf(t.app);
    const routes = [...declarations.keys()];
    // The tree was read: known routes at several depths are there.
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/chats/:patientId/messages', 'POST /api/fcm/save', 'GET /api/patients/:id', 'POST /api/tokens/:kind/:id/actions/:action']),
    );

    const named = new Map<string, string>();
    for (const [route, audit] of declarations) if (isDeclared(audit)) named.set(route, audit.entity);
    const unknown = [...named].filter(([, entity]) => !(auditEntities as readonly string[]).includes(entity));
    expect(unknown).toEqual([]);
    // Push registrations are named as such, not by the spec's /fcm path.
    expect(named.get('POST /api/fcm/save')).toBe('push');
  });
});
