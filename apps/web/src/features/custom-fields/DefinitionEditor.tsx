import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
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
import {
  CUSTOM_FIELD_FLAGS,
  CUSTOM_FIELD_STORE_AS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldOption,
  FILE_TYPES,
  FORM_TYPES,
  MULTI_SELECT_TYPES,
  storageTypesOf,
  URL_OPTION_TYPES,
  type ValidationTree,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, SELECT_CACHE_TTL_SECONDS } from '../../platform/api/client';
import { joinErrorLines } from '../../platform/kit/errorText';
import { FormSection } from '../../platform/kit/FormSection';
import { CustomFieldInput } from '../../platform/widgets/custom-fields';
import { type DefinitionDraft, EMPTY_DRAFT, previewDefinition } from './logic';

const messageAt = (tree: ValidationTree | undefined, ...path: (string | number)[]): string | undefined => {
  let node = tree;
  for (const key of path) node = node?.children[String(key)];
  return node?.errors.length ? joinErrorLines(node.errors) : undefined;
};
const sub = (tree: ValidationTree | undefined, ...path: (string | number)[]) => {
  let node = tree;
  for (const key of path) node = node?.children[String(key)];
  return node;
};

interface DefinitionEditorProps {
  value: DefinitionDraft;
  onChange: (next: DefinitionDraft) => void;
  errors?: ValidationTree;
  disabled?: boolean;
  /** A child of a form: no nested forms, no children of its own. */
  nested?: boolean;
  /** The field exists: code and type no longer change (stored values depend on them). */
  existing?: boolean;
  /** Prefix of test ids. */
  testId?: string;
}

/**
 * Every attribute and setting of a custom field definition (spec §3), grouped: the field, its options
 * (by type), its settings, its default value (rendered with the real widget) and, for forms, child fields.
 */
