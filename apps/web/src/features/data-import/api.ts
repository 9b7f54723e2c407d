import { useQuery } from '@tanstack/react-query';
import type {
  BackgroundJob,
  DataImportCheck,
  DataImportFile,
  DataImportInitiator,
  DataImportRun,
  DataImportRunBody,
  DataImportTargetInfo,
} from '@tms/domain';
import { api } from '../../platform/api/client';

const ROOT = ['data-import'] as const;

/** What an import may write into: each target and resource with the fields it takes. */
export function useTargets() {
  return useQuery({
    queryKey: [...ROOT, 'targets'],
    queryFn: ({ signal }) => api.get<DataImportTargetInfo[]>('/data-import/targets', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** An order to import into, with the descriptions that import into one order. */
export function useOrderInitiator(id: number) {
  return useQuery({
    queryKey: [...ROOT, 'initiator', 'order', id],
    queryFn: ({ signal }) =>
      api.get<DataImportInitiator>(`/data-import/initiator/order/${id}`, { signal, suppressPopup: [404] }),
    retry: false,
  });
}

/** The dry run of an uploaded file with a description, enqueued: its run and its job. */
export const previewFile = (descriptionId: number, file: DataImportFile) =>
  api.post<DataImportCheck>(`/data-import/descriptions/${descriptionId}/preview`, file, {
    suppressPopup: true,
  });

/** A file's dry run as its owner follows it: its job and, once done, its answer. */
export const checkOf = (runId: number) =>
  api.get<DataImportCheck>(`/data-import/runs/${runId}/check`, { suppressPopup: [404] });

/** The run of an uploaded file in the job queue (or the earlier run of the same file). */
export const runFile = (descriptionId: number, file: DataImportRunBody) =>
  api.post<DataImportRun>(`/data-import/descriptions/${descriptionId}/runs`, file, { suppressPopup: true });

export const jobOf = (id: number) => api.get<BackgroundJob>(`/background-jobs/${id}`);
