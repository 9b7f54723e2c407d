import type { Query, QueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';

/** Query key of everything one resource's screens load; a write invalidates it. */
export const resourceKey = (descriptor: ResourceDescriptor) => ['resource', descriptor.name] as const;

/** Query key of one list's saved filters and column choice. */
export const listViewsKey = (descriptor: ResourceDescriptor) => ['list-views', descriptor.name] as const;

/** Whether a query is one record's own: the record itself or its history. */
export const isRecordQuery =
  (descriptor: ResourceDescriptor, id: number) =>
  ({ queryKey }: Pick<Query, 'queryKey'>) => {
    const [scope, name, kind, of] = queryKey;
    return (
      scope === 'resource' &&
      name === descriptor.name &&
      (kind === 'record' || kind === 'history') &&
      of === id
    );
  };

/**
 * After a record's delete: `leave` its page, and the resource's other queries (its lists) refresh, while
 * the record's own are only marked stale, never refetched (they could only answer "not found", a second
 * message after "deleted"). They are not removed either: the page shows until the navigation ends, and a
 * query removed under it is built again and fetched at its next render.
 */
export async function afterRecordDelete(
  client: QueryClient,
  descriptor: ResourceDescriptor,
  id: number,
  leave: () => void,
) {
  const own = isRecordQuery(descriptor, id);
  await client.cancelQueries({ predicate: own });
  await client.invalidateQueries({ predicate: own, refetchType: 'none' });
  leave();
  await client.invalidateQueries({ queryKey: resourceKey(descriptor), predicate: (query) => !own(query) });
}
