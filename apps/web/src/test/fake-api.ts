import { http, type HttpAdapter, type HttpRequestConfig } from '@/lib/http';

export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = FakeReply | ((body: unknown, config: HttpRequestConfig) => FakeReply | Promise<FakeReply>);

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  authorization: unknown;
}

/**
 * Answers the console's HTTP client from a table of 'METHOD /path' routes, so component tests
 * never reach a network. Unknown routes answer 404.
 */
export function installFakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const original = http.defaults.adapter;
  const adapter: HttpAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, body, authorization: config.headers?.authorization });
    const route = routes[`${method} ${url}`];
    const reply = typeof route === 'function' ? await route(body, config) : (route ?? { status: 404, data: { message: 'Not Found' } });
    const status = reply.status ?? 200;
    const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    return { data: reply.data, status, statusText: String(status), headers, config };
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}

/** The three header reads every dashboard page makes. */
export const headerRoutes = (overrides: Partial<Record<'plan' | 'wallet' | 'notifications', FakeReply>> = {}) => ({
  'GET /plan/current': overrides.plan ?? { data: { isActive: true, planName: 'Clinic Pro', endsAt: '2030-01-31T00:00:00.000Z' } },
  'GET /wallet': overrides.wallet ?? { data: { showWallet: true, balance: 2450 } },
  'GET /notifications/all': overrides.notifications ?? { data: { data: [], unread: 3 } },
});

/** A route that remembers the query params and body of every call. */
export function recording(reply: (params: Record<string, unknown>, body: unknown) => FakeReply) {
  const seen: { params: Record<string, unknown>; body: unknown }[] = [];
  const route = (body: unknown, config: HttpRequestConfig) => {
    const params = { ...(config.params as Record<string, unknown>) };
    seen.push({ params, body });
    return reply(params, body);
  };
  return { seen, route };
}

/** One page of a paginated list as the API returns it. */
export function page<T>(data: T[], total = data.length) {
  return { data, total, page: 1, pageSize: 25 };
}
