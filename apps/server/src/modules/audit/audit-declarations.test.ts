import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pathParamsOf } from '../../test/routes.js';
import { auditDeclarationsOf, operationOf } from './test-support.js';
import type { AuditConfig } from './declaration.js';

// Fields that say whose record a reply holds. Names and phones are left out on purpose: staff,
// doctors and facilities have them too.
const PATIENT_FIELDS = new Set(['patient', 'patientId', 'patientName', 'patientPhone', 'uhid', 'abhaNumber', 'abhaAddress']);

/** Every property name anywhere in a JSON schema. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    const { properties } = schema as { properties?: unknown };
    if (typeof properties === 'object' && properties !== null) for (const name of Object.keys(properties)) into.add(name);
    for (const value of Object.values(schema)) propertyNames(value, into);
  }
  return into;
}

/**
 * Routes say in their options what the audit trail records of them (declaration.ts); the hook
 * reads nothing else. Declarations are read back from the OpenAPI document (x-audit), so a route
 * hidden from it fails here as undeclared.
 */
describe('the audit declarations of the routes', () => {
  let t: TestApp;
  let declarations: Map<string, AuditConfig | undefined>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    declarations = auditDeclarationsOf(t.app);
  });
  afterAll(() => t.close());

  const undeclared = (routes: string[]) => routes.filter((route) => declarations.get(route) === undefined);

  it('every route that changes something says what it records, or why it records nothing', () => {
    const writes = [...declarations.keys()].filter((route) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route));
    expect(writes).toEqual(expect.arrayContaining(['POST /api/patients', 'DELETE /api/patients/:id', 'POST /api/patient/chats', 'POST /api/admin/auth']));
    expect(undeclared(writes)).toEqual([]);
  });

  it("every route whose reply names a patient's record says what it records, or why it records nothing", () => {
    const readsOfPatients = [...declarations.keys()].filter((route) => {
      if (!/^GET \/api\//.test(route)) return false;
      const names = propertyNames(operationOf(t.app, route)?.responses);
      return [...names].some((name) => PATIENT_FIELDS.has(name));
    });
    expect(readsOfPatients).toEqual(expect.arrayContaining(['GET /api/patients', 'GET /api/patients/:id', 'GET /api/appointments/:id', 'GET /api/tokens/:kind', 'GET /api/chats']));
    expect(undeclared(readsOfPatients)).toEqual([]);
  });

  it('names path parameters the route has, and gives each route it leaves out a reason', () => {
    const wrong: string[] = [];
    for (const [route, audit] of declarations) {
      if (!audit) continue;
      if ('notAudited' in audit) {
        if (audit.notAudited.trim().length < 20) wrong.push(`${route}: say why it is not audited`);
      } else if ('idParam' in audit && audit.idParam !== undefined && !pathParamsOf(route).includes(audit.idParam)) {
        wrong.push(`${route}: no :${audit.idParam}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('records a denial as a security event on exactly the routes of patient data', () => {
    const patientData = [...declarations]
      .filter(([route, audit]) => !route.startsWith('HEAD') && audit && 'patientData' in audit && audit.patientData)
      .map(([route]) => route)
      .sort();
    expect(patientData).toEqual([
      'DELETE /api/billing/bills/:id/items/:itemId',
      'DELETE /api/patients/:id',
      'DELETE /api/waitlist/:id',
      'GET /api/appointments',
      'GET /api/appointments/:id',
      'GET /api/appointments/export.csv',
      'GET /api/appointments/series/:id',
      'GET /api/billing/bills',
      'GET /api/billing/bills/:id',
      'GET /api/billing/bills/:id/invoice.pdf',
      'GET /api/billing/credit-notes/:id/credit-note.pdf',
      'GET /api/billing/day-book',
      'GET /api/billing/export/bills.csv',
      'GET /api/billing/export/payments.csv',
      'GET /api/billing/export/refunds.csv',
      'GET /api/billing/payment-links/:id',
      'GET /api/billing/payments/:id/receipt.pdf',
      'GET /api/bookings',
      'GET /api/bookings/:id',
      'GET /api/bookings/export.csv',
      'GET /api/bookings/series/:id',
      'GET /api/chats',
      'GET /api/chats/:patientId',
      'GET /api/consulting/queue',
      'GET /api/consulting/visits/:id',
      'GET /api/dashboard',
      'GET /api/messages',
      'GET /api/messages/export.csv',
      'GET /api/notifications/all',
      'GET /api/patients',
      'GET /api/patients/:id',
      'GET /api/patients/export.csv',
      'GET /api/search',
      'GET /api/tokens/:kind',
      'GET /api/tokens/:kind/:id',
      'GET /api/uploads/:id/signed-url',
      'GET /api/waitlist',
      'PATCH /api/patients/:id',
      'POST /api/appointments',
      'POST /api/appointments/:id/actions/:action',
      'POST /api/appointments/:id/confirm',
      'POST /api/appointments/:id/reschedule',
      'POST /api/appointments/bulk-cancel',
      'POST /api/appointments/bulk-reschedule',
      'POST /api/appointments/series',
      'POST /api/appointments/series/:id/cancel',
      'POST /api/appointments/series/:id/reschedule',
      'POST /api/billing/bills',
      'POST /api/billing/bills/:id/discount',
      'POST /api/billing/bills/:id/discount/approve',
      'POST /api/billing/bills/:id/items',
      'POST /api/billing/bills/:id/payment-links',
      'POST /api/billing/bills/:id/payments',
      'POST /api/billing/bills/:id/refunds',
      'POST /api/billing/day-book/close',
      'POST /api/billing/payment-links/:id/cancel',
      'POST /api/billing/payment-links/:id/simulated-pay',
      'POST /api/bookings',
      'POST /api/bookings/:id/actions/:action',
      'POST /api/bookings/:id/confirm',
      'POST /api/bookings/:id/report',
      'POST /api/bookings/:id/reschedule',
      'POST /api/bookings/:id/tests/:testId/actions/:action',
      'POST /api/bookings/:id/tests/:testId/report',
      'POST /api/bookings/bulk-cancel',
      'POST /api/bookings/bulk-reschedule',
      'POST /api/bookings/series',
      'POST /api/bookings/series/:id/cancel',
      'POST /api/bookings/series/:id/reschedule',
      'POST /api/chats/:patientId/messages',
      'POST /api/chats/:patientId/read',
      'POST /api/chats/broadcast',
      'POST /api/consulting/queue/actions/:action',
      'POST /api/doctors/:id/leave',
      'POST /api/messages/:id/retry',
      'POST /api/patients',
      'POST /api/patients/matches',
      'POST /api/tokens/:kind/:id/actions/:action',
      'POST /api/tokens/doctors/:id/walk-ins',
      'POST /api/tokens/services/:id/walk-ins',
      'POST /api/waitlist',
      'POST /api/waitlist/:id/book',
    ]);
  });
});
