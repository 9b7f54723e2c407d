import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * A mutation's `mutate` that ignores calls while one is running: a double click (or Enter pressed twice)
 * sends once. `isPending` cannot do it: both clicks land before the next render.
 */
export function useMutateOnce<TVariables>(
  mutation: Pick<UseMutationResult<unknown, unknown, TVariables, unknown>, 'mutate'>,
): (variables: TVariables) => void {
  const running = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables: TVariables) => {
      if (running.current) return;
      running.current = true;
      mutate(variables, {
        onSettled: () => {
          running.current = false;
        },
      });
    },
    [mutate],
  );
}
