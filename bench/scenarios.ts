import autocannon from 'autocannon';

export const BENCH_ACCOUNT = { email: 'admin@hospital.demo', password: 'Demo@12345' };

export interface Scenario {
  target: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Whether the request carries the signed-in admin's bearer token. */
  authorised: boolean;
}

export const scenarios: Scenario[] = [
  { target: 'GET /api/health (baseline)', method: 'GET', path: '/api/health', authorised: false },
  { target: 'POST /api/admin/auth (sign-in)', method: 'POST', path: '/api/admin/auth', body: JSON.stringify(BENCH_ACCOUNT), authorised: false },
  { target: 'GET /api/notifications/all', method: 'GET', path: '/api/notifications/all', authorised: true },
];

export interface Measurement {
  target: string;
  database: string;
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const connections = 10;
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

export async function signInToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ACCOUNT),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${BENCH_ACCOUNT.email} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error('sign-in answered without access_token');
  return body.access_token;
}

export async function measure(baseUrl: string, database: string, scenario: Scenario, token: string): Promise<Measurement> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (scenario.body) headers['content-type'] = 'application/json';
  if (scenario.authorised) headers.authorization = `Bearer ${token}`;
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    headers,
    ...(scenario.body ? { body: scenario.body } : {}),
    connections,
    duration: durationSeconds,
    timeout: 10,
  });
  return {
    target: scenario.target,
    database,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors, // autocannon counts timeouts among errors
    non2xx: result.non2xx,
  };
}

export const benchSettings = { connections, durationSeconds };
