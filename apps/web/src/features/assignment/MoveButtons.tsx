import { ActionIcon, Group, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { resourceKey } from '../../platform/resources/keys';
import type { Row } from '../../platform/resources/logic';

/**
 * A rule's place and, for its editors, the buttons moving it one place up or down: the reorder by
 * keyboard (Tab to a button, Enter or Space), never by dragging alone.
 */
export function MoveButtons({
  descriptor,
  row,
  editable,
}: {
  descriptor: ResourceDescriptor;
  row: Row;
  editable: boolean;
}) {
  const { t } = useTranslation('assignment');
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: (direction: 'up' | 'down') => api.post(`${descriptor.path}/${row.id}/move`, { direction }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
  });
  const name = String(row.name ?? '');
  // The row opens on a click or Enter: the buttons keep theirs to themselves.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" w={24} ta="right">
        {String(row.position)}
      </Text>
      {editable && (
        <>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('move.up', { name })}
            title={t('move.up', { name })}
            loading={move.isPending && move.variables === 'up'}
            onClick={(event) => {
              stop(event);
              move.mutate('up');
            }}
            onKeyDown={stop}
            data-testid="rule-move-up"
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('move.down', { name })}
            title={t('move.down', { name })}
            loading={move.isPending && move.variables === 'down'}
            onClick={(event) => {
              stop(event);
              move.mutate('down');
            }}
            onKeyDown={stop}
            data-testid="rule-move-down"
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
