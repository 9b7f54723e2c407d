import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../resources/ResourceList';
import { notifySaved } from '../snackbar';
import { refusalOf } from './blocks';

export type Refusal = ReturnType<typeof refusalOf>;

interface StatusMoveDialogProps<T extends { id: number }> {
  /** The record's resource: its cached record takes the answer, its lists are refreshed. */
  descriptor: ResourceDescriptor;
  title: string;
  /** What the snackbar says once the move is made; the title unless given. */
  savedMessage?: string;
  /** The move's call (with the version read); answers the record as it is after the move. */
  send: () => Promise<T>;
  /** Fields of the record a refusal may name that have no input here (its status, a stale version...). */
  recordFields: readonly string[];
  /** The label of the button that makes the move. */
  applyLabel: string;
  onClose: () => void;
  /** The move's own inputs, each showing its refusal under it. */
  children: (refusal: Refusal | null) => ReactNode;
}

/**
 * One status move of a record (a certificate's issue, a declaration's registration...) as a dialog: the
 * move's inputs, its call, the record and lists refreshed after it. A refusal shows under the input it
 * names; one that belongs to no input above the buttons, so nothing the user typed is lost.
 */
export function StatusMoveDialog<T extends { id: number }>({
  descriptor,
  title,
  savedMessage = title,
  send,
  recordFields,
  applyLabel,
  onClose,
  children,
}: StatusMoveDialogProps<T>) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: send,
    onSuccess: async (saved) => {
      notifySaved(savedMessage);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      onClose();
    },
  });
  const refusal = save.error ? refusalOf(save.error) : null;
  const recordErrors = refusal
    ? [...['root', ...recordFields].map((name) => refusal.field(name)), refusal.other].filter(Boolean)
    : [];
  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        data-testid="move-dialog"
      >
        <Stack gap="sm">
          {children(refusal)}
          {recordErrors.length > 0 && (
            <Alert color="red" data-testid="move-refusal" style={{ whiteSpace: 'pre-line' }}>
              {recordErrors.join('\n')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="move-apply">
              {applyLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
