import { STORAGE_KEYS, type SessionUser } from '@caredesk/shared';
import { useSyncExternalStore } from 'react';
import { parseSessionUser } from './session-user';

/**
 * The session lives in local storage under the spec's four keys (SPEC.md §4, §9) so that a
 * reload restores it. This module is the only writer of those keys; React reads the user
 * through useSessionUser, which re-renders on sign-in, sign-out and changes from other tabs.
 */
const listeners = new Set<() => void>();
// Parsed user, keyed by the stored text: a stable snapshot that follows any write to storage.
let cached: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    return parseSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) notify();
  });
}

/** The stored user, or null when signed out. */
export function getSessionUser(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== cached.raw) cached = { raw, user: parseUser(raw) };
  return cached.user;
}

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function getTempAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.tempAccessToken);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

/** What the route guard checks: an access token, or the onboarding temporary token. */
export function hasSessionToken(): boolean {
  return Boolean(getAccessToken() ?? getTempAccessToken());
}

export function startSession(session: { user: SessionUser; accessToken: string; refreshToken: string }): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.tempAccessToken);
  notify();
}

/** Onboarding's temporary token (POST /auth/login): the client sends it while no access token exists. */
export function storeTempAccessToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.tempAccessToken, token);
  notify();
}

export function clearTempAccessToken(): void {
  localStorage.removeItem(STORAGE_KEYS.tempAccessToken);
  notify();
}

export function storeTokens(accessToken: string, refreshToken: string): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  notify();
}

export function storeUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Signs out locally: removes exactly the four session keys (other keys such as themeMode stay). */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  notify();
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, () => null);
}

/** Re-renders on any session change; true while a token is stored. */
export function useHasSessionToken(): boolean {
  return useSyncExternalStore(subscribeSession, hasSessionToken, () => false);
}

function hasAccessToken(): boolean {
  return Boolean(getAccessToken());
}

/** True while a full (not onboarding-only) access token is stored. */
export function useHasAccessToken(): boolean {
  return useSyncExternalStore(subscribeSession, hasAccessToken, () => false);
}
