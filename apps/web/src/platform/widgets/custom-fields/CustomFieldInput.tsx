import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type CustomFieldDefinition, definitionLabel, type ValidationTree } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api, SELECT_CACHE_TTL_SECONDS } from '../../api/client';
import { joinErrorLines } from '../../kit/errorText';
import { AutoTextarea } from '../AutoTextarea';
import { DateInput } from '../DateInput';
import { LazySelect } from '../LazySelect';
import { NumberField } from '../NumberInput';
import { ExpandedSelect } from './ExpandedSelect';
import { FileField } from './FileField';
import { allMessages, childErrors, optionLabel, shownDefinitions, WIDE_TYPES } from './logic';
import { UserDefinedListField } from './UserDefinedListField';

type Values = Record<string, unknown>;

export interface CustomFieldInputProps {
  definition: CustomFieldDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** Errors at this field and below (rows, child fields), as a Validation Failed subtree. */
  errors?: ValidationTree;
  disabled?: boolean;
  /** Prefix of test ids and element ids, e.g. `cf-` + code. */
  testId?: string;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
const translate = (messages: string[]) => (messages.length ? joinErrorLines(messages) : undefined);

interface CountryItem {
  id: number;
  code: string;
  name: string;
  nameEn: string;
}

/** A country by its ISO alpha-2 code, from the enabled countries (cached, fully loaded). */
function CountryCodeSelect(props: {
  label: string;
  required: boolean;
  disabled: boolean;
  error?: string;
  value: unknown;
  onChange: (v: unknown) => void;
  placeholder?: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const countries = useQuery({
    queryKey: ['lazy-select', 'country', 'enabled'],
    queryFn: ({ signal }) =>
      api.get<CountryItem[]>('/lazy-select/country/enabled', { signal, cache: SELECT_CACHE_TTL_SECONDS }),
    staleTime: SELECT_CACHE_TTL_SECONDS * 1000,
  });
  const en = i18n.language === 'en';
  return (
    <Select
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
      placeholder={props.placeholder}
      searchable
      clearable={!props.required}
      data={(countries.data ?? []).map((c) => ({
        value: c.code,
        label: `${en ? c.nameEn : c.name} (${c.code})`,
      }))}
      value={typeof props.value === 'string' ? props.value : null}
      onChange={(next) => props.onChange(next)}
      data-testid={props.testId}
      id={props.testId}
    />
  );
}

/**
 * One custom field of any of the 17 types of spec §3, as its definition says: label in the reader's
 * language, empty text as placeholder, required mark, multi-select, options from the definition or from
 * its address. Forms and form collections render their child fields with this same component.
 */
export function CustomFieldInput({
  definition,
  value,
  onChange,
  onBlur,
  errors,
  disabled = false,
  testId,
}: CustomFieldInputProps) {
  const { t, i18n } = useTranslation('customFields');
  const lang = i18n.language;
  const id = testId ?? `cf-${definition.code}`;
  const label = definitionLabel(definition, lang);
  const placeholder = definition.emptyText ?? undefined;
  const required = definition.required;
  const error = translate(
    definition.type === 'form' || definition.type === 'form-collection'
      ? (errors?.errors ?? [])
      : allMessages(errors),
  );
  const common = { label, required, disabled, error, placeholder, onBlur, id, 'data-testid': id };
  const labelField = definition.additionalOptions?.labelFieldCode || 'name';

  switch (definition.type) {
    case 'text':
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'textarea':
      return (
        <AutoTextarea {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'number':
      return <NumberField {...common} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'date':
      return <DateInput {...common} value={typeof value === 'string' ? value : null} onChange={onChange} />;
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          placeholder={undefined}
          mt="lg"
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'switch':
      return (
        <Switch
          {...common}
          placeholder={undefined}
          mt="lg"
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'select': {
      const data = definition.options.map((option) => ({
        value: option.value,
        label: optionLabel(option, lang),
      }));
      return definition.multiple ? (
        <MultiSelect
          {...common}
          data={data}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
          clearable
          searchable
        />
      ) : (
        <Select
          {...common}
          data={data}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          clearable={!required}
          searchable
        />
      );
    }
    case 'lazy-select':
    case 'lazy-select-full-load':
    case 'country-select': {
      const country = definition.type === 'country-select';
      const url = country ? '/lazy-select/country/all' : (definition.optionsUrl ?? '');
      const select = {
        url,
        selectedUrl: country ? undefined : (definition.selectedUrl ?? undefined),
        labelField: country ? (lang === 'en' ? 'nameEn' : 'name') : labelField,
        label,
        required,
        disabled,
        error,
        placeholder,
        fullLoad: country || definition.type === 'lazy-select-full-load',
        cache: country,
        id,
      };
      return (
        <div data-testid={id}>
          {definition.multiple ? (
            <LazySelect
              {...select}
              multiple
              value={Array.isArray(value) ? (value as (string | number)[]) : []}
              onChange={(next) => onChange(next)}
            />
          ) : (
            <LazySelect
              {...select}
              value={
                value === null || value === undefined || Array.isArray(value)
                  ? null
                  : (value as string | number)
              }
              onChange={(next) => onChange(next)}
            />
          )}
        </div>
      );
    }
    case 'country':
      return (
        <CountryCodeSelect
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          value={value}
          onChange={onChange}
          placeholder={placeholder}
          testId={id}
        />
      );
    case 'expanded-select':
      return (
        <ExpandedSelect
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          url={definition.optionsUrl ?? ''}
          labelField={labelField}
          multiple={definition.multiple}
          value={(value as string | number | (string | number)[] | null) ?? (definition.multiple ? [] : null)}
          onChange={onChange}
          testId={id}
        />
      );
    case 'file':
    case 'file-collection':
      return (
        <FileField
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          multiple={definition.type === 'file-collection'}
          value={(value as number | number[] | null) ?? null}
          onChange={onChange}
          metadataUrl={definition.optionsUrl ?? undefined}
          testId={id}
        />
      );
    case 'user-defined-list':
      return (
        <UserDefinedListField
          listId={definition.additionalOptions?.list ?? 0}
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          placeholder={placeholder}
          multiple={definition.multiple}
          storeAsObject={definition.additionalOptions?.storeAs === 'object'}
          value={(value as never) ?? null}
          onChange={onChange}
          testId={id}
        />
      );
    case 'form':
      return (
        <Input.Wrapper label={label} required={required} error={error} data-testid={id}>
          <Paper withBorder p="sm" mt={4} radius="md">
            <FieldGrid
              definitions={definition.children}
              values={(value as Values | null) ?? {}}
              onChange={onChange}
              errors={errors}
              disabled={disabled}
              testId={id}
            />
          </Paper>
        </Input.Wrapper>
      );
    case 'form-collection': {
      const rows = Array.isArray(value) ? (value as Values[]) : [];
      return (
        <Input.Wrapper label={label} required={required} error={error} data-testid={id}>
          <Stack gap="xs" mt={4}>
            {rows.length === 0 && (
              <Text size="sm" c="dimmed">
                {definition.emptyText || t('widgets.noRows')}
              </Text>
            )}
            {rows.map((row, index) => (
              // Rows have no ids of their own: their place is their identity, as in the error paths.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Paper key={index} withBorder p="sm" radius="md" data-testid={`${id}-row-${index}`}>
                <Group justify="space-between" mb={6}>
                  <Text size="xs" fw={600} c="dimmed">
                    {t('widgets.row', { number: index + 1 })}
                  </Text>
                  {!disabled && (
                    <Tooltip label={t('widgets.removeRow')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('widgets.removeRow')}
                        onClick={() => onChange(rows.filter((_, other) => other !== index))}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <FieldGrid
                  definitions={definition.children}
                  values={row}
                  onChange={(next) => onChange(rows.map((other, i) => (i === index ? next : other)))}
                  errors={childErrors(errors, index)}
                  disabled={disabled}
                  testId={`${id}-${index}`}
                />
              </Paper>
            ))}
            {!disabled && (
              <Button
                variant="light"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} />}
                onClick={() => onChange([...rows, {}])}
                data-testid={`${id}-add-row`}
              >
                {t('widgets.addRow')}
              </Button>
            )}
          </Stack>
        </Input.Wrapper>
      );
    }
    default:
      return null;
  }
}

export interface FieldGridProps {
  definitions: readonly CustomFieldDefinition[];
  values: Values;
  onChange: (values: Values) => void;
  errors?: ValidationTree;
  disabled?: boolean;
  /** Prefix of the fields' test ids. */
  testId?: string;
  columns?: number;
}

/** The enabled fields of a definition set in a two-column grid; wide types take a whole row. */
export function FieldGrid({
  definitions,
  values,
  onChange,
  errors,
  disabled,
  testId = 'cf',
  columns = 2,
}: FieldGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="md" verticalSpacing="sm">
      {shownDefinitions(definitions).map((definition) => (
        <div
          key={definition.code}
          style={WIDE_TYPES.has(definition.type) ? { gridColumn: '1 / -1' } : undefined}
        >
          <CustomFieldInput
            definition={definition}
            value={values[definition.code] ?? null}
            onChange={(next) => onChange({ ...values, [definition.code]: next })}
            errors={childErrors(errors, definition.code)}
            disabled={disabled}
            testId={`${testId}-${definition.code}`}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
