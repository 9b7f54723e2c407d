import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  accountsReceivableReport,
  cashByPaymentFormReport,
  decimalAdd,
  decimalCompare,
  decimalSubtract,
  formatMoney,
  type Permission,
  planFactReport,
  type ReportAnswer,
  type ReportRow,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { Block } from './Block';

const OVERDUE = ['b1', 'b2', 'b3', 'bOver'] as const;
const BUCKETS = '30,60,90';

/** The local calendar day, `YYYY-MM-DD`. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A report's answer as its screen reads it (`/api/reports/{key}`), when the user may read it. */
function useReport(
  report: { key: string; permission: string },
  query: Record<string, string>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['report', report.key, query, 'dashboard'],
    queryFn: ({ signal }) =>
      api.get<ReportAnswer>(`/reports/${report.key}`, { query, signal, suppressPopup: true }),
    enabled,
    staleTime: 60_000,
  });
}

/** The totals rows of a report that hold one currency each (not the base-currency line). */
const currencyTotals = (answer: ReportAnswer | undefined): ReportRow[] =>
  (answer?.totals ?? []).filter((row) => row.key !== 'total:base' && typeof row.cells.currency === 'string');

const money = (row: ReportRow, key: string) => String(row.cells[key] ?? '0');

/**
 * What a finance user acts on, on the start page: receivables overdue by ageing bucket, cash per payment
 * form, and this month's gross profit against the budget; each read from its report (the same figures and
 * permissions) and linking to it. A block shows only to whoever may read its report.
 */
export function FinanceFigures() {
  const { t, i18n } = useTranslation(['dashboard', 'reports']);
  const system = useSystemData();
  const may = (permission: Permission) => hasRole(system, permission);
  const day = today();
  const [year, month] = day.split('-') as [string, string];
  const receivable = useReport(
    accountsReceivableReport,
    { asOf: day, buckets: BUCKETS },
    may(accountsReceivableReport.permission),
  );
  const cash = useReport(
    cashByPaymentFormReport,
    { from: `${year}-${month}-01`, to: day },
    may(cashByPaymentFormReport.permission),
  );
  const planQuery = { year, month: String(Number(month)) };
  const income = useReport(
    planFactReport,
    { ...planQuery, direction: 'INCOME' },
    may(planFactReport.permission),
  );
  const expense = useReport(
    planFactReport,
    { ...planQuery, direction: 'EXPENSE' },
    may(planFactReport.permission),
  );
  const lang = i18n.language;
  const shown = [receivable, cash, income].some((query) => query.data);
  if (!shown) return null;

  const overdue = currencyTotals(receivable.data).filter(
    (row) =>
      decimalCompare(
        OVERDUE.reduce((s, key) => decimalAdd(s, money(row, key)), '0'),
        '0',
      ) !== 0,
  );
  const planOf = (answer: ReportAnswer | undefined, key: 'plan' | 'fact') =>
    String(answer?.totals[0]?.cells[key] ?? '0');
  const base = income.data?.baseCurrency ?? 'RUB';
  const grossPlan = decimalSubtract(planOf(income.data, 'plan'), planOf(expense.data, 'plan'));
  const grossFact = decimalSubtract(planOf(income.data, 'fact'), planOf(expense.data, 'fact'));

  return (
    <Stack gap="sm" data-testid="finance-dashboard">
      <Title order={3} size="h5" c="dimmed" tt="uppercase" fw={600}>
        {t('dashboard:finance.heading')}
      </Title>
      {receivable.data && (
        <Block
          title={t('dashboard:finance.overdue')}
          to={`${accountsReceivableReport.path}?asOf=${day}&buckets=${BUCKETS}&overdueOnly=true`}
          open={t('dashboard:finance.openReport')}
          testId="finance-overdue"
        >
          {overdue.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('dashboard:finance.noOverdue')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th ta="right">1–30</Table.Th>
                    <Table.Th ta="right">31–90</Table.Th>
                    <Table.Th ta="right">{t('dashboard:finance.over90')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overdue.map((row) => {
                    const currency = String(row.cells.currency);
                    return (
                      <Table.Tr key={row.key}>
                        <Table.Td fw={500}>{currency}</Table.Td>
                        <Table.Td ta="right">{formatMoney(money(row, 'b1'), currency, lang)}</Table.Td>
                        <Table.Td ta="right">
                          {formatMoney(decimalAdd(money(row, 'b2'), money(row, 'b3')), currency, lang)}
                        </Table.Td>
                        <Table.Td
                          ta="right"
                          c={decimalCompare(money(row, 'bOver'), '0') > 0 ? 'red.9' : undefined}
                        >
                          {formatMoney(money(row, 'bOver'), currency, lang)}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Block>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {cash.data && (
          <Block
            title={t('dashboard:finance.cash')}
            to={cashByPaymentFormReport.path}
            open={t('dashboard:finance.openReport')}
            testId="finance-cash"
          >
            <Stack gap={4}>
              {currencyTotals(cash.data).map((row) => (
                <Group key={row.key} justify="space-between">
                  <Text size="sm" c="dimmed">
                    {String(row.cells.currency)}
                  </Text>
                  <Text size="sm" fw={600}>
                    {formatMoney(money(row, 'closing'), String(row.cells.currency), lang)}
                  </Text>
                </Group>
              ))}
              <Text size="xs" c="dimmed">
                {t('dashboard:finance.cashHint')}
              </Text>
            </Stack>
          </Block>
        )}
        {income.data && expense.data && (
          <Block
            title={t('dashboard:finance.grossProfit')}
            to={`${planFactReport.path}?year=${year}&month=${Number(month)}`}
            open={t('dashboard:finance.openReport')}
            testId="finance-gross-profit"
          >
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('dashboard:finance.fact')}
                </Text>
                <Text size="lg" fw={700} data-testid="finance-gross-fact">
                  {formatMoney(grossFact, base, lang)}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('dashboard:finance.plan')}
                </Text>
                <Text size="sm" fw={600}>
                  {formatMoney(grossPlan, base, lang)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('dashboard:finance.grossHint')}
              </Text>
            </Stack>
          </Block>
        )}
      </SimpleGrid>
    </Stack>
  );
}
