import type { QueryClient } from '@tanstack/react-query';
import type { BackgroundJob, ListResult } from '@tms/domain';
import { api } from '../api/client';

/** Every cached list of jobs lives under this key: the header's recent jobs and the list screen's pages. */
export const JOBS_KEY = ['background-jobs'] as const;
export const RECENT_JOBS_KEY = [...JOBS_KEY, 'recent'] as const;
/** How many jobs the header's popover shows. */
export const RECENT_JOBS = 5;

export const BACKGROUND_JOBS_PATH = '/background-jobs';

export const fetchRecentJobs = (signal?: AbortSignal) =>
  api.get<ListResult<BackgroundJob>>('/background-jobs', { query: { itemsPerPage: RECENT_JOBS }, signal });

export const cancelJob = (id: number) => api.post<BackgroundJob>(`/background-jobs/${id}/cancel`);

/** One job followed by a screen (an import's), outside the lists: each change comes into it too. */
export const jobKey = (id: number) => ['background-job', id] as const;

/**
 * A job as it changed (a real-time message or a call's answer) goes into every cached list holding it; when
 * no list holds it (a new job), the lists are read again so it takes its place.
 */
export function applyJobChange(client: QueryClient, job: BackgroundJob): void {
  client.setQueryData<BackgroundJob>(jobKey(job.id), (old) => old && job);
  let known = false;
  client.setQueriesData<ListResult<BackgroundJob>>({ queryKey: JOBS_KEY }, (old) => {
    if (!old?.collection.some((item) => item.id === job.id)) return old;
    known = true;
    return { ...old, collection: old.collection.map((item) => (item.id === job.id ? job : item)) };
  });
  if (!known) void client.invalidateQueries({ queryKey: JOBS_KEY });
}
