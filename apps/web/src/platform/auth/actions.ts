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

/** Exit: the server's logout revokes the session, the token goes, and the sign-in screen opens. */
export async function logout(): Promise<void> {
  const token = authStore.get().token;
  authStore.leave({ token: null, tokenExpire: null, legacyToken: null, lastRefresh: null });
  // The token travels in the header, never in a URL; whatever the answer, the browser is signed out.
  if (token) await switchSession('/logout', token).catch(() => undefined);
  window.location.assign('/login');
}

/** Calls a browser route of the session (`/logout`, `/impersonate`) with the token in the header. */
async function switchSession(
  url: string,
  token: string,
): Promise<{ token: string; tokenExpire: number } | null> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    redirect: 'manual',
  });
  if (!response.ok) return null;
  return ((await response.json()) as { data: { token: string; tokenExpire: number } }).data;
}

/**
 * Act as another user: the server answers the new token; the current one is kept as the legacy token so
 * that a 401 in the impersonated session reinstates it. The dashboard opens as that user.
 */
export async function impersonate(username: string): Promise<void> {
  const token = authStore.get().token;
  if (!token) return;
  const issued = await switchSession(
    `/impersonate?${new URLSearchParams({ _switch_user: username })}`,
    token,
  );
  if (!issued) return;
  authStore.leave({
    ...authStore.get(),
    legacyToken: token,
    token: issued.token,
    tokenExpire: issued.tokenExpire,
    lastRefresh: Date.now(),
  });
  window.location.assign('/dashboard');
}

/** Exit impersonation: the server ends it and answers the original user's token; the dashboard opens. */
export async function exitImpersonation(): Promise<void> {
  const token = authStore.get().token;
  const issued = token ? await switchSession('/impersonate?_switch_user=_exit', token) : null;
  authStore.leave({
    token: issued?.token ?? null,
    tokenExpire: issued?.tokenExpire ?? null,
    legacyToken: null,
    lastRefresh: issued ? Date.now() : null,
  });
  window.location.assign(issued ? '/dashboard' : '/login');
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
