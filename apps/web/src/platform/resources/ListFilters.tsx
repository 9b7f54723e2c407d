import { Box, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ALL_ROLES, type FieldDescriptor, roleLabel } from '@tms/domain';
import { useEffect, useState } from 'react';
import { DateInput, LazySelect } from '../widgets';
import { SEARCH_DEBOUNCE_MS } from '../widgets/lazySelectLogic';
import { FILTER_WIDTHS, type FilterGroup, filterParams, groupFilters, isDateField } from './logic';
import classes from './resources.module.css';
import type { ResourceTexts } from './texts';

interface ListFiltersProps {
  fields: readonly FieldDescriptor[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  texts: ResourceTexts;
  /** Headed groups of filters in this order; the filters of no group follow under "Other". */
  groups?: readonly FilterGroup[];
}

/**
 * The filter panel of a list: one input per filterable field, sized by its filter width (spec §9); a list
 * with many filters gives them headed groups (parties, route and dates, statuses...).
 */
export function ListFilters({ fields, values, onChange, texts, groups }: ListFiltersProps) {
  const input = (field: FieldDescriptor) => (
    <FilterInput key={field.name} field={field} values={values} onChange={onChange} texts={texts} />
  );
  if (!groups?.length) {
    return (
      <Group gap="sm" align="flex-end" data-testid="resource-filters">
        {fields.map(input)}
      </Group>
    );
  }
  const sections = groupFilters(fields, groups);
  return (
    <Stack gap="sm" data-testid="resource-filters">
      {sections.map(({ label, fields: members }) => (
        <Box component="fieldset" key={label ?? ''} className={classes.filterGroup}>
          <Text component="legend" size="xs" fw={600} c="dimmed" tt="uppercase">
            {label ? texts.text(label) : texts.t('filterGroups.other')}
          </Text>
          <Group gap="sm" align="flex-end">
            {members.map(input)}
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

/** A typed text filter is applied once typing stops, like the search box. */
function DebouncedText({
  label,
  value,
  onChange,
  id,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  id: string;
}) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  // Only a settled change of the typed text is applied; value and onChange follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the debounced text alone
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
  }, [debounced]);
  return (
    <TextInput
      id={id}
      size="xs"
      label={label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
    />
  );
}

function FilterInput({
  field,
  values,
  onChange,
  texts,
}: {
  field: FieldDescriptor;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  texts: ResourceTexts;
}) {
  const width = FILTER_WIDTHS[field.filterWidth ?? 'normal'];
  const label = texts.label(field);
  const id = `filter-${field.name}`;
  const value = values[field.name] ?? '';

  if (isDateField(field)) {
    const [fromName, toName] = filterParams(field) as [string, string];
    return (
      <Group gap={6} wrap="nowrap" align="flex-end">
        <DateInput
          id={`${id}-from`}
          size="xs"
          w={140}
          label={`${label}: ${texts.t('filters.from')}`}
          value={values[fromName] ?? null}
          onChange={(next) => onChange(fromName, next ?? '')}
        />
        <DateInput
          id={`${id}-to`}
          size="xs"
          w={140}
          label={texts.t('filters.to')}
          value={values[toName] ?? null}
          onChange={(next) => onChange(toName, next ?? '')}
        />
      </Group>
    );
  }

  let input: React.ReactNode;
  switch (field.type) {
    case 'enum':
      input = (
        <Select
          id={id}
          size="xs"
          label={label}
          placeholder={texts.t('filters.any')}
          data={(field.options ?? []).map((option) => ({
            value: option,
            label: texts.option(field, option),
          }))}
          value={value || null}
          onChange={(next) => onChange(field.name, next ?? '')}
          clearable
        />
      );
      break;
    case 'boolean':
      input = (
        <Select
          id={id}
          size="xs"
          label={label}
          data={[
            { value: '', label: texts.t('filters.any') },
            { value: 'true', label: texts.t('yes') },
            { value: 'false', label: texts.t('no') },
          ]}
          value={value}
          onChange={(next) => onChange(field.name, next ?? '')}
          allowDeselect={false}
        />
      );
      break;
    case 'roles':
      input = (
        <Select
          id={id}
          size="xs"
          label={label}
          placeholder={texts.t('filters.any')}
          data={ALL_ROLES.map((role) => ({ value: role, label: roleLabel(role, texts.lang) }))}
          value={value || null}
          onChange={(next) => onChange(field.name, next ?? '')}
          searchable
          clearable
        />
      );
      break;
    case 'reference':
    case 'references':
      input = (
        <Group gap={4} wrap="nowrap" align="flex-end">
          <Box flex={1}>
            <LazySelect
              size="xs"
              id={id}
              label={label}
              url={field.reference?.path ?? ''}
              labelField={field.reference?.labelField}
              padLabel={field.reference?.padded}
              value={value ? Number(value) : null}
              onChange={(next) => onChange(field.name, next === null ? '' : String(next))}
            />
          </Box>
          {value && (
            <CloseButton
              mb={4}
              aria-label={texts.t('filters.clear')}
              onClick={() => onChange(field.name, '')}
            />
          )}
        </Group>
      );
      break;
    default:
      input = (
        <DebouncedText id={id} label={label} value={value} onChange={(next) => onChange(field.name, next)} />
      );
  }
  return <Box w={width}>{input}</Box>;
}
