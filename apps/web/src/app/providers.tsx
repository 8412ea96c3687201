import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LinkComponentContext } from '../components/link-component';
import { ToastHost } from '../components/toast-host';
import { LiveEventsProvider, type LiveEventsClient } from '../lib/events';
import { errorStatus } from '../lib/http';
import { AppThemeProvider } from '../theme/theme-mode';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network blips and 5xx get one more try.
        retry: (failures, error) => {
          const status = errorStatus(error);
          return failures < 1 && (status === undefined || status >= 500);
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The live-update connection; null turns it off. Off by default under Vitest (no server to reach). */
  liveEvents?: LiveEventsClient | null;
}

export function AppProviders({ children, queryClient, liveEvents }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveEventsProvider client={liveEvents === undefined && import.meta.env.MODE === 'test' ? null : liveEvents}>
        <AppThemeProvider>
          <LinkComponentContext value={RouterLink}>
            {children}
            <ToastHost />
          </LinkComponentContext>
        </AppThemeProvider>
      </LiveEventsProvider>
    </QueryClientProvider>
  );
}
