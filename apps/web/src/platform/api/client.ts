import type { ErrorBody } from '@tms/domain';
import { onUnauthorized } from '../auth/session';
import { authStore } from '../auth/store';
import { EXTERNAL_BASE_URL, REQUEST_TIMEOUT_MS } from '../config';
import { i18next, translateServerMessage } from '../i18n';
import { ERROR_TIMEOUT_MS, FORBIDDEN_TIMEOUT_MS, notify } from '../snackbar';
import { ApiError } from './errors';
import { ACCEPTED_RETRY_DELAY_MS, shouldRetryAccepted, TOO_LONG_MESSAGE } from './retry';

export { ApiError, isCancelled } from './errors';

export const API_BASE = '/api';
/** Cached GET results live 600 s unless the caller says otherwise; cached selects use 3600 s. */
export const CACHE_TTL_SECONDS = 600;
export const SELECT_CACHE_TTL_SECONDS = 3600;

export type Query = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;

export interface RequestOptions {
  query?: Query;
  /** JSON body; FormData is sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * No snackbar for a failure of this call (the caller shows the error itself, or it does not matter), or
   * only for the failures with these statuses (a list shows its own screen for 403).
   */
  suppressPopup?: boolean | readonly number[];
  /** GET only: keep the answer this many seconds (true = the default 600 s). */
  cache?: boolean | number;
  headers?: Record<string, string>;
}

let pending = 0;
const pendingListeners = new Set<() => void>();
const setPending = (delta: number) => {
  pending += delta;
  for (const listener of pendingListeners) listener();
};
/** Calls under way; the shell's top progress bar shows while it is above zero. */
export const pendingCalls = {
  get: () => pending,
  subscribe(listener: () => void) {
    pendingListeners.add(listener);
    return () => pendingListeners.delete(listener);
  },
};

const cache = new Map<string, { expires: number; value: Promise<unknown> }>();
export const clearApiCache = () => cache.clear();

export function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/api/') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

function handleUnauthorized() {
  // Logging out or switching users: the server's answer to that navigation decides where the page goes.
  if (authStore.isLeaving()) return;
  const action = onUnauthorized(
    authStore.get(),
    `${window.location.pathname}${window.location.search}`,
    EXTERNAL_BASE_URL,
  );
  authStore.set(action.state);
  if (action.kind === 'reinstate') window.setTimeout(() => window.location.reload(), action.reloadAfterMs);
  else window.location.assign(action.location);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function popupError(status: number, message: string | undefined) {
  const text = () =>
    message
      ? translateServerMessage(message, { status })
      : String(i18next.t('common:errors.requestFailed', { status }));
  notify({ text, color: 'error', timeout: status === 403 ? FORBIDDEN_TIMEOUT_MS : ERROR_TIMEOUT_MS });
}

/** Whether a failure with this status (0: no answer) pops up a snackbar. */
function popsUp(options: RequestOptions, status: number): boolean {
  const { suppressPopup } = options;
  return Array.isArray(suppressPopup) ? !suppressPopup.includes(status) : !suppressPopup;
}

async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = authStore.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const message = timeout.aborted ? TOO_LONG_MESSAGE : undefined;
      if (popsUp(options, 0)) popupError(0, message);
      throw new ApiError(0, message ?? 'Network error', undefined);
    }
    const payload = await readBody(response);

    if (response.status === 202) {
      const message = (payload as { message?: string } | null)?.message;
      if (!shouldRetryAccepted(attempt)) {
        if (popsUp(options, 202))
          notify({
            text: translateServerMessage(TOO_LONG_MESSAGE),
            color: 'error',
            timeout: ERROR_TIMEOUT_MS,
          });
        throw new ApiError(202, TOO_LONG_MESSAGE);
      }
      if (message && popsUp(options, 202)) {
        notify({ text: translateServerMessage(message, { status: 202 }), color: 'warning' });
      }
      await sleep(ACCEPTED_RETRY_DELAY_MS, options.signal);
      continue;
    }

    if (response.ok) {
      if (payload && typeof payload === 'object' && 'data' in payload) return (payload as { data: T }).data;
      return payload as T;
    }

    const error = (payload && typeof payload === 'object' ? payload : {}) as Partial<ErrorBody>;
    if (response.status === 401 && !path.startsWith('/auth/login')) {
      handleUnauthorized();
      throw new ApiError(401, error.message ?? 'Authentication required.');
    }
    if (popsUp(options, response.status)) popupError(response.status, error.message);
    throw new ApiError(response.status, error.message ?? response.statusText, error.errors);
  }
}

async function tracked<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  setPending(1);
  try {
    return await send<T>(method, path, options);
  } finally {
    setPending(-1);
  }
}

function cachedGet<T>(path: string, options: RequestOptions): Promise<T> {
  const ttl = options.cache === true ? CACHE_TTL_SECONDS : Number(options.cache);
  const key = buildUrl(path, options.query);
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = tracked<T>('GET', path, options);
  cache.set(key, { expires: Date.now() + ttl * 1000, value });
  value.catch(() => cache.delete(key));
  return value;
}

/** The one HTTP client of the web app: contract envelope, auth, 202 retries, 401 and error popups. */
export const api = {
  get: <T>(path: string, options: RequestOptions = {}) =>
    options.cache ? cachedGet<T>(path, options) : tracked<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    tracked<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    tracked<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    tracked<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options: RequestOptions = {}) => tracked<T>('DELETE', path, options),
};

/**
 * Starts a download (a file, an export) as the browser's own: a navigation cannot carry the token's
 * header, so the server signs the address for a minute (`POST /auth/download-link`) and the browser opens
 * that. The token itself never goes into a URL.
 */
export async function download(path: string, query?: Query): Promise<void> {
  const { url } = await api.post<{ url: string }>('/auth/download-link', { url: buildUrl(path, query) });
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
