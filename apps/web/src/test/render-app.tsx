import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import type { LiveEventsClient } from '@/lib/events';

/** Renders the whole console (providers + route table) at a path, in memory; live updates off unless given a client. */
export function renderApp(path: string, options: { liveEvents?: LiveEventsClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient} liveEvents={options.liveEvents}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Lazy pages compile on first use in tests; give them time. */
export const slow = { timeout: 15_000 };
