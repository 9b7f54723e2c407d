import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Counterparty, type CounterpartyCredit, CREDIT_STATE_LABELS } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatMoney } from '../../platform/format';
import classes from './CounterpartyPage.module.css';
import { CREDIT_COLORS, creditFigures } from './logic';

/**
 * The counterparty's credit as saved: limit, threshold, what it owes now and what is left, coloured by state;
 * below, what it owes split by source (unpaid bills, open orders' planned income) and, for a prepayment
 * client (limit 0), its advances and balance (`GET /counterparties/{id}/credit`).
 */
export function CreditBlock({ record }: { record: Counterparty }) {
  const { t, i18n } = useTranslation('counterparties');
  const credit = useQuery({
    queryKey: ['counterparties', record.id, 'credit', record.version, record.creditExposure],
    queryFn: ({ signal }) =>
      api.get<CounterpartyCredit>(`/counterparties/${record.id}/credit`, { signal, suppressPopup: true }),
    retry: false,
  });
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const locale = lang === 'en' ? 'en-US' : 'ru-RU';
  const figures = creditFigures(record.creditLimit, record.creditLimitThreshold, record.creditExposure);
  const color = CREDIT_COLORS[record.creditState];
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, '', locale).trim());
  const items = [
    { key: 'limit', value: figures.limit === null ? t('credit.noLimit') : money(figures.limit) },
    { key: 'threshold', value: money(figures.threshold) },
    { key: 'exposure', value: money(figures.exposure) },
    { key: 'available', value: money(figures.available) },
  ];
  return (
    <Paper
      withBorder
      p="md"
      mb="md"
      radius="md"
      bg="var(--mantine-color-default-hover)"
      data-testid="credit-block"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={500}>
            {t('credit.title')}
          </Text>
          <Badge
            color={color}
            variant="dot"
            tt="none"
            data-testid="credit-state"
            data-state={record.creditState}
          >
            {CREDIT_STATE_LABELS[record.creditState][lang]}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          {items.map((item) => (
            <Stack key={item.key} gap={2} data-testid={`credit-${item.key}`}>
              <Text size="xs" className={classes.muted}>
                {t(`credit.${item.key}`)}
              </Text>
              <Text size="sm" fw={500}>
                {item.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {credit.data && <CreditSplit credit={credit.data} money={money} />}
        {figures.usedPercent !== null && (
          <Progress
            value={figures.usedPercent}
            color={color}
            size="sm"
            aria-label={t('credit.used', { percent: Math.round(figures.usedPercent) })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** What the exposure is made of, by source, and a prepayment client's advances and balance. */
function CreditSplit({
  credit,
  money,
}: {
  credit: CounterpartyCredit;
  money: (amount: string | null) => string;
}) {
  const { t } = useTranslation('counterparties');
  const items = [
    ...Object.entries(credit.sources).map(([source, amount]) => ({
      key: `source-${source}`,
      label: t(`credit.sources.${source}`, { defaultValue: source }),
      value: money(amount),
    })),
    ...(credit.balance === null
      ? []
      : [
          { key: 'advances', label: t('credit.advances'), value: money(credit.advances) },
          { key: 'balance', label: t('credit.balance'), value: money(credit.balance) },
        ]),
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="credit-split">
      {items.map((item) => (
        <Stack key={item.key} gap={2} data-testid={`credit-${item.key}`}>
          <Text size="xs" className={classes.muted}>
            {item.label}
          </Text>
          <Text size="sm">{item.value}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
