import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataImportColumn, DataImportField } from '@tms/domain';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../platform/kit/errorText';
import { useTargets } from './api';
import { i18nKey, labelNamespaces, partOf, targetOf } from './logic';

type Errors = Record<string, unknown> | undefined;
const at = (errors: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);

/**
 * The description's mapping: the resource of a generic target, each column of the file with the field it
 * fills, its header and other names and a reference's lookup, and the match key among the mapped fields.
 * Plain inputs in a table: every control is reached with Tab; the server's refusals land under each.
 */
export function ColumnsEditor({ form, canWrite }: { form: UseFormReturn<FieldValues>; canWrite: boolean }) {
  const targets = useTargets();
  const list = targets.data ?? [];
  const { t } = useTranslation(['dataImport', ...labelNamespaces(list)]);
  const { control, setValue, formState } = form;
  const target = useWatch({ control, name: 'target' }) as string | undefined;
  const resource = useWatch({ control, name: 'resource' }) as string | null | undefined;
  const columns = (useWatch({ control, name: 'columns' }) ?? []) as DataImportColumn[];
  const matchKey = useWatch({ control, name: 'matchKey' }) as string | null | undefined;
  const errors = formState.errors as Errors;
  const info = targetOf(list, target, resource);
  const fields = info?.fields ?? [];
  const byName = new Map(fields.map((field) => [field.name, field]));

  const write = (name: 'columns' | 'resource' | 'matchKey', value: unknown) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const patch = (index: number, change: Partial<DataImportColumn>) =>
    write(
      'columns',
      columns.map((column, i) => (i === index ? { ...column, ...change } : column)),
    );
  const fieldLabel = (field: DataImportField) => {
    const part = partOf(field);
    const own = t(i18nKey(field.label), { defaultValue: field.name });
    return part ? `${t(`parts.${part}`)}: ${own}` : own;
  };
  const options = fields.map((field) => ({
    value: field.name,
    label: field.required ? `${fieldLabel(field)} (${t('editor.required')})` : fieldLabel(field),
  }));
  const resources = list
    .filter((entry) => entry.target === 'resource')
    .map((entry) => ({
      value: entry.resource!,
      label: t(i18nKey(entry.label), { defaultValue: entry.resource! }),
    }));
  const addColumn = () => {
    const free = fields.find((field) => !columns.some((column) => column.field === field.name));
    const field = free ?? fields[0];
    write('columns', [
      ...columns,
      { field: field?.name ?? '', header: field ? fieldLabel(field) : '', alternates: [], lookup: null },
    ]);
  };

  return (
    <Stack gap="sm" data-testid="columns-editor">
      <Title order={4}>{t('editor.mapping')}</Title>
      <Group grow align="flex-start">
        {target === 'resource' && (
          <Select
            label={t('editor.resource')}
            placeholder={t('editor.resourcePlaceholder')}
            data={resources}
            value={resource ?? null}
            onChange={(value) => write('resource', value)}
            searchable
            disabled={!canWrite}
            error={errorText(at(errors, 'resource'))}
            data-testid="resource-select"
          />
        )}
        <Select
          label={t('editor.matchKey')}
          description={t('editor.matchKeyHint')}
          placeholder={t('editor.noMatchKey')}
          data={options.filter((option) => columns.some((column) => column.field === option.value))}
          value={matchKey ?? null}
          onChange={(value) => write('matchKey', value)}
          clearable
          disabled={!canWrite}
          error={errorText(at(errors, 'matchKey'))}
          data-testid="match-key-select"
        />
      </Group>
      {errorText(at(errors, 'columns', 'message')) && (
        <Text c="red" size="sm">
          {errorText(at(errors, 'columns', 'message'))}
        </Text>
      )}
      {columns.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('editor.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" data-testid="columns-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="26%">{t('editor.field')}</Table.Th>
                <Table.Th w="24%">{t('editor.header')}</Table.Th>
                <Table.Th w="30%">{t('editor.alternates')}</Table.Th>
                <Table.Th w="15%">{t('editor.lookup')}</Table.Th>
                <Table.Th w="5%" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((column, index) => {
                const field = byName.get(column.field);
                const lookups = field?.lookups ?? [];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id; a row is its place.
                  <Table.Tr key={index}>
                    <Table.Td>
                      <Select
                        aria-label={t('editor.field')}
                        data={options}
                        value={column.field || null}
                        onChange={(value) => patch(index, { field: value ?? '', lookup: null })}
                        searchable
                        disabled={!canWrite}
                        error={errorText(at(errors, 'columns', index, 'field'))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('editor.header')}
                        value={column.header}
                        onChange={(event) => patch(index, { header: event.currentTarget.value })}
                        disabled={!canWrite}
                        error={errorText(at(errors, 'columns', index, 'header'))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TagsInput
                        aria-label={t('editor.alternates')}
                        placeholder={
                          column.alternates?.length ? undefined : t('editor.alternatesPlaceholder')
                        }
                        value={column.alternates ?? []}
                        onChange={(value) => patch(index, { alternates: value })}
                        disabled={!canWrite}
                        error={errorText(at(errors, 'columns', index, 'alternates'))}
                      />
                    </Table.Td>
                    <Table.Td>
                      {lookups.length > 0 && (
                        <Select
                          aria-label={t('editor.lookup')}
                          data={lookups.map((lookup) => ({ value: lookup, label: t(`lookups.${lookup}`) }))}
                          placeholder={t('editor.lookupAuto')}
                          value={column.lookup ?? null}
                          onChange={(value) =>
                            patch(index, { lookup: (value as DataImportColumn['lookup']) ?? null })
                          }
                          clearable
                          disabled={!canWrite}
                          error={errorText(at(errors, 'columns', index, 'lookup'))}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canWrite && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('editor.removeColumn')}
                          onClick={() =>
                            write(
                              'columns',
                              columns.filter((_, i) => i !== index),
                            )
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canWrite && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addColumn} disabled={!info}>
            {t('editor.addColumn')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
