import { MultiSelect, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FieldDescriptor, type GeneratedOptions, MAX_ITEMS_PER_PAGE } from '@tms/domain';
import type { ComponentType, ReactNode } from 'react';
import { api, SELECT_CACHE_TTL_SECONDS } from '../api/client';
import { formatDate, formatDateTime, formatDecimal } from '../format';
import { AutoTextarea, DateInput, DecimalField, LazySelect, NumberField } from '../widgets';
import { type Choice, generatedChoicesOf, listChoicesOf } from './logic';
import { RolePicker } from './RolePicker';
import type { ResourceTexts } from './texts';

/** What a field widget gets from the generated form. */
export interface FieldWidgetProps {
  field: FieldDescriptor;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  label: string;
  error?: ReactNode;
  required: boolean;
  disabled: boolean;
  texts: ResourceTexts;
}

export type FieldWidget = ComponentType<FieldWidgetProps>;

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The choices a field makes of another list's records (`optionsFrom`); none without it. */
function useGeneratedChoices(source: GeneratedOptions | undefined, language: 'ru' | 'en'): Choice[] {
  const rows = useQuery({
    queryKey: ['generated-options', source?.path],
    queryFn: ({ signal }) =>
      api.get<{ collection: Record<string, unknown>[] }>(source!.path, {
        query: { itemsPerPage: MAX_ITEMS_PER_PAGE },
        signal,
        cache: SELECT_CACHE_TTL_SECONDS,
      }),
    enabled: source !== undefined,
  });
  return source && rows.data ? generatedChoicesOf(source, rows.data.collection, language) : [];
}

/** A list field: chosen among its known values (and those made of another list), else free text. */
function TagsFieldInput(props: FieldWidgetProps) {
  const { field, value, onChange, onBlur, label, error, required, disabled, texts } = props;
  const common = { label, error, required, disabled, onBlur, id: `field-${field.name}`, name: field.name };
  const generated = useGeneratedChoices(field.optionsFrom, texts.lang);
  const choices = listChoicesOf(field, value, (code) => texts.option(field, code), generated);
  if (choices) {
    return (
      <MultiSelect
        {...common}
        data={choices}
        value={asList(value)}
        onChange={onChange}
        searchable
        clearable
        hidePickedOptions
      />
    );
  }
  return (
    <TagsInput
      {...common}
      description={texts.t('tagsHint')}
      value={asList(value)}
      onChange={onChange}
      clearable
    />
  );
}

/** The input of one descriptor field, chosen by its type. */
export function FieldInput(props: FieldWidgetProps) {
  const { field, value, onChange, onBlur, label, error, required, disabled, texts } = props;
  const common = { label, error, required, disabled, onBlur, id: `field-${field.name}`, name: field.name };
  switch (field.type) {
    case 'textarea':
      return (
        <AutoTextarea {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'integer':
    case 'number':
      return (
        <NumberField
          {...common}
          value={typeof value === 'number' ? value : value === null || value === '' ? null : Number(value)}
          onChange={onChange}
        />
      );
    case 'money':
      // Decimal text both ways: no float between what is typed and what is stored.
      return <DecimalField {...common} value={value === null ? null : asText(value)} onChange={onChange} />;
    case 'boolean':
      return (
        <Switch
          {...common}
          mt="xl"
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date':
      return <DateInput {...common} value={(value as string | null) ?? null} onChange={onChange} />;
    case 'datetime':
      return <TextInput {...common} value={formatDateTime(value as string | null)} readOnly />;
    case 'enum':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((option) => ({
            value: option,
            label: texts.option(field, option),
          }))}
          value={(value as string | null) ?? null}
          onChange={(next) => onChange(next)}
          clearable={!required}
          allowDeselect={!required}
        />
      );
    case 'tags':
      return <TagsFieldInput {...props} />;
    case 'reference':
      return (
        <LazySelect
          {...common}
          url={field.reference?.path ?? ''}
          labelField={field.reference?.labelField}
          padLabel={field.reference?.padded}
          value={(value as number | null) ?? null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'references':
      return (
        <LazySelect
          {...common}
          multiple
          url={field.reference?.path ?? ''}
          labelField={field.reference?.labelField}
          padLabel={field.reference?.padded}
          value={Array.isArray(value) ? (value as number[]) : []}
          onChange={(next) => onChange(next)}
        />
      );
    case 'roles':
      return <RolePicker {...common} value={asList(value)} onChange={onChange} lang={texts.lang} />;
    case 'translations': {
      const map = (value && typeof value === 'object' ? value : {}) as Record<string, string>;
      return (
        <TextInput
          {...common}
          value={map[texts.lang] ?? ''}
          onChange={(e) => onChange({ ...map, [texts.lang]: e.currentTarget.value })}
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : 'text'}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** A value as a list cell or a history entry shows it. */
export function displayValue(
  field: FieldDescriptor | undefined,
  value: unknown,
  texts: ResourceTexts,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A structured value reads as its export's text (a route's ends, a hyper request's lots).
  if (field.exportText) return field.exportText(value, texts.lang) ?? '';
  switch (field.type) {
    case 'boolean':
      return texts.t(value ? 'yes' : 'no');
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'enum':
      return texts.option(field, String(value));
    case 'integer':
    case 'number':
      return typeof value === 'number'
        ? new Intl.NumberFormat(texts.lang === 'en' ? 'en-US' : 'ru-RU', {
            maximumFractionDigits: 6,
            useGrouping: !field.ungrouped,
          }).format(value)
        : String(value);
    case 'money':
      return formatDecimal(String(value), texts.lang);
    case 'reference': {
      const labelField = field.reference?.labelField ?? 'name';
      return typeof value === 'object'
        ? String((value as Record<string, unknown>)[labelField] ?? '')
        : String(value);
    }
    case 'translations':
      return String((value as Record<string, unknown>)[texts.lang] ?? '');
    case 'tags':
      if (field.options?.length && Array.isArray(value))
        return value.map((v) => texts.option(field, String(v))).join(', ');
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    default:
      if (Array.isArray(value))
        return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
