import { Checkbox, Group, Input, Loader, Radio, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, SELECT_CACHE_TTL_SECONDS } from '../../api/client';
import { itemsOf } from './logic';

type Id = string | number;

interface ExpandedSelectProps {
  label: string;
  required: boolean;
  disabled: boolean;
  error?: string;
  /** The options source address (spec §7: loaded through the cache). */
  url: string;
  labelField: string;
  multiple: boolean;
  value: Id | Id[] | null;
  onChange: (value: Id | Id[] | null) => void;
  testId: string;
}

/** Every option shown at once: radio buttons, or checkboxes when several may be chosen. */
export function ExpandedSelect({
  label,
  required,
  disabled,
  error,
  url,
  labelField,
  multiple,
  value,
  onChange,
  testId,
}: ExpandedSelectProps) {
  const { t } = useTranslation('customFields');
  const options = useQuery({
    queryKey: ['expanded-select', url],
    queryFn: ({ signal }) => api.get<unknown>(url, { signal, cache: SELECT_CACHE_TTL_SECONDS }),
    staleTime: SELECT_CACHE_TTL_SECONDS * 1000,
  });
  const items = itemsOf(options.data).map((item) => ({
    id: (item.id ?? item.value ?? item.code) as Id,
    label: String(item[labelField] ?? item.label ?? item.name ?? item.id),
  }));
  const body = options.isLoading ? (
    <Loader size="xs" />
  ) : items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('widgets.noOptions')}
    </Text>
  ) : null;

  if (multiple) {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    return (
      <Checkbox.Group
        label={label}
        required={required}
        error={error}
        value={chosen}
        onChange={(next) =>
          onChange(items.filter((item) => next.includes(String(item.id))).map((item) => item.id))
        }
        data-testid={testId}
      >
        <Group gap="md" mt={6}>
          {body}
          {items.map((item) => (
            <Checkbox key={String(item.id)} value={String(item.id)} label={item.label} disabled={disabled} />
          ))}
        </Group>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      label={label}
      required={required}
      error={error}
      value={value === null || Array.isArray(value) ? null : String(value)}
      onChange={(next) => onChange(items.find((item) => String(item.id) === next)?.id ?? null)}
      data-testid={testId}
    >
      <Group gap="md" mt={6}>
        {body}
        {items.map((item) => (
          <Radio key={String(item.id)} value={String(item.id)} label={item.label} disabled={disabled} />
        ))}
      </Group>
      {!required && value !== null && !disabled && (
        <Input.Description mt={4}>
          <Text
            component="button"
            type="button"
            size="xs"
            c="blue"
            bg="none"
            bd={0}
            p={0}
            style={{ cursor: 'pointer' }}
            onClick={() => onChange(null)}
          >
            {t('widgets.clear')}
          </Text>
        </Input.Description>
      )}
    </Radio.Group>
  );
}
