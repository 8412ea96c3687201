import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { toastComponents } from '../components/dismissible-toast';
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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <SnackbarProvider
          maxSnack={2}
          dense
          preventDuplicate
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          Components={toastComponents}
        >
          {children}
        </SnackbarProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
