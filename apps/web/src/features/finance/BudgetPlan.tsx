import { Alert, Button, Group, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BudgetFigure, type BudgetFigures, budgetItemResource, budgetResource } from '@tms/domain';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api } from '../../platform/api/client';
import { formatDecimal } from '../../platform/format';
import { parseDecimal } from '../../platform/format/parse';
import { translateServerMessage } from '../../platform/i18n';
import { resourceKey } from '../../platform/resources/keys';
import { notifySaved } from '../../platform/snackbar';

const MEASURES = ['plan', 'fact', 'deviation'] as const;
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** Less income or more expenses than planned. */
const worse = (direction: 'INCOME' | 'EXPENSE', deviation: string) =>
  /[1-9]/.test(deviation) && deviation.startsWith('-') === (direction === 'INCOME');

/**
 * The plan against actuals of a budget: per item and month its plan (typed in by budget keepers), the
 * fact from the ledger and the deviation, the year beside; totals for income and for expenses apart, so
 * nothing adds income to expenses. Amounts are the base currency's decimal strings, never floats.
 */
export function BudgetPlan({ budgetId, canEdit }: { budgetId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const client = useQueryClient();
  // Under the items' key: adding or changing an item refreshes the figures too.
  const key = [...resourceKey(budgetItemResource), 'figures', budgetId];
  const figures = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<BudgetFigures>(`/budgets/${budgetId}/figures`, { signal }),
  });
  const [edits, setEdits] = useState<Record<string, string>>({});
  const parsed = Object.entries(edits).map(([cell, text]) => {
    const [itemId, month] = cell.split('/') as [string, string];
    const amount = text.trim() === '' ? null : parseDecimal(text, i18n.language);
    return { cell, itemId: Number(itemId), month, amount, valid: amount === null || AMOUNT.test(amount) };
  });
  const save = useMutation({
    mutationFn: () =>
      api.put<BudgetFigures>(`/budgets/${budgetId}/plans`, {
        plans: parsed.map(({ itemId, month, amount }) => ({ itemId, month, amount })),
      }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      // The plans are part of the budget's history: its version moved, so the form reads it again.
      void client.invalidateQueries({ queryKey: resourceKey(budgetResource) });
      setEdits({});
      notifySaved(t('budgets.plan.saved'));
    },
  });
  const data = figures.data;
  if (!data) return null;
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short' }).format(new Date(`${month}-15T00:00:00Z`));
  const amount = (value: string) => formatDecimal(value, i18n.language);
  const invalid = new Set(parsed.filter((p) => !p.valid).map((p) => p.cell));

  const planCell = (itemId: number, month: string, plan: string) => {
    const cell = `${itemId}/${month}`;
    const shown = edits[cell] ?? (/[1-9]/.test(plan) ? amount(plan) : '');
    return (
      <TextInput
        size="xs"
        w={110}
        value={shown}
        error={invalid.has(cell)}
        aria-label={`${t('budgets.plan.plan')} ${month}`}
        data-testid={`plan-${itemId}-${month}`}
        onChange={(event) => setEdits({ ...edits, [cell]: event.currentTarget.value })}
      />
    );
  };
  const figureRows = (
    id: string,
    label: React.ReactNode,
    months: BudgetFigure[],
    year: BudgetFigure,
    direction: 'INCOME' | 'EXPENSE',
    itemId?: number,
  ) =>
    MEASURES.map((measure, index) => (
      <Table.Tr key={`${id}-${measure}`} data-testid={`figures-${id}-${measure}`}>
        {index === 0 && (
          <Table.Td rowSpan={3} style={{ verticalAlign: 'top' }}>
            {label}
          </Table.Td>
        )}
        <Table.Td c="dimmed">{t(`budgets.plan.${measure}`)}</Table.Td>
        {months.map((figure, m) => (
          <Table.Td
            key={data.months[m]}
            ta="right"
            c={measure === 'deviation' && worse(direction, figure.deviation) ? 'red.8' : undefined}
          >
            {measure === 'plan' && canEdit && itemId !== undefined
              ? planCell(itemId, data.months[m]!, figure.plan)
              : amount(figure[measure])}
          </Table.Td>
        ))}
        <Table.Td ta="right" fw={600} data-testid={`figures-${id}-${measure}-year`}>
          {amount(year[measure])}
        </Table.Td>
      </Table.Tr>
    ));

  return (
    <Stack gap="sm" data-testid="budget-plan">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('budgets.plan.title')}
        </Title>
        {canEdit && data.items.length > 0 && (
          <Button
            size="xs"
            disabled={parsed.length === 0 || invalid.size > 0}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="save-plans"
          >
            {t('budgets.plan.save')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('budgets.plan.note', { currency: data.baseCurrency })}
      </Text>
      {save.error && <Alert color="red">{translateServerMessage((save.error as ApiError).message)}</Alert>}
      {data.items.length === 0 ? (
        <Text size="sm">{t('budgets.plan.none')}</Text>
      ) : (
        <ScrollArea>
          <Table withTableBorder withColumnBorders striped={false} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('budgets.plan.item')}</Table.Th>
                <Table.Th />
                {data.months.map((month) => (
                  <Table.Th key={month} ta="right" tt="capitalize">
                    {monthName(month)}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{t('budgets.plan.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Fragment key={item.id}>
                  {figureRows(
                    String(item.id),
                    <Stack gap={0}>
                      <Text size="xs" fw={600}>
                        {item.code} {item.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`budgets.plan.${item.direction === 'INCOME' ? 'income' : 'expense'}`)}
                      </Text>
                    </Stack>,
                    item.months,
                    item,
                    item.direction,
                    item.id,
                  )}
                </Fragment>
              ))}
              {(['INCOME', 'EXPENSE'] as const).map((direction) => (
                <Fragment key={direction}>
                  {figureRows(
                    direction.toLowerCase(),
                    <Text size="xs" fw={700}>
                      {t(direction === 'INCOME' ? 'budgets.plan.totalIncome' : 'budgets.plan.totalExpense')}
                    </Text>,
                    data.totals[direction].months,
                    data.totals[direction],
                    direction,
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
