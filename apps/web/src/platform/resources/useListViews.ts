import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListView,
  ListViewCreate,
  ListViewsAnswer,
  ListViewUpdate,
  ResourceDescriptor,
} from '@tms/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import { listViewsKey } from './keys';
import { listViewsQuery } from './listQueries';
import { chosenColumns, listViewsPath } from './listViewsLogic';
import { columnsStorageKey, readColumns } from './logic';

/** The user's saved filters of a list, and the calls that change them. */
export function useListViews(descriptor: ResourceDescriptor) {
  const path = listViewsPath(descriptor);
  const key = listViewsKey(descriptor);
  const client = useQueryClient();
  const answer = useQuery(listViewsQuery(descriptor));
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (body: ListViewCreate) => api.post<ListView>(path, body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: ListViewUpdate & { id: number }) =>
      api.put<ListView>(`${path}/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<ListView>(`${path}/${id}`),
    onSuccess: refresh,
  });
  return { answer, views: answer.data?.views ?? [], create, update, remove };
}

export type ListViews = ReturnType<typeof useListViews>;

/**
 * The shown columns, kept per user on the server. A choice this browser kept in localStorage before is
 * shown until the server answers, then moved to the server once and forgotten here.
 */
export function useColumnChoice(
  descriptor: ResourceDescriptor,
  userId: number,
  answer: ListViewsAnswer | undefined,
) {
  const storageKey = columnsStorageKey(userId, descriptor.name);
  const key = listViewsKey(descriptor);
  const client = useQueryClient();
  // The choice just made, shown at once rather than after the server's answer.
  const [picked, setPicked] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: (columns: string[]) =>
      api.put<{ columns: string[] }>(`${listViewsPath(descriptor)}/columns`, { columns }),
    onSuccess: ({ columns }) =>
      client.setQueryData<ListViewsAnswer>(key, (old) => (old ? { ...old, columns } : old)),
    onError: () => setPicked(null),
  });

  const migrated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's answer arrives
  useEffect(() => {
    if (!answer || migrated.current) return;
    const stored = localStorage.getItem(storageKey);
    if (stored === null) return;
    migrated.current = true;
    if (answer.columns) localStorage.removeItem(storageKey);
    else
      save.mutate(readColumns(descriptor, stored), { onSuccess: () => localStorage.removeItem(storageKey) });
  }, [answer]);

  const columns =
    picked ??
    chosenColumns(descriptor, answer?.columns, answer?.columns ? null : localStorage.getItem(storageKey));
  const choose = (next: string[]) => {
    setPicked(next);
    save.mutate(next);
  };
  return [columns, choose] as const;
}
