/**
 * Session rules of spec §4, as pure functions over the stored auth state so they can be tested without a
 * browser.
 */

/**
 * The shared time unit of the session rules. The spec says only "10 times a shared time unit"; we take
 * one minute (the clock ticks every 60 s, spec §9), so a token is refreshed at most every 10 minutes.
 */
export const TIME_UNIT_MS = 60_000;
export const REFRESH_AFTER_UNITS = 10;
/** Delay before the page reloads with a reinstated legacy token (spec §9). */
export const LEGACY_RELOAD_DELAY_MS = 500;

export interface AuthState {
  token: string | null;
  /** Unix seconds. */
  tokenExpire: number | null;
  /** The token held before impersonation; a 401 reinstates it. */
  legacyToken: string | null;
  /** Epoch milliseconds of the last successful refresh. */
  lastRefresh: number | null;
}

export const EMPTY_AUTH: AuthState = { token: null, tokenExpire: null, legacyToken: null, lastRefresh: null };

export function isAuthenticated(state: AuthState, now: number): boolean {
  return state.token !== null && state.tokenExpire !== null && state.tokenExpire * 1000 > now;
}

export function shouldRefresh(state: AuthState, now: number, impersonating: boolean): boolean {
  if (impersonating || !isAuthenticated(state, now)) return false;
  return state.lastRefresh === null || now - state.lastRefresh > REFRESH_AFTER_UNITS * TIME_UNIT_MS;
}

/** The claims of a JWT (read, not verified: the server verifies); null when the token cannot be read. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim of a JWT, in Unix seconds; null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** The user a JWT was issued to (its `sub` claim); null when the token cannot be read. */
export function tokenSubject(token: string | null): string | null {
  const sub = token ? tokenClaims(token)?.sub : undefined;
  return typeof sub === 'string' && sub ? sub : null;
}

export type UnauthorizedAction =
  | { kind: 'reinstate'; state: AuthState; reloadAfterMs: number }
  | { kind: 'login'; state: AuthState; location: string };

/** What a 401 does: reinstate the legacy token and reload, or go to the sign-in screen. */
export function onUnauthorized(
  state: AuthState,
  currentPath: string,
  baseUrl: string | null,
): UnauthorizedAction {
  if (state.legacyToken) {
    const token = state.legacyToken;
    return {
      kind: 'reinstate',
      state: { token, tokenExpire: tokenExpiry(token), legacyToken: null, lastRefresh: null },
      reloadAfterMs: LEGACY_RELOAD_DELAY_MS,
    };
  }
  return { kind: 'login', state: EMPTY_AUTH, location: loginLocation(currentPath, baseUrl) };
}

export function loginLocation(currentPath: string, baseUrl: string | null): string {
  const params = new URLSearchParams();
  if (currentPath && !currentPath.startsWith('/login')) params.set('redirect', currentPath);
  if (baseUrl) params.set('base-url', baseUrl);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** A redirect target from the address is followed only when it is a path of this app. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/login')) {
    return '/dashboard';
  }
  return redirect;
}
