import { REQUEST_TIMEOUT_MS, isLanguage, refreshResponseSchema } from '@caredesk/shared';
import { i18n } from '@lingui/core';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { t } from '../i18n/use-t';
import { fetchAdapter, HttpError, type HttpAdapter, type HttpRequestConfig, type HttpResponse } from './http-transport';
import { browserLocks, createRefreshCoordinator, type RefreshLocks } from './refresh-coordinator';
import { clearSession, getAccessToken, getRefreshToken, getTempAccessToken, storeTokens, subscribeSession } from './session';

export { HttpError, type HttpAdapter, type HttpRequestConfig, type HttpResponse, type UploadProgress } from './http-transport';

export interface HttpClientOptions {
  baseURL?: string;
  /** Tests pass an adapter so no request reaches the network. */
  adapter?: HttpAdapter;
  /** Called once when the session cannot be renewed; the keys are already cleared. */
  onSessionEnd?: () => void;
  /** Web Locks shared by this browser's tabs (navigator.locks by default; null: none). */
  locks?: RefreshLocks | null;
}

/** What every request starts from; tests swap `adapter` (src/test/fake-api.ts). */
export interface HttpDefaults {
  baseURL: string;
  withCredentials: boolean;
  timeout: number;
  headers: Record<string, string>;
  adapter: HttpAdapter;
}

/** The calls the console makes, in axios's shapes (the client it replaced). */
export interface HttpClient {
  defaults: HttpDefaults;
  request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
}

const lowerCaseNames = (headers: Record<string, string> = {}) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * Only the server saying no (401, 403) ends a session. A 5xx (the database briefly unreachable:
 * 503), a timeout or a dropped network is not the person's session ending: they stay signed in,
 * this request fails, and the next one tries the refresh again.
 */
function refreshRefused(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403;
}

/**
 * The console's language as it is now (Lingui's active locale), sent on every request so the
 * server's own texts (a sign-in refusal, a validation message) come back in it (issue #20).
 */
function activeLanguage(): string {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const defaults: HttpDefaults = {
    baseURL: options.baseURL ?? env.apiBase,
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    adapter: options.adapter ?? fetchAdapter,
  };
  const onSessionEnd = options.onSessionEnd ?? (() => window.location.assign(paths.signIn));

  /** One request as it is, without the session: the refresh goes through here, so its own 401 is never refreshed. */
  async function send<T>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
    const { adapter, ...rest } = defaults;
    const merged = { ...rest, ...config, headers: { ...rest.headers, 'accept-language': activeLanguage(), ...lowerCaseNames(config.headers) } };
    const response = (await adapter(merged)) as HttpResponse<T>;
    const { status } = response;
    if (status >= 200 && status < 300) return response;
    throw new HttpError(`Request failed with status code ${status}`, status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST', merged, response);
  }

  const endSession = (): void => {
    clearSession();
    onSessionEnd();
  };

  async function refreshTokens(refreshToken: string | null): Promise<string> {
    if (!refreshToken) {
      endSession();
      throw new Error('No refresh token');
    }
    try {
      const response = await send({ method: 'POST', url: '/auth/refresh-token', data: { refresh_token: refreshToken } });
      const tokens = refreshResponseSchema.parse(response.data);
      storeTokens(tokens.accessToken, tokens.refreshToken);
      return tokens.accessToken;
    } catch (error) {
      if (refreshRefused(error)) endSession();
      throw error;
    }
  }

  /** Concurrent 401s of this tab share one refresh, and this browser's tabs take turns. */
  const refreshOnce = createRefreshCoordinator({
    readTokens: () => ({ accessToken: getAccessToken(), refreshToken: getRefreshToken() }),
    onTokensChanged: subscribeSession,
    refresh: refreshTokens,
    locks: options.locks === undefined ? browserLocks() : options.locks,
  });

  /** `retried`: one refresh per request, so a token the server keeps refusing ends in the caller's error. */
  async function request<T>(config: HttpRequestConfig, retried = false): Promise<HttpResponse<T>> {
    const sentToken = getAccessToken() ?? getTempAccessToken();
    const headers = sentToken ? { ...lowerCaseNames(config.headers), authorization: `Bearer ${sentToken}` } : config.headers;
    try {
      return await send<T>({ ...config, headers });
    } catch (error) {
      if (errorStatus(error) !== 401 || config.skipAuthRefresh || retried) throw error;
      const current = getAccessToken();
      // Another request already renewed the tokens while this one was in flight: just retry.
      if (current && sentToken && current !== sentToken) return request<T>(config, true);
      try {
        await refreshOnce();
      } catch {
        throw error;
      }
      return request<T>(config, true);
    }
  }

  return {
    defaults,
    request: <T>(config: HttpRequestConfig) => request<T>(config),
    get: <T>(url: string, config?: HttpRequestConfig) => request<T>({ ...config, url, method: 'GET' }),
    delete: <T>(url: string, config?: HttpRequestConfig) => request<T>({ ...config, url, method: 'DELETE' }),
    post: <T>(url: string, data?: unknown, config?: HttpRequestConfig) => request<T>({ ...config, url, data, method: 'POST' }),
    put: <T>(url: string, data?: unknown, config?: HttpRequestConfig) => request<T>({ ...config, url, data, method: 'PUT' }),
    patch: <T>(url: string, data?: unknown, config?: HttpRequestConfig) => request<T>({ ...config, url, data, method: 'PATCH' }),
  };
}

let sessionEndHandler: () => void = () => window.location.assign(paths.signIn);

/** The app routes the end of a session through its router instead of a full reload. */
export function setSessionEndHandler(handler: () => void): void {
  sessionEndHandler = handler;
}

export const http = createHttpClient({ onSessionEnd: () => sessionEndHandler() });

/** The server's reply to a failed call, when it answered. */
const replyOf = (error: unknown): HttpResponse | undefined => (error instanceof HttpError ? (error as HttpError).response : undefined);

/** The text to show a user for a failed call: the server's message (in the request's language), else the client's own text. */
export function errorMessage(error: unknown): string {
  const data = replyOf(error)?.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  if (error instanceof HttpError) return unexplainedFailure(error);
  if (error instanceof Error) return error.message;
  return t('http.failed');
}

/** A call the server did not explain, in the console's language (SPEC.md §8's English texts). */
function unexplainedFailure(error: HttpError): string {
  if (error.response) return t('http.failedStatus', { status: error.response.status });
  if (error.code === 'ERR_NETWORK') return t('http.networkError');
  if (error.code === 'ECONNABORTED' && error.config?.timeout) return t('http.timeout', { ms: error.config.timeout });
  return error.message;
}

export function errorStatus(error: unknown): number | undefined {
  return replyOf(error)?.status;
}

/** Seconds from a 429's Retry-After header (delta seconds or an HTTP date). */
export function retryAfterSeconds(error: unknown): number | undefined {
  const raw = replyOf(error)?.headers['retry-after'];
  if (raw === undefined || raw === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Field errors of a 400 reply ({ issues: [{ path, message }] }). */
export function errorIssues(error: unknown): { path: string; message: string }[] {
  const data = replyOf(error)?.data;
  if (data && typeof data === 'object' && 'issues' in data && Array.isArray(data.issues)) {
    return (data.issues as unknown[]).filter(
      (issue): issue is { path: string; message: string } => typeof issue === 'object' && issue !== null && 'path' in issue && 'message' in issue,
    );
  }
  return [];
}
