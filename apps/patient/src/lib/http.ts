import { i18n } from '@lingui/core';
import { clearSession, currentSession } from './session';

/** A refused or failed request: the server's message (shown as is) and the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's message for one field, else null. */
  issueFor(field: string): string | null {
    return this.issues.find((issue) => issue.path === field)?.message ?? null;
  }
}

/** status 0: the request never reached the server (offline, weak signal). */
export const NETWORK_ERROR = 0;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export function errorOf(status: number, body: unknown, retryAfter: string | null): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as { message?: unknown; issues?: unknown }) : {};
  const issues = Array.isArray(record.issues)
    ? record.issues.filter((issue): issue is { path: string; message: string } => typeof issue?.path === 'string' && typeof issue?.message === 'string')
    : [];
  const seconds = retryAfter === null ? null : Number.parseInt(retryAfter, 10);
  return new ApiError(status, typeof record.message === 'string' ? record.message : '', issues, Number.isFinite(seconds) ? seconds : null);
}

/**
 * Sends a request to /api with the patient's token; a network failure is an ApiError with status
 * 0, a refusal one with the server's status and message. A 401 with a token means the session
 * ended (signed out elsewhere, expired): it is forgotten.
 */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const session = currentSession();
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.accessToken}`;
  // The app's language as shown now: the server's own texts (a wrong code, a full slot) come back in it.
  if (i18n.locale) headers['accept-language'] = i18n.locale;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
      cache: 'no-store',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, '');
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401 && session) clearSession();
  throw errorOf(response.status, body, response.headers.get('retry-after'));
}

/**
 * Calls /api with the patient's token. Responses are typed from the shared contracts but not
 * parsed with zod here: zod alone would take a third of the first page's budget.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}

/**
 * GETs a file from /api with the patient's token (a receipt's PDF): a plain link cannot carry
 * the token, and a token in the URL would end up in history and logs.
 */
export async function apiFile(path: string): Promise<Blob> {
  return (await send(path, {}, '*/*')).blob();
}
