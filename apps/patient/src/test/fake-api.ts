import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  /** The query's ?date=, which the slots routes take ('' without one). */
  date: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: Call) => { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * Stands in for the server: `fetch` answers each /api call from the route table ("POST
 * /patient/auth/otp"), and every call is kept so a test can check what the app sent.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const call: Call = {
      method,
      path: url.pathname.replace(/^\/api/, ''),
      date: url.searchParams.get('date') ?? '',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const handler = routes[`${method} ${call.path}`];
    const answer = handler ? handler(call) : { status: 404, body: { statusCode: 404, error: 'Not Found', message: `No route ${method} ${call.path}` } };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/** A signed-in phone, as verify leaves it. */
export function signedIn(phone = '+919876543210') {
  localStorage.setItem('caredesk.patient.session', JSON.stringify({ accessToken: 'token-1', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), phone }));
}
