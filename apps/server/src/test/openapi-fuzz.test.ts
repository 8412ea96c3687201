import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomIp, signInPatient } from '../modules/patient-api/test-support.js';
import { useTestApp } from './app.js';
import { bothDrivers } from './database.js';
import { addDoctor, addFacility, addPatient, addScan, apiAs, createOrganisation, signIn, type OrganisationFixture } from './fixtures.js';
import { brokenRequests, operationsOf, seededRandom, VALID_LABEL, type FuzzRequest, type KnownIds, type Operation } from './openapi-fuzz.js';

/**
 * Every operation of the published OpenAPI document (/api/docs/json) gets requests that break its
 * schema one part at a time: path ids, query parameters and body fields of the wrong type, with
 * NUL and other control characters, huge strings, negative, tiny and overflowing numbers,
 * prototype keys, empty and unknown-only patches. None may answer 5xx, and every 400 names the
 * field (design.md §6). An operation added tomorrow is fuzzed without editing this file.
 * FUZZ_SEED replays a run; the seed and the request are printed with any failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

interface Finding {
  request: FuzzRequest;
  status: number;
  body: string;
}

describe.each(bothDrivers)('schema fuzzing over the OpenAPI document (%s)', (driver) => {
  const t = useTestApp(driver);
  let app: FastifyInstance;
  let org: OrganisationFixture;
  const tokens = { staff: '', patient: '' };
  let ids: KnownIds = () => undefined;

  beforeAll(async () => {
    app = t.app;
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITALANDCARE', walletPaise: 10_000, planEndsInDays: 30 });
    tokens.staff = (await signIn(app, org.admin.email)).access_token;
    tokens.patient = (await signInPatient(t)).session.accessToken;
    // Real ids, so a request the schema lets through reaches the UPDATE it would make.
    const admin = apiAs(app, tokens.staff);
    const [facility, doctor, scan, patient] = await Promise.all([
      addFacility(t.database.db, org.id),
      addDoctor(admin),
      addScan(admin),
      addPatient(admin, { name: 'Fuzz Patient' }),
    ]);
    const byArea: Record<string, string> = {
      facilities: facility.id,
      doctors: doctor.id,
      services: scan.id,
      patients: patient.id,
      chats: patient.id,
      staff: org.worker.id,
    };
    ids = (path) => byArea[/^\/api\/([a-z-]+)\/\{/.exec(path)?.[1] ?? ''];
  });

  async function send(operation: Operation, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const token = operation.auth === 'none' ? undefined : tokens[operation.auth];
    const headers: Record<string, string> = request.payload !== undefined ? { 'content-type': 'application/json' } : {};
    if (token) headers.authorization = `Bearer ${token}`;
    const inject = () =>
      app.inject({ method: request.method as 'GET', url: request.url, headers, remoteAddress: randomIp(), ...(request.payload !== undefined ? { payload: request.payload } : {}) });
    return inject();
  }

  it('never answers 5xx, and every 400 names a field', { timeout: 300_000 }, async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json<Parameters<typeof operationsOf>[0]>();
    const operations = operationsOf(document);
    const random = seededRandom(SEED);
    const findings: Finding[] = [];
    let requests = 0;
    let accepted = 0;
    const rejected: string[] = [];
    for (const operation of operations) {
      for (const request of brokenRequests(operation, random, ids)) {
        requests += 1;
        const response = await send(operation, request).catch((error: unknown) => error as Error);
        if (response instanceof Error) {
          // light-my-request's "response destroyed before completion": a reply that began, then aborted.
          findings.push({ request, status: 0, body: response.message });
          continue;
        }
        if (response.statusCode === 401 && operation.auth === 'staff') tokens.staff = (await signIn(app, org.admin.email)).access_token;
        const body = response.body;
        let bad = response.statusCode >= 500;
        if (response.statusCode === 400) {
          const issues = (JSON.parse(body) as { issues?: { path?: unknown }[] }).issues;
          bad = !issues?.length || issues.some((issue) => typeof issue.path !== 'string' || issue.path === '');
        }
        if (bad && request.label !== VALID_LABEL) findings.push({ request, status: response.statusCode, body: body.slice(0, 300) });
        if (request.label === VALID_LABEL) {
          if (response.statusCode >= 500) findings.push({ request, status: response.statusCode, body: body.slice(0, 300) });
          else if (response.statusCode !== 400) accepted += 1;
          else rejected.push(`${operation.method} ${operation.path}`);
        }
      }
    }
    const report = findings.map(
      (finding) =>
        `${finding.status} ${finding.request.method} ${finding.request.url.slice(0, 160)} [${finding.request.label}] ${finding.request.payload?.slice(0, 160) ?? ''}\n    -> ${finding.body}`,
    );
    console.info(
      `openapi fuzz (${driver}, seed ${SEED}): ${operations.length} operations, ${requests} requests, ${findings.length} findings; ` +
        `${accepted} generated valid requests got past validation, ${rejected.length} did not (${rejected.join(', ')})`,
    );
    expect(report, `seed ${SEED} (FUZZ_SEED=${SEED} replays it)`).toEqual([]);
  });
});