export function DefinitionEditor({
  value,
  onChange,
  errors,
  disabled,
  nested,
  existing,
  testId = 'def',
}: DefinitionEditorProps) {
  const { t } = useTranslation('customFields');
  const set = (patch: Partial<DefinitionDraft>) => onChange({ ...value, ...patch });
  const { type } = value;
  const types = CUSTOM_FIELD_TYPES.filter((candidate) => !nested || !FORM_TYPES.has(candidate));
  const storageTypes = storageTypesOf(type);
  const flags = CUSTOM_FIELD_FLAGS;
  const id = (name: string) => `${testId}-${name}`;

  return (
    <Stack gap="md">
      <FormSection large title={t('sections.main')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('fields.code')}
            required
            disabled={disabled || existing}
            value={value.code ?? ''}
            onChange={(e) => set({ code: e.currentTarget.value })}
            error={messageAt(errors, 'code')}
            data-testid={id('code')}
          />
          <Select
            label={t('fields.type')}
            required
            disabled={disabled || existing}
            data={types.map((candidate) => ({ value: candidate, label: t(`types.${candidate}`) }))}
            value={type}
            allowDeselect={false}
            searchable
            onChange={(next) =>
              next &&
              set({
                type: next as DefinitionDraft['type'],
                storageType: undefined,
                defaultValue: null,
                multiple: false,
                // An address of one type means nothing to another.
                optionsUrl: null,
                selectedUrl: null,
              })
            }
            error={messageAt(errors, 'type')}
            data-testid={id('type')}
          />
          <TextInput
            label={t('fields.description')}
            required
            disabled={disabled}
            value={value.description ?? ''}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={messageAt(errors, 'description')}
            data-testid={id('description')}
          />
          <TextInput
            label={t('fields.descriptionEn')}
            disabled={disabled}
            value={value.descriptionEn ?? ''}
            onChange={(e) => set({ descriptionEn: e.currentTarget.value })}
            error={messageAt(errors, 'descriptionEn')}
            data-testid={id('descriptionEn')}
          />
          <TextInput
            label={t('fields.emptyText')}
            disabled={disabled}
            value={value.emptyText ?? ''}
            onChange={(e) => set({ emptyText: e.currentTarget.value })}
            error={messageAt(errors, 'emptyText')}
            data-testid={id('emptyText')}
          />
          <NumberInput
            label={t('fields.position')}
            disabled={disabled}
            min={0}
            allowDecimal={false}
            value={value.position ?? 0}
            onChange={(next) => set({ position: typeof next === 'number' ? next : 0 })}
            error={messageAt(errors, 'position')}
            data-testid={id('position')}
          />
          <Group gap="xl" mt={4}>
            <Switch
              label={t('fields.required')}
              disabled={disabled}
              checked={value.required ?? false}
              onChange={(e) => set({ required: e.currentTarget.checked })}
              data-testid={id('required')}
            />
            <Switch
              label={t('fields.enabled')}
              disabled={disabled}
              checked={value.enabled ?? true}
              onChange={(e) => set({ enabled: e.currentTarget.checked })}
              data-testid={id('enabled')}
            />
            {MULTI_SELECT_TYPES.has(type) && (
              <Switch
                label={t('fields.multiple')}
                disabled={disabled}
                checked={value.multiple ?? false}
                onChange={(e) => set({ multiple: e.currentTarget.checked, defaultValue: null })}
                error={messageAt(errors, 'multiple')}
                data-testid={id('multiple')}
              />
            )}
          </Group>
        </SimpleGrid>
      </FormSection>

      <FormSection large title={t('sections.options')} testId={id('options-section')}>
        <TypeOptions value={value} set={set} errors={errors} disabled={disabled} id={id} />
      </FormSection>

      <FormSection large title={t('sections.settings')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {flags.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`flags.${flag}`)}
              disabled={disabled}
              checked={value[flag] ?? false}
              onChange={(e) => set({ [flag]: e.currentTarget.checked })}
              data-testid={id(flag)}
            />
          ))}
        </SimpleGrid>
        <Stack gap={4} mt="md">
          <Text size="sm" fw={500}>
            {t('fields.storageType')}
          </Text>
          <SegmentedControl
            w="fit-content"
            disabled={disabled || storageTypes.length === 1}
            data={storageTypes.map((storage) => ({ value: storage, label: t(`storageTypes.${storage}`) }))}
            value={
              value.storageType && storageTypes.includes(value.storageType)
                ? value.storageType
                : storageTypes[0]!
            }
            onChange={(next) => set({ storageType: next as DefinitionDraft['storageType'] })}
            data-testid={id('storageType')}
          />
          {messageAt(errors, 'storageType') && (
            <Text size="xs" c="red">
              {messageAt(errors, 'storageType')}
            </Text>
          )}
        </Stack>
      </FormSection>

      {!FORM_TYPES.has(type) && !FILE_TYPES.has(type) && (
        <FormSection large title={t('sections.defaultValue')} testId={id('default-section')}>
          <CustomFieldInput
            key={`${type}-${value.multiple ?? false}`}
            definition={{
              ...previewDefinition(value),
              required: false,
              description: t('fields.defaultValue'),
              descriptionEn: null,
              emptyText: null,
            }}
            value={value.defaultValue ?? null}
            onChange={(next) => set({ defaultValue: next as never })}
            errors={sub(errors, 'defaultValue')}
            disabled={disabled}
            testId={id('default')}
          />
        </FormSection>
      )}

      {FORM_TYPES.has(type) && !nested && (
        <FormSection large title={t('sections.children')} testId={id('children-section')}>
          {messageAt(errors, 'children') && (
            <Text size="sm" c="red" mb="sm">
              {messageAt(errors, 'children')}
            </Text>
          )}
          <DefinitionList
            value={value.children ?? []}
            onChange={(children) => set({ children })}
            errors={sub(errors, 'children')}
            disabled={disabled}
            nested
            addLabel={t('editor.addChild')}
            testId={id('child')}
          />
        </FormSection>
      )}
    </Stack>
  );
}

