import { Checkbox, Input, Stack, TextInput } from '@mantine/core';
import type { UserDefinedListField } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { RowsEditor, type RowsEditorColumn } from '../../platform/kit/RowsEditor';
import type { FieldWidgetProps } from '../../platform/resources';

type Draft = Partial<UserDefinedListField>;

/** The columns of a user-defined list: code, description, placeholder text and required flag per row. */
export function ListFieldsEditor({ value, onChange, label, error, disabled }: FieldWidgetProps) {
  const { t } = useTranslation('userDefinedLists');
  const fields = Array.isArray(value) ? (value as Draft[]) : [];
  const text = (name: 'code' | 'description', width?: string): RowsEditorColumn<Draft> => ({
    header: t(`fields.${name}`),
    width,
    cell: (field, set) => (
      <TextInput
        size="xs"
        aria-label={t(`fields.${name}`)}
        disabled={disabled}
        value={field[name] ?? ''}
        onChange={(e) => set({ [name]: e.currentTarget.value })}
      />
    ),
  });
  const columns: RowsEditorColumn<Draft>[] = [
    text('code', '20%'),
    text('description'),
    {
      header: t('fields.placeholderText'),
      cell: (field, set) => (
        <TextInput
          size="xs"
          aria-label={t('fields.placeholderText')}
          disabled={disabled}
          value={field.placeholderText ?? ''}
          onChange={(e) => set({ placeholderText: e.currentTarget.value || null })}
        />
      ),
    },
    {
      header: t('fields.required'),
      width: 110,
      cell: (field, set) => (
        <Checkbox
          aria-label={t('fields.required')}
          disabled={disabled}
          checked={field.required ?? false}
          onChange={(e) => set({ required: e.currentTarget.checked })}
        />
      ),
    },
  ];
  return (
    <Input.Wrapper
      label={label}
      required
      error={error}
      description={t('editor.hint')}
      data-testid="list-fields"
    >
      <Stack gap="xs" mt="xs">
        <RowsEditor
          rows={fields}
          onChange={onChange}
          columns={columns}
          newRow={() => ({ code: '', description: '', placeholderText: null, required: false })}
          addLabel={t('editor.addField')}
          removeLabel={t('editor.removeField')}
          testId="list-field"
          disabled={disabled}
        />
      </Stack>
    </Input.Wrapper>
  );
}
