import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { AppProviders } from '@/app/providers';
import { HistoryRouter } from '@/app/router';
import type { LiveEventsClient } from '@/lib/events';
import { guardHistory } from '@/lib/navigation-guard';

/**
 * Renders the whole console (providers + route table) at a path, in memory; live updates off unless
 * given a client. `router` reads where the app is (`router.state.location`, `.historyAction`) and
 * navigates in it, through the same unsaved-changes guard as links do.
 */
export function renderApp(path: string, options: { liveEvents?: LiveEventsClient } = {}) {
  const history = guardHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient} liveEvents={options.liveEvents}>
      <HistoryRouter history={history} />
    </AppProviders>,
  );
  const router = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: (to: string) =>
      act(() => {
        history.push(to);
      }),
    /** The browser's back (-1) and forward (1) buttons. */
    go: (delta: number) =>
      act(() => {
        history.go(delta);
      }),
  };
  return { ...view, router, queryClient };
}

/** Lazy pages compile on first use in tests; give them time. */
export const slow = { timeout: 15_000 };
