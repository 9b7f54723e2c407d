import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isCancelled } from '../platform/api/errors';
import { SnackbarHost } from './shell/SnackbarHost';
import { cssVariablesResolver, theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The api client already showed the failure; retrying a 4xx only repeats it.
      retry: (count, error) => !isCancelled(error) && count < 1 && !(error as { status?: number }).status,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'tms.colorScheme' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <SnackbarHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
