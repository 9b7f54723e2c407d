import { Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { LIST_VIEW_NAME_MAX, type ListView, type ListViewQuery, MESSAGES } from '@tms/domain';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { translateServerMessage } from '../i18n';
import { FormRootError } from '../kit/FormRootError';
import { notifyDeleted, notifySaved } from '../snackbar';
import { applyServerErrors, HoldToConfirm } from '../widgets';
import type { ResourceTexts } from './texts';
import type { ListViews } from './useListViews';

interface NameValues {
  name: string;
  isDefault: boolean;
}

/** Saves the list's current filter under a name, or renames a saved one; the server's errors show under the name. */
export function ViewNameDialog({
  texts,
  listViews,
  opened,
  view,
  query,
  onClose,
}: {
  texts: ResourceTexts;
  listViews: ListViews;
  opened: boolean;
  /** The saved filter to rename; null saves the current filter as a new one. */
  view: ListView | null;
  query: ListViewQuery;
  onClose: () => void;
}) {
  const { t } = texts;
  const { control, handleSubmit, reset, setError, formState } = useForm<NameValues>({
    defaultValues: { name: '', isDefault: false },
  });
  useEffect(() => {
    if (opened) reset({ name: view?.name ?? '', isDefault: view?.isDefault ?? false });
  }, [opened, view, reset]);

  const pending = listViews.create.isPending || listViews.update.isPending;
  const submit = handleSubmit(async (values) => {
    try {
      if (view) await listViews.update.mutateAsync({ id: view.id, ...values });
      else await listViews.create.mutateAsync({ ...values, query });
      notifySaved(t('common:saved'));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError);
    }
  });
  const rootError = formState.errors.root?.server?.message;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(view ? 'savedFilters.renameTitle' : 'savedFilters.saveTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate data-testid="saved-filter-form">
        <Stack gap="md">
          {rootError && <FormRootError>{rootError}</FormRootError>}
          <Controller
            control={control}
            name="name"
            rules={{ validate: (value) => value.trim() !== '' || translateServerMessage(MESSAGES.blank) }}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={t('savedFilters.name')}
                required
                maxLength={LIST_VIEW_NAME_MAX}
                error={fieldState.error?.message}
                data-autofocus
                data-testid="saved-filter-name"
              />
            )}
          />
          <Controller
            control={control}
            name="isDefault"
            render={({ field: { value, onChange, ...field } }) => (
              <Checkbox
                {...field}
                checked={value}
                onChange={(event) => onChange(event.currentTarget.checked)}
                label={t('savedFilters.isDefault')}
                description={t('savedFilters.isDefaultHint')}
                data-testid="saved-filter-default"
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="saved-filter-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The saved filters of a list: which one opens by default, rename, delete (hold to confirm). */
export function ManageViewsDialog({
  texts,
  listViews,
  opened,
  onRename,
  onClose,
}: {
  texts: ResourceTexts;
  listViews: ListViews;
  opened: boolean;
  onRename: (view: ListView) => void;
  onClose: () => void;
}) {
  const { t } = texts;
  const { views, update, remove } = listViews;
  const busy = update.isPending || remove.isPending;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('savedFilters.manageTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {views.length === 0 ? (
        <Text c="dimmed">{t('savedFilters.none')}</Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="saved-filters-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('savedFilters.name')}</Table.Th>
              <Table.Th>{t('savedFilters.default')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('savedFilters.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {views.map((view) => (
              <Table.Tr key={view.id} data-testid="saved-filter-row">
                <Table.Td style={{ wordBreak: 'break-word' }}>{view.name}</Table.Td>
                <Table.Td>
                  <Checkbox
                    checked={view.isDefault}
                    disabled={busy}
                    aria-label={`${t('savedFilters.isDefault')}: ${view.name}`}
                    onChange={(event) =>
                      update.mutate({ id: view.id, isDefault: event.currentTarget.checked })
                    }
                    data-testid="saved-filter-make-default"
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      aria-label={`${t('savedFilters.rename')}: ${view.name}`}
                      onClick={() => onRename(view)}
                    >
                      {t('savedFilters.rename')}
                    </Button>
                    <HoldToConfirm
                      size="compact-sm"
                      color="red.9"
                      loading={remove.isPending && remove.variables === view.id}
                      aria-label={`${t('delete')}: ${view.name}`}
                      onConfirm={() =>
                        remove.mutate(view.id, { onSuccess: () => notifyDeleted(t('common:deleted')) })
                      }
                      data-testid="saved-filter-delete"
                    >
                      {t('delete')}
                    </HoldToConfirm>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
