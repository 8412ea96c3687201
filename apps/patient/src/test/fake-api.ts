import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  /** The query's ?date=, which the slots routes take ('' without one). */
  date: string;
  body: unknown;
  authorization: string | null;
  /** The query string of an upload (fetch calls leave it out). */
  query?: string;
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
  vi.stubGlobal('XMLHttpRequest', fakeXhr(routes, calls));
  return { calls };
}

/**
 * Uploads go through XMLHttpRequest (its progress events): the same route table answers them,
 * after one progress event, and the call keeps the FormData sent as its body.
 */
/** How long an upload takes after its progress event: long enough for a test to see the bar. */
const UPLOAD_MS = 100;

function fakeXhr(routes: Record<string, Handler>, calls: Call[]) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private answered: Record<string, string> = {};

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers.set(name, value);
    }
    getResponseHeader(name: string): string | null {
      return this.answered[name.toLowerCase()] ?? null;
    }
    abort(): void {
      this.onabort?.();
    }
    send(body: unknown): void {
      const url = new URL(this.url, 'http://localhost');
      const call: Call = {
        method: this.method,
        path: url.pathname.replace(/^\/api/, ''),
        body,
        authorization: this.headers.get('authorization'),
        date: url.searchParams.get('date') ?? '',
        query: url.search,
      };
      calls.push(call);
      const handler = routes[`${this.method} ${call.path}`];
      const answer = handler ? handler(call) : { status: 404, body: { statusCode: 404, error: 'Not Found', message: `No route ${this.method} ${call.path}` } };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body ?? {});
          this.answered = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
          this.onload?.();
        }, UPLOAD_MS);
      });
    }
  };
}

/** A signed-in phone, as verify leaves it. */
export function signedIn(phone = '+919876543210') {
  localStorage.setItem('caredesk.patient.session', JSON.stringify({ accessToken: 'token-1', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), phone }));
}
