import type { AppEventOf, AppEventType } from '@caredesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { env } from '../../config/env';
import { http } from '../http';
import { getAccessToken, useHasAccessToken } from '../session';
import { LiveEventsClient, eventsUrl, type ConnectionState } from './client';
import { invalidateAllLive, invalidateForEvent } from './query-keys';

const LiveEventsContext = createContext<LiveEventsClient | null>(null);

/** The app's client: the same origin as the API, the stored token, the http client's refresh. */
export function createLiveEventsClient(): LiveEventsClient {
  return new LiveEventsClient({
    url: eventsUrl(env.apiBase),
    getToken: getAccessToken,
    // A 401 on any call makes the http client renew the tokens (or end the session).
    refreshToken: () => http.get('/me'),
  });
}

/**
 * Connects while signed in (a full access token), disconnects on sign-out, and maps events to
 * query invalidations (query-keys.ts). `client: null` turns live updates off (component tests).
 */
export function LiveEventsProvider({ children, client }: { children: ReactNode; client?: LiveEventsClient | null }) {
  const [live] = useState(() => (client === undefined ? createLiveEventsClient() : client));
  const signedIn = useHasAccessToken();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!live) return;
    const offEvents = live.on('*', (event) => void invalidateForEvent(queryClient, event.type));
    const offResync = live.onResync(() => void invalidateAllLive(queryClient));
    return () => {
      offEvents();
      offResync();
    };
  }, [live, queryClient]);

  useEffect(() => {
    if (!live) return;
    if (signedIn) live.start();
    else live.stop();
  }, [live, signedIn]);

  useEffect(() => () => live?.stop(), [live]);

  return <LiveEventsContext.Provider value={live}>{children}</LiveEventsContext.Provider>;
}

/** Runs `handler` for every live event of `type` (the latest handler; no resubscribe on render). */
export function useLiveEvent<T extends AppEventType>(type: T, handler: (event: AppEventOf<T>) => void): void {
  const live = useContext(LiveEventsContext);
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!live) return;
    return live.on(type, (event) => ref.current(event));
  }, [live, type]);
}

/** Runs `handler` after every reconnect (events may have been missed while away). */
export function useLiveResync(handler: () => void): void {
  const live = useContext(LiveEventsContext);
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!live) return;
    return live.onResync(() => ref.current());
  }, [live]);
}

const idle = (): ConnectionState => 'idle';
const noop = () => () => undefined;

/** 'connected' | 'reconnecting' | 'connecting' | 'idle', for a status indicator. */
export function useLiveConnectionState(): ConnectionState {
  const live = useContext(LiveEventsContext);
  return useSyncExternalStore(live ? (listener) => live.onStateChange(listener) : noop, live ? () => live.state : idle, idle);
}
