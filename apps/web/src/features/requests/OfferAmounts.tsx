import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ListResult, Money } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api, SELECT_CACHE_TTL_SECONDS } from '../../platform/api/client';
import { formatMoney } from '../../platform/format';
import type { FieldWidgetProps } from '../../platform/resources/widgets';
import { DecimalField } from '../../platform/widgets';

/** An amount being typed: the currency may still be unchosen, the amount empty. */
export interface AmountRow {
  currency: string | null;
  amount: string | null;
}

/** The rows sent: only those with a currency and an amount (a half-typed row is left out). */
export const amountsOf = (rows: readonly AmountRow[]): Money[] =>
  rows
    .filter((row) => row.currency && row.amount)
    .map((row) => ({ currency: row.currency!, amount: row.amount! }));

/** The enabled currencies' codes, for the currency selects. */
function useCurrencyCodes() {
  const currencies = useQuery({
    queryKey: ['resource', 'currency', 'codes'],
    queryFn: ({ signal }) =>
      api.get<ListResult<{ code: string; enabled: boolean }>>('/settings/currencies', {
        query: { itemsPerPage: 500, sort: 'name' },
        signal,
        cache: SELECT_CACHE_TTL_SECONDS,
      }),
  });
  return (currencies.data?.collection ?? []).filter((c) => c.enabled).map((c) => c.code);
}

interface AmountsEditorProps {
  value: readonly AmountRow[];
  onChange: (rows: AmountRow[]) => void;
  disabled?: boolean;
  label?: string;
  /** The refusal of a row's member, by row and member (`rates.0.currency`'s "0", "currency"). */
  errorOf?: (index: number, member: 'currency' | 'amount') => string | undefined;
  error?: React.ReactNode;
  testId: string;
}

/** Amounts in several currencies (an offer's, the quote's selected rates): a row each, added and removed. */
export function AmountsEditor({
  value,
  onChange,
  disabled,
  label,
  errorOf,
  error,
  testId,
}: AmountsEditorProps) {
  const { t } = useTranslation('offers');
  const codes = useCurrencyCodes();
  const set = (index: number, change: Partial<AmountRow>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs" data-testid={testId}>
      {label && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      {value.map((row, index) => (
        // Rows have no identity but their place; a removed row's followers move up with their values.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            aria-label={t('amounts.currency')}
            placeholder={t('amounts.currency')}
            data={[...new Set([...codes, ...(row.currency ? [row.currency] : [])])]}
            value={row.currency}
            onChange={(currency) => set(index, { currency })}
            searchable
            disabled={disabled}
            w={110}
            error={errorOf?.(index, 'currency')}
            data-testid={`${testId}-currency-${index}`}
          />
          <DecimalField
            aria-label={t('amounts.amount')}
            placeholder={t('amounts.amount')}
            value={row.amount}
            onChange={(amount) => set(index, { amount })}
            disabled={disabled}
            style={{ flex: 1 }}
            error={errorOf?.(index, 'amount')}
            data-testid={`${testId}-amount-${index}`}
          />
          {!disabled && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('amounts.remove')}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!disabled && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { currency: null, amount: null }])}
            data-testid={`${testId}-add`}
          >
            {t('amounts.add')}
          </Button>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The amounts as one line: "2 500,00 € · 10 000,00 ₽". */
export function AmountsText({ amounts }: { amounts: readonly Money[] | null | undefined }) {
  const { i18n } = useTranslation();
  if (!amounts?.length) return null;
  return <>{amounts.map((m) => formatMoney(m.amount, m.currency, i18n.language)).join(' · ')}</>;
}

/** The templates' generated form: their amounts edited by the same editor. */
export function AmountsWidget({ value, onChange, label, disabled, error }: FieldWidgetProps) {
  const rows = ((value as Money[] | null) ?? []).map((m) => ({ ...m }) as AmountRow);
  return (
    <AmountsEditor
      value={rows}
      onChange={(next) =>
        onChange(next.map((row) => ({ currency: row.currency ?? '', amount: row.amount ?? '' })))
      }
      label={label}
      disabled={disabled}
      error={error}
      testId="template-amounts"
    />
  );
}
