import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsLeftRight, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  BILL_DIRECTIONS,
  BILL_ROLES,
  type BillOperationType,
  billResource,
  INTERNAL_TRANSFER_PLAN_ROLES,
  INTERNAL_TRANSFER_ROLES,
  type OperationBills,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { BlockTable } from '../../platform/kit/blocks';
import { resourceKey } from '../../platform/resources/keys';
import { useReferenceLabels } from '../../platform/resources/references';

const currencyField = billResource.fields.filter((f) => f.name === 'currencyId');

/**
 * The bills of an order or a job (its property view's bills block): each opens its bill; above them the
 * operation's income, expense and profit in the base currency, read from the ledger; the way to a new
 * bill of the operation and, for an order, to an internal transfer of it and to its transfer plan. A locked operation (archived,
 * accepted by finance) takes no new bills.
 */
export default function BillsBlock({
  operation,
  id,
  locked,
}: {
  operation: BillOperationType;
  id: number;
  locked: boolean;
}) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const system = useSystemData();
  const bills = useQuery({
    queryKey: [...resourceKey(billResource), 'of-operation', operation, id],
    queryFn: ({ signal }) =>
      api.get<OperationBills>(`/finances/bills/of-operation/${id}`, { query: { operation }, signal }),
  });
  const rows = bills.data?.bills ?? [];
  const label = useReferenceLabels(currencyField, rows);
  const [currency] = currencyField;
  const canCreate = hasRole(system, BILL_ROLES.create);
  const canTransfer = operation === 'order' && hasRole(system, INTERNAL_TRANSFER_ROLES.create);
  const canPlan = operation === 'order' && hasRole(system, INTERNAL_TRANSFER_PLAN_ROLES);
  const base = bills.data?.baseCurrency ?? '';
  const language = i18n.language.startsWith('en') ? 'en' : 'ru';
  const money = (amount: string | undefined) => formatMoney(amount ?? '0', base, i18n.language);
  const newBill = (direction: 'INCOME' | 'EXPENSE') =>
    `/finances/bills/from-operation/${id}?operation=${operation}&direction=${direction}`;
  return (
    <Stack gap="md" data-testid="operation-bills">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('block.title')}
        </Title>
        <Group gap="xs">
          {canPlan && (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconListCheck size={16} />}
              component={Link}
              to={`/finances/internal-transfers/from-transfer-plan/${id}`}
              data-testid="order-transfer-plan"
            >
              {t('internalTransfers.plan.open')}
            </Button>
          )}
          {canTransfer && (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconArrowsLeftRight size={16} />}
              component={Link}
              to={`/finances/internal-transfers/from-order/${id}`}
              data-testid="order-internal-transfer"
            >
              {t('internalTransfers.newFromOrder')}
            </Button>
          )}
          {canCreate && !locked && (
            <>
              <Button
                size="sm"
                leftSection={<IconPlus size={16} />}
                component={Link}
                to={newBill('INCOME')}
                data-testid="bills-new-income"
              >
                {t('block.newIncome')}
              </Button>
              <Button
                size="sm"
                variant="default"
                leftSection={<IconPlus size={16} />}
                component={Link}
                to={newBill('EXPENSE')}
                data-testid="bills-new-expense"
              >
                {t('block.newExpense')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {bills.data && (
        <Group gap="xl" data-testid="operation-result">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('block.income')}
            </Text>
            <Text fw={500}>{money(bills.data.income)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('block.expense')}
            </Text>
            <Text fw={500}>{money(bills.data.expense)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('block.profit')}
            </Text>
            <Text fw={700} data-testid="operation-profit">
              {money(bills.data.profit)}
            </Text>
          </Stack>
          {bills.data.disbursements !== '0.00' && (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('block.disbursements')}
              </Text>
              <Text fw={500}>{money(bills.data.disbursements)}</Text>
            </Stack>
          )}
        </Group>
      )}
      {bills.data && (
        <Text size="xs" c="dimmed">
          {t('block.resultNote', { currency: base })} {t('block.hidden')}
        </Text>
      )}
      <BlockTable
        rows={rows}
        loading={bills.isLoading}
        none={t('block.none')}
        minWidth={640}
        highlightOnHover
        verticalSpacing="sm"
        head={
          <>
            <Table.Th>{t('bills.fields.number')}</Table.Th>
            <Table.Th>{t('bills.fields.direction')}</Table.Th>
            <Table.Th>{t('bills.fields.counterpartyId')}</Table.Th>
            <Table.Th>{t('bills.fields.recognitionDate')}</Table.Th>
            <Table.Th ta="right">{t('bills.fields.amount')}</Table.Th>
            <Table.Th ta="right">{t('bills.fields.amountInBase')}</Table.Th>
          </>
        }
      >
        {(bill) => (
          <Table.Tr key={bill.id} data-testid="operation-bill-row">
            <Table.Td>
              <Anchor component={Link} to={`/finances/bills/${bill.id}`} size="sm" fw={500}>
                {bill.number}
              </Anchor>
              {bill.disbursement && (
                <Badge ml="xs" size="xs" variant="outline" color="gray" tt="none">
                  {t('bills.fields.disbursement')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{BILL_DIRECTIONS[bill.direction][language]}</Table.Td>
            <Table.Td>{bill.counterpartyName}</Table.Td>
            <Table.Td>{formatDate(bill.recognitionDate)}</Table.Td>
            <Table.Td ta="right">
              {currency
                ? formatMoney(bill.amount, label(currency, bill.currencyId), i18n.language)
                : bill.amount}
            </Table.Td>
            <Table.Td ta="right">{money(bill.amountInBase)}</Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
    </Stack>
  );
}
