import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { DocumentFolder } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FOLDERS_PATH } from './api';

interface FolderDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The folder renamed, or none for a new one under `parentId` (none: at the top). */
  folder?: DocumentFolder | null;
  parentId: number | null;
  onSaved: (folder: DocumentFolder) => void;
}

/** A new folder's or a folder's new name. */
export function FolderDialog({ opened, onClose, folder, parentId, onSaved }: FolderDialogProps) {
  const { t } = useTranslation('documents');
  const [name, setName] = useState('');
  useEffect(() => {
    if (opened) setName(folder?.name ?? '');
  }, [opened, folder]);
  const save = useMutation({
    mutationFn: () =>
      folder
        ? api.put<DocumentFolder>(
            `${FOLDERS_PATH}/${folder.id}`,
            { name, version: folder.version },
            { suppressPopup: [400] },
          )
        : api.post<DocumentFolder>(FOLDERS_PATH, { name, parentId }, { suppressPopup: [400] }),
    onSuccess: (saved) => {
      onSaved(saved);
      onClose();
    },
  });
  const refusal = refusalOf(save.error);
  return (
    <Modal opened={opened} onClose={onClose} title={t(folder ? 'folders.rename' : 'folders.new')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('folders.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={refusal.field('name') ?? refusal.field('parentId') ?? refusal.field('root')}
            required
            data-autofocus
            data-testid="folder-name"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="folder-save">
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
