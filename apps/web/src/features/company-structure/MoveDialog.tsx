import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StructureNode } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { ApiError } from '../../platform/api/errors';
import { translateServerMessage } from '../../platform/i18n';
import { notifySaved } from '../../platform/snackbar';
import { ITEMS_PATH } from './api';
import { moveTargets, pathLabel } from './tree';

const TOP = 'top';

/** The move of a node with everything under it: the targets offered are those the server will take. */
export function MoveDialog({
  node,
  nodes,
  onClose,
}: {
  node: StructureNode;
  nodes: readonly StructureNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('companyStructure');
  const client = useQueryClient();
  const [target, setTarget] = useState<string | null>(node.parentId === null ? TOP : String(node.parentId));
  const [error, setError] = useState<string | null>(null);
  const options = [
    ...(node.kind === 'position' ? [] : [{ value: TOP, label: t('tree.top') }]),
    ...moveTargets(nodes, node).map((n) => ({ value: String(n.id), label: pathLabel(nodes, n) })),
  ];
  const move = useMutation({
    mutationFn: () =>
      api.post(
        `${ITEMS_PATH}/${node.id}/move`,
        { parentId: target === TOP ? null : Number(target), version: node.version },
        { suppressPopup: [400] },
      ),
    onSuccess: async () => {
      notifySaved(t('tree.moved'));
      await client.invalidateQueries({ queryKey: ['company-structure'] });
      onClose();
    },
    onError: (failure) => {
      const message =
        failure instanceof ApiError
          ? (failure.errors?.children?.parentId?.errors[0] ?? failure.errors?.errors[0] ?? failure.message)
          : null;
      if (message) setError(translateServerMessage(message));
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('tree.moveTitle', { name: node.name })} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          move.mutate();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('tree.moveHint')}
          </Text>
          <Select
            label={t('tree.newParent')}
            data={options}
            value={target}
            onChange={(value) => {
              setTarget(value);
              setError(null);
            }}
            searchable
            allowDeselect={false}
            error={error}
            data-autofocus
            data-testid="move-target"
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button
              type="submit"
              loading={move.isPending}
              disabled={target === null}
              data-testid="move-submit"
            >
              {t('tree.move')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
