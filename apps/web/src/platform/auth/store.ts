import { type AuthState, EMPTY_AUTH, isAuthenticated, tokenExpiry } from './session';

const KEY = 'tms.auth';

function read(): AuthState {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return EMPTY_AUTH;
    return { ...EMPTY_AUTH, ...(JSON.parse(raw) as Partial<AuthState>) };
  } catch {
    return EMPTY_AUTH;
  }
}

let state: AuthState = read();
let leaving = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** The signed-in session, kept in localStorage so every tab shares it. */
export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: AuthState) {
    state = next;
    if (next.token || next.legacyToken) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
    emit();
  },
  /** Stores a new token; its expiry is given by the server or read from the token itself. */
  setToken(token: string, tokenExpire?: number | null, refreshed = true) {
    this.set({
      ...state,
      token,
      tokenExpire: tokenExpire ?? tokenExpiry(token),
      lastRefresh: refreshed ? Date.now() : state.lastRefresh,
    });
  },
  clearToken() {
    this.set({ ...state, token: null, tokenExpire: null, lastRefresh: null });
  },
  /**
   * The page is leaving for a server route that ends or switches the session (logout, impersonation). The
   * stored session goes at once, but the screens are not told: one of them navigating to the sign-in screen
   * (or a late 401 doing so) would cancel the leaving navigation, and with it the server's logout.
   */
  leave(next: AuthState) {
    leaving = true;
    state = next;
    if (next.token || next.legacyToken) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
  },
  isLeaving: () => leaving,
  isAuthenticated: () => isAuthenticated(state, Date.now()),
  /**
   * When the tab becomes visible again another tab may have signed in or out: re-read the stored copy
   * if its token differs. Answers whether anything changed.
   */
  syncFromStorage(): boolean {
    const stored = read();
    if (stored.token === state.token) return false;
    state = stored;
    emit();
    return true;
  },
};
