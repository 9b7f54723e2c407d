import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CounterpartyCredit, Order } from '@tms/domain';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatMoney } from '../../platform/format';
import { OPERATIONS_KEY } from './api';
import { type OrderFormValues, orderCreditWarning } from './logic';

/**
 * The order form's warning about the chosen client's credit (docs/finance.md "Credit limits"): past the
 * threshold with this order, or a save the server will refuse past the limit or a prepayment balance. It
 * never blocks: the server decides, and whoever may exceed limits saves anyway. A user who may not read the
 * client's credit sees nothing.
 */
export function CreditWarning({
  control,
  record,
}: {
  control: Control<OrderFormValues>;
  record: Order | null;
}) {
  const { t, i18n } = useTranslation('operations');
  const locale = i18n.language === 'en' ? 'en-US' : 'ru-RU';
  const clientId = useWatch({ control, name: 'clientId' });
  const plannedIncome = useWatch({ control, name: 'plannedIncome' });
  const credit = useQuery({
    queryKey: [...OPERATIONS_KEY, 'client-credit', clientId],
    queryFn: ({ signal }) =>
      api.get<CounterpartyCredit>(`/counterparties/${clientId}/credit`, { signal, suppressPopup: true }),
    enabled: clientId !== null,
    retry: false,
  });
  if (clientId === null || !credit.data) return null;
  const saved = record ? { clientId: record.clientId, plannedIncome: record.plannedIncome } : null;
  const warning = orderCreditWarning(credit.data, plannedIncome, saved, clientId);
  if (!warning) return null;
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, '', locale).trim());
  const figures = {
    exposure: money(warning.exposure),
    projected: money(warning.projected),
    added: money(warning.added),
    limit: money(warning.limit),
    threshold: money(warning.threshold),
    advances: money(warning.advances),
    balance: money(warning.balance),
  };
  return (
    <Alert
      color={warning.kind === 'threshold' ? 'yellow' : 'orange'}
      variant="light"
      mt="md"
      icon={<IconAlertTriangle size={18} />}
      data-testid="credit-warning"
      data-kind={warning.kind}
    >
      {/* A heading in the text's colour: the alert's own title colour is below 4.5:1 on its background. */}
      <Text size="sm" fw={600} mb={4}>
        {t(`credit.${warning.kind}.title`)}
      </Text>
      <Text size="sm">{t(`credit.${warning.kind}.text`, figures)}</Text>
    </Alert>
  );
}