function TypeOptions({
  value,
  set,
  errors,
  disabled,
  id,
}: {
  value: DefinitionDraft;
  set: (patch: Partial<DefinitionDraft>) => void;
  errors?: ValidationTree;
  disabled?: boolean;
  id: (name: string) => string;
}) {
  const { t } = useTranslation('customFields');
  const { type } = value;
  const additional = value.additionalOptions ?? {};
  const setAdditional = (patch: Partial<NonNullable<DefinitionDraft['additionalOptions']>>) =>
    set({ additionalOptions: { ...additional, ...patch } });

  if (type === 'select') {
    const options = value.options ?? [];
    const setOption = (index: number, patch: Partial<CustomFieldOption>) =>
      set({ options: options.map((option, i) => (i === index ? { ...option, ...patch } : option)) });
    return (
      <Stack gap="xs">
        {messageAt(errors, 'options') && (
          <Text size="sm" c="red">
            {messageAt(errors, 'options')}
          </Text>
        )}
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; errors address them by index
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid={id(`option-${index}`)}>
            <TextInput
              placeholder={t('editor.optionValue')}
              aria-label={t('editor.optionValue')}
              disabled={disabled}
              value={option.value}
              onChange={(e) => setOption(index, { value: e.currentTarget.value })}
              error={messageAt(errors, 'options', index, 'value')}
              style={{ flex: 1 }}
            />
            <TextInput
              placeholder={t('editor.optionLabel')}
              aria-label={t('editor.optionLabel')}
              disabled={disabled}
              value={option.label}
              onChange={(e) => setOption(index, { label: e.currentTarget.value })}
              error={messageAt(errors, 'options', index, 'label')}
              style={{ flex: 2 }}
            />
            <TextInput
              placeholder={t('editor.optionLabelEn')}
              aria-label={t('editor.optionLabelEn')}
              disabled={disabled}
              value={option.labelEn ?? ''}
              onChange={(e) => setOption(index, { labelEn: e.currentTarget.value || null })}
              style={{ flex: 2 }}
            />
            {!disabled && (
              <Tooltip label={t('editor.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={6}
                  aria-label={t('editor.remove')}
                  onClick={() => set({ options: options.filter((_, i) => i !== index) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
        {!disabled && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => set({ options: [...options, { value: '', label: '' }] })}
            data-testid={id('add-option')}
          >
            {t('editor.addOption')}
          </Button>
        )}
      </Stack>
    );
  }
  if (URL_OPTION_TYPES.has(type) || FILE_TYPES.has(type)) {
    const file = FILE_TYPES.has(type);
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label={t(
            file
              ? 'fields.metadataUrl'
              : type === 'expanded-select'
                ? 'fields.optionsUrl'
                : 'fields.itemsUrl',
          )}
          description={t(file ? 'editor.metadataHint' : 'editor.urlHint')}
          required={!file}
          disabled={disabled}
          value={value.optionsUrl ?? ''}
          onChange={(e) => set({ optionsUrl: e.currentTarget.value })}
          error={messageAt(errors, 'optionsUrl')}
          data-testid={id('optionsUrl')}
        />
        {!file && (
          <TextInput
            label={t('fields.labelFieldCode')}
            description="name"
            disabled={disabled}
            value={additional.labelFieldCode ?? ''}
            onChange={(e) => setAdditional({ labelFieldCode: e.currentTarget.value })}
            data-testid={id('labelFieldCode')}
          />
        )}
        {(type === 'lazy-select' || type === 'lazy-select-full-load') && (
          <TextInput
            label={t('fields.selectedUrl')}
            description={t('editor.selectedUrlHint')}
            disabled={disabled}
            value={value.selectedUrl ?? ''}
            onChange={(e) => set({ selectedUrl: e.currentTarget.value })}
            error={messageAt(errors, 'selectedUrl')}
            data-testid={id('selectedUrl')}
          />
        )}
      </SimpleGrid>
    );
  }
  if (type === 'user-defined-list') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <ListPicker
          label={t('fields.list')}
          disabled={disabled}
          value={additional.list ?? null}
          onChange={(next) => setAdditional({ list: next })}
          error={messageAt(errors, 'additionalOptions', 'list')}
          testId={id('list')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('fields.storeAs')}
          </Text>
          <SegmentedControl
            w="fit-content"
            disabled={disabled}
            data={CUSTOM_FIELD_STORE_AS.map((storeAs) => ({
              value: storeAs,
              label: t(`storeAs.${storeAs}`),
            }))}
            value={additional.storeAs ?? 'identifier'}
            onChange={(next) => setAdditional({ storeAs: next as 'identifier' | 'object' })}
            data-testid={id('storeAs')}
          />
        </Stack>
      </SimpleGrid>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('editor.noOptionsSettings')}
    </Text>
  );
}

interface DefinitionListProps {
  value: DefinitionDraft[];
  onChange: (next: DefinitionDraft[]) => void;
  errors?: ValidationTree;
  disabled?: boolean;
  nested?: boolean;
  addLabel: string;
  testId: string;
}

/** A list of definitions (a form's children, an operation group's fields), each folded in an accordion. */
export function DefinitionList({
  value,
  onChange,
  errors,
  disabled,
  nested,
  addLabel,
  testId,
}: DefinitionListProps) {
  const { t } = useTranslation('customFields');
  // A field just added is unfolded; removing one shifts the unfolded ones after it.
  const [opened, setOpened] = useState<string[]>([]);
  const removeAt = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setOpened((current) =>
      current
        .filter((key) => Number(key) !== index)
        .map((key) => (Number(key) > index ? String(Number(key) - 1) : key)),
    );
  };
  return (
    <Stack gap="sm">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.noDefinitions')}
        </Text>
      )}
      {value.length > 0 && (
        <Accordion variant="separated" multiple chevronPosition="left" value={opened} onChange={setOpened}>
          {value.map((definition, index) => {
            const itemErrors = sub(errors, index);
            const failed =
              !!itemErrors && (itemErrors.errors.length > 0 || Object.keys(itemErrors.children).length > 0);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: definitions are edited in place; errors address them by index
              <Accordion.Item key={index} value={String(index)} data-testid={`${testId}-${index}`}>
                <Group gap="xs" wrap="nowrap" pr="sm">
                  <Accordion.Control data-testid={`${testId}-${index}-toggle`}>
                    <Group gap="sm">
                      <Text fw={500}>
                        {definition.description || definition.code || t('editor.newField')}
                      </Text>
                      {definition.code && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {definition.code}
                        </Text>
                      )}
                      <Badge variant="light" size="sm">
                        {t(`types.${definition.type}`)}
                      </Badge>
                      {definition.required && (
                        <Badge variant="light" color="orange" size="sm">
                          {t('fields.required')}
                        </Badge>
                      )}
                      {failed && (
                        <Badge color="red" size="sm" variant="filled">
                          !
                        </Badge>
                      )}
                    </Group>
                  </Accordion.Control>
                  {!disabled && (
                    <Tooltip label={t('editor.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('editor.remove')}
                        onClick={() => removeAt(index)}
                        data-testid={`${testId}-${index}-remove`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Accordion.Panel>
                  <DefinitionEditor
                    value={definition}
                    onChange={(next) => onChange(value.map((other, i) => (i === index ? next : other)))}
                    errors={itemErrors}
                    disabled={disabled}
                    nested={nested}
                    testId={`${testId}-${index}`}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
      {!disabled && (
        <Button
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            onChange([...value, { ...EMPTY_DRAFT, position: value.length }]);
            setOpened((current) => [...current, String(value.length)]);
          }}
          data-testid={`${testId}-add`}
        >
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}

/** The user-defined list a field picks rows from; lists are few, so all are offered at once. */
function ListPicker(props: {
  label: string;
  disabled?: boolean;
  value: number | null;
  onChange: (next: number | null) => void;
  error?: string;
  testId: string;
}) {
  const lists = useQuery({
    queryKey: ['user-defined-lists', 'all'],
    queryFn: ({ signal }) =>
      api.get<{ collection: { id: number; name: string }[] }>('/user-defined-lists', {
        query: { itemsPerPage: 10_000, sort: 'name', order: 'asc' },
        signal,
      }),
    staleTime: SELECT_CACHE_TTL_SECONDS * 1000,
  });
  return (
    <Select
      label={props.label}
      required
      searchable
      disabled={props.disabled}
      data={(lists.data?.collection ?? []).map((list) => ({ value: String(list.id), label: list.name }))}
      value={props.value === null ? null : String(props.value)}
      onChange={(next) => props.onChange(next ? Number(next) : null)}
      error={props.error}
      data-testid={props.testId}
      id={props.testId}
    />
  );
}
