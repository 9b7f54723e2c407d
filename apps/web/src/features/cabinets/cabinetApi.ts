import { CABINET_PATHS, type CabinetKind, type ValidationTree } from '@tms/domain';
import { useSyncExternalStore } from 'react';

/**
 * A cabinet's session and HTTP calls: each cabinet (client, contractor, carrier) keeps a session of its own
 * (a cabinet user is no staff user), beside the staff one so several can be open in one browser, and the
 * same `{ data }` contract.
 */
interface CabinetSession {
  token: string;
  tokenExpire: number;
}

/** A refused call: the server's stable message and, for a 400, its validation tree. */
export class CabinetError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ValidationTree,
  ) {
    super(message);
  }
}

export interface CabinetClient {
  kind: CabinetKind;
  /** The cabinet's path in the app and under `/api` (`pcc`, `ops`, `carrier`). */
  path: string;
  session: {
    get(): CabinetSession | null;
    set(next: CabinetSession | null): void;
    subscribe(listener: () => void): () => void;
  };
  useSignedIn(): boolean;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  delete(path: string): Promise<void>;
  /** Sends one file (multipart field "file") to the cabinet. */
  upload<T>(path: string, file: File): Promise<T>;
  /** Saves a file the cabinet serves (a document, a bill's PDF) under `name`. */
  download(path: string, name: string): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

function makeClient(kind: CabinetKind): CabinetClient {
  const path = CABINET_PATHS[kind];
  const key = `tms.${path}.auth`;
  const read = (): CabinetSession | null => {
    try {
      const raw = localStorage.getItem(key);
      const value = raw ? (JSON.parse(raw) as CabinetSession) : null;
      return value && value.tokenExpire * 1000 > Date.now() ? value : null;
    } catch {
      return null;
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const session: CabinetClient['session'] = {
    get: () => current,
    set(next) {
      current = next;
      if (next) localStorage.setItem(key, JSON.stringify(next));
      else localStorage.removeItem(key);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  async function send(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const token = session.get()?.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    // A file goes as multipart: the browser sets its content type with the boundary.
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const response = await fetch(`/api${url}`, { ...init, headers });
    if (response.status === 401 && token) session.set(null);
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: ValidationTree };
      throw new CabinetError(response.status, body.message ?? response.statusText, body.errors);
    }
    return response;
  }
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const response = await send(url, { method: 'POST', body: JSON.stringify(body) });
    return response.status === 204 ? (undefined as T) : ((await response.json()) as { data: T }).data;
  };
  return {
    kind,
    path,
    session,
    useSignedIn: () => useSyncExternalStore(session.subscribe, () => session.get() !== null),
    get: async <T>(url: string) => ((await (await send(url)).json()) as { data: T }).data,
    post,
    put: async <T>(url: string, body: unknown) =>
      ((await (await send(url, { method: 'PUT', body: JSON.stringify(body) })).json()) as { data: T }).data,
    async delete(url) {
      await send(url, { method: 'DELETE' });
    },
    async upload<T>(url: string, file: File) {
      const form = new FormData();
      form.append('file', file);
      return ((await (await send(url, { method: 'POST', body: form })).json()) as { data: T }).data;
    },
    async download(url, name) {
      const blob = await (await send(url)).blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
    async signIn(email, password) {
      session.set(await post<CabinetSession>(`/${path}/auth/login`, { email, password }));
    },
    async signOut() {
      await post(`/${path}/auth/logout`, {}).catch(() => undefined);
      session.set(null);
    },
  };
}

/** The client of each cabinet, one per kind for the whole app. */
export const CABINET_CLIENTS: Readonly<Record<CabinetKind, CabinetClient>> = {
  client: makeClient('client'),
  contractor: makeClient('contractor'),
  carrier: makeClient('carrier'),
};
