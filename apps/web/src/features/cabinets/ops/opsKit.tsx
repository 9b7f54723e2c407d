import { Group, Select, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CabinetScreen, useCabinetList } from '../CabinetKit';
import { CABINET_CLIENTS } from '../cabinetApi';

/** The contractor portal's calls: the cabinets' client for its kind. */
export const ops = CABINET_CLIENTS.contractor;

export const useOpsList = <T,>(path: string, filters: Record<string, string | null> = {}) =>
  useCabinetList<T>(ops, path, filters);

/** A screen of the portal: its title, after which the window names the portal. */
export function OpsScreen({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('cabinets');
  return (
    <CabinetScreen cabinet={t('kinds.contractor.name')} title={title} action={action}>
      {children}
    </CabinetScreen>
  );
}

/** Today in the user's calendar (the cabinets' one), for the portal's screens. */
export { today } from '../CabinetKit';

/** The currencies a contractor prices and bills in most often; the server checks the code. */
export const CURRENCIES = ['RUB', 'USD', 'EUR', 'CNY', 'KZT', 'BYN', 'TRY', 'AED'];

/**
 * An amount and its currency side by side, their tops aligned so that an error under one leaves the other in
 * place; `labelled` false names them for screen readers only (the rows under a first one); `children` go
 * after them (a row's remove button).
 */
export function PriceRow({
  label,
  labelled = true,
  amount,
  currency,
  onCurrencyChange,
  errors,
  children,
}: {
  label: string;
  labelled?: boolean;
  amount: TextInputProps & { 'data-testid'?: string; 'data-autofocus'?: boolean };
  currency: string | null;
  onCurrencyChange: (currency: string | null) => void;
  errors: { amount?: ReactNode; currency?: ReactNode };
  children?: ReactNode;
}) {
  const { t } = useTranslation('cabinets');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        {...amount}
        label={labelled ? label : undefined}
        aria-label={label}
        inputMode="decimal"
        required
        style={{ flex: 1 }}
        error={errors.amount}
      />
      <Select
        label={labelled ? t('ops.offers.currency') : undefined}
        aria-label={t('ops.offers.currency')}
        w={100}
        required
        allowDeselect={false}
        value={currency}
        onChange={onCurrencyChange}
        data={CURRENCIES}
        error={errors.currency}
      />
      {children}
    </Group>
  );
}
