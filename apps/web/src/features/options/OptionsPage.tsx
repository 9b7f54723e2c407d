import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SystemOptions, type SystemOptionsValues, systemOptionsValuesSchema } from '@tms/domain';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../platform/api/client';
import { SYSTEM_QUERY_KEY } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { errorText } from '../../platform/kit/errorText';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import { notifySaved } from '../../platform/snackbar';
import { applyServerErrors } from '../../platform/widgets';
import { OPTION_GROUPS, type OptionField, valuesOf } from './groups';

const OPTIONS_KEY = ['options', 'main'] as const;

/** System settings (/options/main): every option of the installation, grouped, with its unit. */
export function OptionsPage() {
  const options = useQuery({
    queryKey: OPTIONS_KEY,
    queryFn: ({ signal }) => api.get<SystemOptions>('/options/main', { signal }),
  });
  if (!options.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="md" maw={1100} data-testid="options-screen">
      <OptionsForm options={options.data} reload={async () => (await options.refetch()).data ?? null} />
    </Stack>
  );
}

function OptionsForm({
  options,
  reload,
}: {
  options: SystemOptions;
  reload: () => Promise<SystemOptions | null>;
}) {
  const { t } = useTranslation('options');
  const client = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const form = useForm<SystemOptionsValues>({
    defaultValues: valuesOf(options),
    resolver: zodResolver(systemOptionsValuesSchema),
  });
  useRevealErrors(form);
  const { control, handleSubmit, reset, setError, formState, watch } = form;
  useEffect(() => reset(valuesOf(options)), [options, reset]);
  const currency = watch('systemCurrencyCode');

  const save = useMutation({
    mutationFn: (values: SystemOptionsValues) =>
      api.put<SystemOptions>('/options/main', { ...values, version: options.version }),
    onSuccess: async (saved) => {
      notifySaved(t('common:saved'));
      setConflict(false);
      client.setQueryData(OPTIONS_KEY, saved);
      // The shell reads some options from the system call.
      await client.invalidateQueries({ queryKey: SYSTEM_QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else applyServerErrors(error, setError);
    },
  });

  const unitOf = (field: OptionField) => {
    if (field.unit === 'currency') return currency;
    if (field.unit === 'currencyPerKg') return `${currency}/${t('units.kg')}`;
    return field.unit ? t(`units.${field.unit}`) : undefined;
  };

  const renderField = (field: OptionField) => {
    const common = {
      id: `option-${field.name}`,
      label: t(`fields.${field.name}`),
      description: t(`hints.${field.name}`),
      error: errorText(formState.errors[field.name]),
      inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
        | 'label'
        | 'input'
        | 'description'
        | 'error'
      )[],
    };
    return (
      <Controller
        key={field.name}
        name={field.name}
        control={control}
        render={({ field: input }) =>
          field.kind === 'code' ? (
            <TextInput
              {...common}
              value={String(input.value ?? '')}
              onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase())}
              onBlur={input.onBlur}
              maxLength={3}
            />
          ) : (
            <NumberInput
              {...common}
              value={input.value === null ? '' : (input.value as number | string)}
              onChange={(value) => {
                if (field.kind === 'money') input.onChange(value === '' ? '' : String(value));
                else input.onChange(value === '' ? (field.nullable ? null : Number.NaN) : Number(value));
              }}
              onBlur={input.onBlur}
              min={0}
              allowNegative={false}
              allowDecimal={field.kind === 'money'}
              decimalScale={field.kind === 'money' ? 2 : 0}
              fixedDecimalScale={field.kind === 'money'}
              thousandSeparator={field.kind === 'money' ? ' ' : undefined}
              rightSection={
                unitOf(field) ? (
                  <Text size="xs" c="dimmed" pr="xs">
                    {unitOf(field)}
                  </Text>
                ) : undefined
              }
              rightSectionWidth={unitOf(field) ? 72 : undefined}
              hideControls
            />
          )
        }
      />
    );
  };

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate data-testid="options-form">
      <Stack gap="md">
        {conflict && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t('conflict')}
            data-testid="conflict-alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {translateServerMessage('The record was changed by someone else. Reload it and try again.')}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={async () => {
                  const fresh = await reload();
                  if (fresh) reset(valuesOf(fresh));
                  setConflict(false);
                }}
              >
                {t('reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {OPTION_GROUPS.map((group) => (
          <Paper key={group.key} withBorder p="lg">
            <Text fw={600} size="sm" mb="md">
              {t(`groups.${group.key}`)}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
              {group.fields.map(renderField)}
            </SimpleGrid>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button type="submit" loading={save.isPending} data-testid="options-save">
            {t('common:save')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('updatedAt', { when: formatDateTime(options.updatedAt) })}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
