import { api } from '../api/client';
import { authStore } from './store';

/** Signs in and stores the session. */
export async function login(username: string, password: string): Promise<void> {
  const result = await api.post<{ token: string; tokenExpire: number }>(
    '/auth/login',
    { username, password },
    { suppressPopup: true },
  );
  authStore.set({
    ...authStore.get(),
    token: result.token,
    tokenExpire: result.tokenExpire,
    lastRefresh: Date.now(),
  });
}

/** Refreshes the token (spec §4); the caller checks `shouldRefresh` first. */
export async function refreshToken(): Promise<void> {
  const token = await api.get<string>('/auth/get-token', { suppressPopup: true });
  authStore.setToken(token);
}

/** Exit: the token goes, and the server's logout revokes the session and opens the sign-in screen. */
export function logout(): void {
  const token = authStore.get().token;
  authStore.leave({ token: null, tokenExpire: null, legacyToken: null, lastRefresh: null });
  window.location.assign(token ? `/logout?bearer=${encodeURIComponent(token)}` : '/login');
}

/**
 * Act as another user: the server answers with a redirect to `/dashboard?token=<new>`; the current token
 * is kept as the legacy token so that a 401 in the impersonated session reinstates it.
 */
export function impersonate(username: string): void {
  const token = authStore.get().token;
  if (!token) return;
  authStore.leave({ ...authStore.get(), legacyToken: token });
  const params = new URLSearchParams({ _switch_user: username, bearer: token });
  window.location.assign(`/impersonate?${params}`);
}

/** Exit impersonation: the token goes and the server switches back to the original user. */
export function exitImpersonation(): void {
  const token = authStore.get().token;
  authStore.leave({ token: null, tokenExpire: null, legacyToken: null, lastRefresh: null });
  const params = new URLSearchParams({ _switch_user: '_exit', bearer: token ?? '' });
  window.location.assign(`/impersonate?${params}`);
}

/**
 * Navigation guard of spec §2: a `token` query parameter (the answer of an impersonation switch) is
 * stored and the page reloads on the bare path. Answers true when a reload was started.
 */
export function consumeTokenParameter(location: Location = window.location): boolean {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!token) return false;
  // Just issued by the server: it counts as fresh.
  authStore.setToken(token, null);
  params.delete('token');
  const rest = params.toString();
  location.replace(`${location.pathname}${rest ? `?${rest}` : ''}`);
  return true;
}
