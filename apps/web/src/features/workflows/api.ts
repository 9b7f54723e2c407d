import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkflowInitiator, WorkflowInstanceView } from '@tms/domain';
import { api } from '../../platform/api/client';

export interface RecordWorkflows {
  instances: WorkflowInstanceView[];
  startable: { id: number; name: string }[];
}

const ROOT = ['workflows'] as const;
export const recordWorkflowsKey = (type: string, id: number) => [...ROOT, 'record', type, id] as const;
const instanceKey = (id: number) => [...ROOT, 'instance', id] as const;

/** The kinds of record workflows run on, with the fields conditions may name. */
export function useInitiators() {
  return useQuery({
    queryKey: [...ROOT, 'initiators'],
    queryFn: ({ signal }) => api.get<WorkflowInitiator[]>('/workflow-descriptions/initiators', { signal }),
    staleTime: 60_000,
  });
}

/** A record's workflows and those it may start (the record's block). */
export function useRecordWorkflows(type: string, id: number | null) {
  return useQuery({
    queryKey: recordWorkflowsKey(type, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<RecordWorkflows>(`/workflow-instances/of/${type}/${id}`, { signal, suppressPopup: [404, 403] }),
    enabled: id !== null,
    retry: false,
  });
}

export function useInstanceView(id: number | null) {
  return useQuery({
    queryKey: instanceKey(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<WorkflowInstanceView>(`/workflow-instances/${id}/view`, { signal, suppressPopup: [404, 403] }),
    enabled: id !== null,
    retry: false,
  });
}

/** Refreshes every workflow query after a start or a move (the block, the instance, the list). */
function useRefresh() {
  const client = useQueryClient();
  return (view: WorkflowInstanceView) => {
    client.setQueryData(instanceKey(view.instance.id), view);
    void client.invalidateQueries({ queryKey: ROOT });
    void client.invalidateQueries({ queryKey: ['resource', 'workflow_instance'] });
  };
}

export function useStartWorkflow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { descriptionId: number; initiatorType: string; initiatorId: number }) =>
      api.post<WorkflowInstanceView>('/workflow-instances', body, { suppressPopup: [400] }),
    onSuccess: refresh,
  });
}

/** A move; its refusals (unmet fields, a stale version) are shown where the button is, not as a popup. */
export function useMoveWorkflow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ instance, to }: { instance: WorkflowInstanceView['instance']; to: string }) =>
      api.post<WorkflowInstanceView>(
        `/workflow-instances/${instance.id}/move`,
        { to, version: instance.version },
        { suppressPopup: [400, 403, 409] },
      ),
    onSuccess: refresh,
  });
}
