import { Progress } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { pendingCalls } from '../../platform/api/client';

/** A thin bar at the top while any load is pending: calls, queries, or a route's code. */
export function TopProgress() {
  const calls = useSyncExternalStore(pendingCalls.subscribe, pendingCalls.get);
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = calls > 0 || fetching > 0 || mutating > 0 || navigation.state !== 'idle';
  if (!busy) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size={3}
      radius={0}
      aria-label="loading"
      data-testid="top-progress"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1100 }}
    />
  );
}
