import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UserDefinedList, UserDefinedListItem, ValidationTree } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../api/client';
import { translateServerMessage } from '../../i18n';
import { joinErrorLines } from '../../kit/errorText';
import { newRowId } from './logic';

interface AddToListDialogProps {
  opened: boolean;
  list: UserDefinedList;
  onClose: () => void;
  /** The added row, as the server stored it (merged with its id). */
  onAdded: (row: UserDefinedListItem) => void;
}

/**
 * The add-to-list dialog (spec §4, §5): opens on a fresh row, shows only the list's required fields,
 * checks them before sending, posts the row keyed by its id and shows the server's errors per field.
 */
export function AddToListDialog({ opened, list, onClose, onAdded }: AddToListDialogProps) {
  const { t } = useTranslation('customFields');
  const [rowId, setRowId] = useState(newRowId);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rootError, setRootError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fields = list.fields.filter((field) => field.required);

  useEffect(() => {
    if (!opened) return;
    setRowId(newRowId());
    setValues({});
    setErrors({});
    setRootError(null);
  }, [opened]);

  const save = async () => {
    const missing = Object.fromEntries(
      fields
        .filter((field) => !values[field.code]?.trim())
        .map((field) => [field.code, t('common:required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSaving(true);
    setRootError(null);
    try {
      const answer = await api.post<Record<string, UserDefinedListItem>>(
        `/user-defined-lists/${list.id}/content`,
        { [rowId]: { id: rowId, fields: values } },
        { suppressPopup: true },
      );
      const row = answer[rowId];
      if (row) onAdded({ ...row, id: rowId });
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.errors) {
        const rowTree: ValidationTree | undefined = failure.errors.children[rowId];
        const fieldTrees = rowTree?.children.fields?.children ?? {};
        setErrors(
          Object.fromEntries(
            Object.entries(fieldTrees).map(([code, tree]) => [code, joinErrorLines(tree.errors)]),
          ),
        );
        const other = [...(failure.errors.errors ?? []), ...(rowTree?.errors ?? [])];
        const unknownFields = Object.keys(fieldTrees).filter(
          (code) => !fields.some((field) => field.code === code),
        );
        if (other.length || unknownFields.length) {
          setRootError(
            joinErrorLines([...other, ...unknownFields.flatMap((code) => fieldTrees[code]?.errors ?? [])]),
          );
        }
      } else {
        setRootError(translateServerMessage((failure as Error).message));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('addToList.title', { name: list.name })}
      centered
      data-testid="add-to-list-dialog"
    >
      <Stack gap="sm">
        {rootError && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} data-testid="add-to-list-error">
            {rootError}
          </Alert>
        )}
        {fields.map((field, index) => (
          <TextInput
            key={field.code}
            label={field.description}
            placeholder={field.placeholderText ?? undefined}
            required
            data-autofocus={index === 0 || undefined}
            value={values[field.code] ?? ''}
            error={errors[field.code]}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setValues((current) => ({ ...current, [field.code]: next }));
            }}
            data-testid={`add-to-list-${field.code}`}
          />
        ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button onClick={save} loading={saving} data-testid="add-to-list-save">
            {t('addToList.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
