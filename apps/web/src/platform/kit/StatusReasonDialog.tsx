import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { refusalOf } from './blocks';

/**
 * The question a status change asks before it is made (a reason, a comment): the feature gives the
 * fields; the dialog shows a refusal of the change itself above them and sends on submit.
 */
export function StatusReasonDialog({
  title,
  busy,
  error,
  cancelLabel,
  confirmLabel,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  busy: boolean;
  error: unknown;
  cancelLabel: string;
  confirmLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const refusal = refusalOf(error);
  const refused =
    refusal.field('root') || refusal.field('status') || refusal.field('customsStatus') || refusal.other;
  return (
    <Modal opened onClose={onClose} title={title} data-testid="reason-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {refused && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              {refused}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={busy} data-testid="reason-confirm">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
