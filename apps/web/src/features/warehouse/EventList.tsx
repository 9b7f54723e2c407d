import { useQueryClient } from '@tanstack/react-query';
import { WAREHOUSE_EVENTS_TOPIC } from '@tms/domain';
import { useRealtime } from '../../platform/realtime';
import { resourceKey } from '../../platform/resources/keys';
import { ResourceList } from '../../platform/resources/ResourceList';
import type { ResourceScreenProps } from '../../platform/resources/types';

/** The warehouse events (`/warehouse/events`): the generic list, refreshed as each new event is published. */
export function EventList(props: ResourceScreenProps) {
  const queryClient = useQueryClient();
  useRealtime(WAREHOUSE_EVENTS_TOPIC, () => {
    void queryClient.invalidateQueries({ queryKey: resourceKey(props.descriptor) });
  });
  return <ResourceList {...props} />;
}
