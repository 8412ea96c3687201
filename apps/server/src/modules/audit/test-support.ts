import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import { testConfig } from '../../test/config.js';
import { routesOf } from '../../test/routes.js';
import type { AuditConfig } from './declaration.js';
import { auditWritesSettled } from './hook.js';

export { auditWritesSettled };
import { loadAuditKeys, type AuditKeys } from './keys.js';

/** The key every test app chains with (testConfig's AUDIT_HMAC_KEY). */
export function testAuditKeys(overrides: Parameters<typeof testConfig>[0] = {}): AuditKeys {
  return loadAuditKeys(testConfig(overrides));
}

export const CLIENT_IP = '203.0.113.7';
export const CLIENT_AGENT = 'AuditTest/1.0 (front desk PC)';

export interface AuditClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** inject() from a known address and browser, so entries can be checked for "from where". */
export function clientFrom(app: FastifyInstance, token: string | undefined, ip = CLIENT_IP): AuditClient {
  const send = (options: InjectOptions) =>
    app.inject({ ...options, remoteAddress: ip, headers: { 'user-agent': CLIENT_AGENT, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    get: (url) => send({ url }),
    post: (url, payload) => send({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) }),
    patch: (url, payload) => send({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] }),
    delete: (url) => send({ method: 'DELETE', url }),
  };
}

/** Signs in from CLIENT_IP and returns the access token. */
export async function signInFrom(app: FastifyInstance, email: string, password: string, ip = CLIENT_IP): Promise<string> {
  const response = await clientFrom(app, undefined, ip).post('/api/admin/auth', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** The organisation's entries in chain order, once every pending append has been written. */
export async function auditEntriesOf(db: Db, organisationId: string) {
  await auditWritesSettled(db);
  return db.select().from(auditEvents).where(eq(auditEvents.organisationId, organisationId)).orderBy(asc(auditEvents.seq));
}

/**
 * Runs a statement with the append-only triggers switched off for this transaction only, as a
 * superuser tampering with the table would (session_replication_role skips ordinary triggers).
 * Unlike ALTER TABLE … DISABLE TRIGGER it leaves the table protected for every other session,
 * which matters when test files share one PostgreSQL database.
 */
export async function tamper(db: Db, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** One operation of the OpenAPI document: its replies and the route's audit declaration (x-audit). */
export interface DocumentedOperation {
  responses?: Record<string, unknown>;
  'x-audit'?: AuditConfig;
}

/** The app's OpenAPI operation of a route ("GET /api/patients/:id"); a HEAD is its GET's. */
export function operationOf(app: FastifyInstance, route: string): DocumentedOperation | undefined {
  const [method, path] = route.split(' ') as [string, string];
  const { paths } = app.swagger() as { paths: Record<string, Record<string, DocumentedOperation> | undefined> };
  return paths[path.replace(/:(\w+)/g, '{$1}')]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
}

/** Every route of the app with what its options declare for the audit trail (undefined: nothing). */
export function auditDeclarationsOf(app: FastifyInstance): Map<string, AuditConfig | undefined> {
  return new Map(routesOf(app).map((route) => [route, operationOf(app, route)?.['x-audit']]));
}

/** An entry no staff member made (a settings change), for tests that append to a chain directly. */
export function settingsChange(organisationId: string) {
  return {
    organisationId,
    staffId: null,
    staffName: null,
    action: 'update',
    entity: 'settings',
    entityId: null,
    route: 'PATCH /api/settings/organisation',
    statusCode: 200,
    ip: null,
    userAgent: null,
    details: null,
  } as const;
}
