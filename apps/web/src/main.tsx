import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { FullScreenLoader } from './app/shell/FullScreenLoader';
import { queryClient } from './platform/api/queryClient';
import { consumeTokenParameter } from './platform/auth/actions';
import { authStore } from './platform/auth/store';
import { fetchSystem, SYSTEM_QUERY_KEY } from './platform/auth/system';
import { setupI18n } from './platform/i18n';

async function start() {
  // A `token` in the address (after switching user) is stored and the page reloads without it.
  if (consumeTokenParameter()) return;
  // The system call starts with the page, beside the texts and the screen's code, not after them.
  if (authStore.isAuthenticated()) {
    void queryClient.prefetchQuery({
      queryKey: SYSTEM_QUERY_KEY,
      queryFn: ({ signal }) => fetchSystem(signal),
      staleTime: Number.POSITIVE_INFINITY,
    });
  }
  await setupI18n();
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <Suspense fallback={<FullScreenLoader />}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
}

void start();
