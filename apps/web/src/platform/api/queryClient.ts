import { QueryClient } from '@tanstack/react-query';
import { isCancelled } from './errors';

/** The app's one query cache: screens read it through hooks, routes start their data in it early. */
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
