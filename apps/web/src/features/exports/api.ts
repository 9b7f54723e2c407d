import type { BackgroundJob, PreparedExportRequest, ResourceDescriptor } from '@tms/domain';
import { api } from '../../platform/api/client';

/** A list the user may export, as `GET /api/prepared-exports/resources` names it. */
export interface Exportable {
  name: string;
  path: string;
  title: { ru: string; en: string };
}

export const PREPARED_EXPORTS_PATH = '/prepared-exports';

export const fetchExportables = (signal?: AbortSignal) =>
  api.get<Exportable[]>('/prepared-exports/resources', { signal });

/** Queues a list's export in the background; the job's changes then come as the user's jobs. */
export const prepareExport = (request: PreparedExportRequest) =>
  api.post<BackgroundJob>('/prepared-exports', request);

const isDescriptor = (value: unknown, name: string): value is ResourceDescriptor =>
  typeof value === 'object' &&
  value !== null &&
  (value as { name?: unknown }).name === name &&
  Array.isArray((value as { fields?: unknown }).fields) &&
  typeof (value as { path?: unknown }).path === 'string';

/** The descriptor of the resource of that name, from `@tms/domain` (loaded with the screen that needs it). */
export async function descriptorNamed(name: string): Promise<ResourceDescriptor | null> {
  const domain = await import('@tms/domain');
  return (Object.values(domain).find((value) => isDescriptor(value, name)) as ResourceDescriptor) ?? null;
}
