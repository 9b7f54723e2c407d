import { useQuery } from '@tanstack/react-query';
import { type BackgroundJob, isJobActive } from '@tms/domain';
import { api } from '../api/client';
import { jobKey } from './api';

// Apart from api.ts, which the shell loads at start: a value imported from the domain package belongs in
// the screens' chunks, not the initial one.

/**
 * A job as it runs, from `job` (the answer that enqueued it) on: the header's real-time subscription brings
 * its changes (`applyJobChange`); while it is to finish it is also read again every few seconds, as a
 * dropped connection must not leave the screen waiting.
 */
export function useBackgroundJob(job: BackgroundJob | null) {
  return useQuery({
    queryKey: jobKey(job?.id ?? 0),
    queryFn: ({ signal }) => api.get<BackgroundJob>(`/background-jobs/${job!.id}`, { signal }),
    enabled: job !== null,
    initialData: job ?? undefined,
    refetchInterval: (query) => (query.state.data && isJobActive(query.state.data.state) ? 5000 : false),
  }).data;
}
