import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { UserDefinedListField } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from '../../platform/resources';

type Draft = Partial<UserDefinedListField>;

/** The columns of a user-defined list: code, description, placeholder text and required flag per row. */
export function ListFieldsEditor({ value, onChange, label, error, disabled }: FieldWidgetProps) {
  const { t } = useTranslation('userDefinedLists');
  const fields = Array.isArray(value) ? (value as Draft[]) : [];
  const set = (index: number, patch: Draft) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  return (
    <Input.Wrapper
      label={label}
      required
      error={error}
      description={t('editor.hint')}
      data-testid="list-fields"
    >
      <Stack gap="xs" mt="xs">
        {fields.length > 0 && (
          <Table withTableBorder verticalSpacing={6} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="20%">{t('fields.code')}</Table.Th>
                <Table.Th>{t('fields.description')}</Table.Th>
                <Table.Th>{t('fields.placeholderText')}</Table.Th>
                <Table.Th w={110}>{t('fields.required')}</Table.Th>
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; errors address them by index
                <Table.Tr key={index} data-testid={`list-field-${index}`}>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('fields.code')}
                      disabled={disabled}
                      value={field.code ?? ''}
                      onChange={(e) => set(index, { code: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('fields.description')}
                      disabled={disabled}
                      value={field.description ?? ''}
                      onChange={(e) => set(index, { description: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('fields.placeholderText')}
                      disabled={disabled}
                      value={field.placeholderText ?? ''}
                      onChange={(e) => set(index, { placeholderText: e.currentTarget.value || null })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('fields.required')}
                      disabled={disabled}
                      checked={field.required ?? false}
                      onChange={(e) => set(index, { required: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {!disabled && (
                      <Tooltip label={t('editor.removeField')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('editor.removeField')}
                          onClick={() => onChange(fields.filter((_, i) => i !== index))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
        {!disabled && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                onChange([...fields, { code: '', description: '', placeholderText: null, required: false }])
              }
              data-testid="list-field-add"
            >
              {t('editor.addField')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
