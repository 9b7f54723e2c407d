import type { ValidationTree } from '@tms/domain';
import { useSyncExternalStore } from 'react';

/**
 * The client cabinet's session and HTTP calls: a session of its own (a cabinet user is no staff user),
 * kept beside the staff one so both can be open in one browser, and the same `{ data }` contract.
 */
const KEY = 'tms.pcc.auth';

interface PccSession {
  token: string;
  tokenExpire: number;
}

function read(): PccSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const session = raw ? (JSON.parse(raw) as PccSession) : null;
    return session && session.tokenExpire * 1000 > Date.now() ? session : null;
  } catch {
    return null;
  }
}

let session = read();
const listeners = new Set<() => void>();

export const pccSession = {
  get: () => session,
  set(next: PccSession | null) {
    session = next;
    if (next) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const usePccSignedIn = () =>
  useSyncExternalStore(pccSession.subscribe, () => pccSession.get() !== null);

/** A refused call: the server's stable message and, for a 400, its validation tree. */
export class PccError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ValidationTree,
  ) {
    super(message);
  }
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = pccSession.get()?.token;
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`/api${path}`, { ...init, headers });
  if (response.status === 401 && token) pccSession.set(null);
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: ValidationTree };
    throw new PccError(response.status, body.message ?? response.statusText, body.errors);
  }
  return response;
}

export async function pccGet<T>(path: string): Promise<T> {
  return ((await (await send(path)).json()) as { data: T }).data;
}

export async function pccPost<T>(path: string, body: unknown): Promise<T> {
  const response = await send(path, { method: 'POST', body: JSON.stringify(body) });
  return response.status === 204 ? (undefined as T) : ((await response.json()) as { data: T }).data;
}

export async function pccPut<T>(path: string, body: unknown): Promise<T> {
  return ((await (await send(path, { method: 'PUT', body: JSON.stringify(body) })).json()) as { data: T })
    .data;
}

/** Sends one file (multipart field "file") to the cabinet. */
export async function pccUpload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return ((await (await send(path, { method: 'POST', body: form })).json()) as { data: T }).data;
}

/** Saves a file the cabinet serves (a document, a bill's PDF) under `name`. */
export async function pccDownload(path: string, name: string): Promise<void> {
  const blob = await (await send(path)).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function pccSignIn(email: string, password: string): Promise<void> {
  pccSession.set(await pccPost<PccSession>('/pcc/auth/login', { email, password }));
}

export async function pccSignOut(): Promise<void> {
  await pccPost('/pcc/auth/logout', {}).catch(() => undefined);
  pccSession.set(null);
}
