import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Counterparty, CREDIT_STATE_LABELS } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../platform/format';
import classes from './CounterpartyPage.module.css';
import { CREDIT_COLORS, creditFigures } from './logic';

/** The counterparty's credit as saved: limit, threshold, what it owes now and what is left, coloured by state. */
export function CreditBlock({ record }: { record: Counterparty }) {
  const { t, i18n } = useTranslation('counterparties');
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
