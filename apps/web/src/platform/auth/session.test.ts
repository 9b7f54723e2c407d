import { describe, expect, it } from 'vitest';
import {
  type AuthState,
  EMPTY_AUTH,
  isAuthenticated,
  loginLocation,
  onUnauthorized,
  safeRedirect,
  shouldRefresh,
  TIME_UNIT_MS,
  tokenExpiry,
  tokenSubject,
} from './session';

const now = 1_750_000_000_000;
const jwt = (payload: object) => `x.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
const signedIn: AuthState = {
  token: 't',
  tokenExpire: now / 1000 + 3600,
  legacyToken: null,
  lastRefresh: now,
};

describe('session', () => {
  it('is authenticated only while the expiry lies in the future', () => {
    expect(isAuthenticated(signedIn, now)).toBe(true);
    expect(isAuthenticated({ ...signedIn, tokenExpire: now / 1000 }, now)).toBe(false);
    expect(isAuthenticated(EMPTY_AUTH, now)).toBe(false);
  });

  it('refreshes when never refreshed or the last refresh is older than 10 minutes', () => {
    expect(shouldRefresh({ ...signedIn, lastRefresh: null }, now, false)).toBe(true);
    expect(shouldRefresh({ ...signedIn, lastRefresh: now - 10 * TIME_UNIT_MS }, now, false)).toBe(false);
    expect(shouldRefresh({ ...signedIn, lastRefresh: now - 10 * TIME_UNIT_MS - 1 }, now, false)).toBe(true);
  });

  it('never refreshes while impersonating or signed out', () => {
    expect(shouldRefresh({ ...signedIn, lastRefresh: null }, now, true)).toBe(false);
    expect(shouldRefresh({ ...EMPTY_AUTH }, now, false)).toBe(false);
  });

  it('reads the expiry of a token', () => {
    expect(tokenExpiry(jwt({ exp: 1234 }))).toBe(1234);
    expect(tokenExpiry('garbage')).toBeNull();
  });

  it('reads whom a token was issued to', () => {
    expect(tokenSubject(jwt({ sub: '12', exp: 1234 }))).toBe('12');
    expect(tokenSubject(jwt({ exp: 1234 }))).toBeNull();
    expect(tokenSubject('garbage')).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });

  it('a 401 reinstates the legacy token and reloads after 500 ms', () => {
    const legacy = jwt({ exp: 99 });
    const action = onUnauthorized({ ...signedIn, legacyToken: legacy }, '/tms/orders', null);
    expect(action).toEqual({
      kind: 'reinstate',
      state: { token: legacy, tokenExpire: 99, legacyToken: null, lastRefresh: null },
      reloadAfterMs: 500,
    });
  });

  it('a 401 without a legacy token clears the token and goes to sign-in with the redirect', () => {
    const action = onUnauthorized(signedIn, '/tms/orders?page=2', null);
    expect(action).toEqual({
      kind: 'login',
      state: EMPTY_AUTH,
      location: '/login?redirect=%2Ftms%2Forders%3Fpage%3D2',
    });
    expect(loginLocation('/dashboard', 'https://example.org')).toBe(
      '/login?redirect=%2Fdashboard&base-url=https%3A%2F%2Fexample.org',
    );
  });

  it('follows only redirects inside the app', () => {
    expect(safeRedirect('/tms/orders')).toBe('/tms/orders');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});
