import { REQUEST_TIMEOUT_MS, refreshResponseSchema } from '@caredesk/shared';
import axios, { type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { browserLocks, createRefreshCoordinator, type RefreshLocks } from './refresh-coordinator';
import { clearSession, getAccessToken, getRefreshToken, getTempAccessToken, storeTokens, subscribeSession } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Calls whose 401 means something else (a wrong password) opt out of the refresh. */
    skipAuthRefresh?: boolean;
    /** Set once a request has been retried after a refresh: one refresh per request. */
    authRetried?: boolean;
    /** The token this request went out with, to tell a stale token from a revoked session. */
    sentToken?: string | null;
  }
}

export interface HttpClientOptions {
  baseURL?: string;
  /** Tests pass an adapter so no request reaches the network. */
  adapter?: AxiosAdapter;
  /** Called once when the session cannot be renewed; the keys are already cleared. */
  onSessionEnd?: () => void;
  /** Web Locks shared by this browser's tabs (navigator.locks by default; null: none). */
  locks?: RefreshLocks | null;
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/**
 * Only the server saying no (401, 403) ends a session. A 5xx (the database briefly unreachable:
 * 503), a timeout or a dropped network is not the person's session ending: they stay signed in,
 * this request fails, and the next one tries the refresh again.
 */
function refreshRefused(error: unknown): boolean {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  return status === 401 || status === 403;
}

export function createHttpClient(options: HttpClientOptions = {}): AxiosInstance {
  const baseURL = options.baseURL ?? env.apiBase;
  const common = {
    baseURL,
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    headers: JSON_HEADERS,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  };
  const client = axios.create(common);
  // The refresh goes through a bare instance without interceptors: its own 401 is never refreshed.
  const bare = axios.create(common);
  const onSessionEnd = options.onSessionEnd ?? (() => window.location.assign(paths.signIn));

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
      const response = await bare.post('/auth/refresh-token', { refresh_token: refreshToken });
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

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = getAccessToken() ?? getTempAccessToken();
    config.sentToken = token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config;
    if (config.skipAuthRefresh || config.authRetried) throw error;
    config.authRetried = true;

    const current = getAccessToken();
    // Another request already renewed the tokens while this one was in flight: just retry.
    if (current && config.sentToken && current !== config.sentToken) return client.request(config);

    try {
      await refreshOnce();
    } catch {
      throw error;
    }
    return client.request(config);
  });

  return client;
}

let sessionEndHandler: () => void = () => window.location.assign(paths.signIn);

/** The app routes the end of a session through its router instead of a full reload. */
export function setSessionEndHandler(handler: () => void): void {
  sessionEndHandler = handler;
}

export const http = createHttpClient({ onSessionEnd: () => sessionEndHandler() });

/** The text to show a user for a failed call: the server's message, else axios's own text. */
export function errorMessage(error: unknown): string {
  if (axios.isAxiosError(error)) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
      return data.message;
    }
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

export function errorStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/** Seconds from a 429's Retry-After header (delta seconds or an HTTP date). */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const raw: unknown = error.response?.headers['retry-after'];
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(String(raw));
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Field errors of a 400 reply ({ issues: [{ path, message }] }). */
export function errorIssues(error: unknown): { path: string; message: string }[] {
  if (!axios.isAxiosError(error)) return [];
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'issues' in data && Array.isArray(data.issues)) {
    return (data.issues as unknown[]).filter(
      (issue): issue is { path: string; message: string } => typeof issue === 'object' && issue !== null && 'path' in issue && 'message' in issue,
    );
  }
  return [];
}
