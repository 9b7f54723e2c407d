import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_DIRECTIONS, PAYMENT_ROLES, paymentResource } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { BlockTable } from '../../platform/kit/blocks';
import { resourceKey } from '../../platform/resources/keys';

interface BillPayment {
  id: number;
  number: string;
  date: string;
  direction: keyof typeof PAYMENT_DIRECTIONS;
  amount: string;
  linked: string;
}

/**
 * A bill's payments tab: its balance (amount − payments, as the database holds it), the payments paying it
 * that the user reads with the part of each, and the way to a new payment of its open balance.
 */
export default function BillPayments({ bill }: { bill: { id: number; amount: string; balance: string } }) {
  const { t, i18n } = useTranslation('finance');
  const system = useSystemData();
  const language = i18n.language.startsWith('en') ? 'en' : 'ru';
  const payments = useQuery({
    queryKey: [...resourceKey(paymentResource), 'of-bill', bill.id],
    queryFn: ({ signal }) => api.get<BillPayment[]>(`/finances/bills/${bill.id}/payments`, { signal }),
    enabled: hasRole(system, PAYMENT_ROLES.view),
  });
  const open = bill.balance !== '0.00';
  return (
    <Stack gap="md" data-testid="bill-payments">
      <Group justify="space-between">
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('bills.fields.amount')}
            </Text>
            <Text fw={500}>{formatMoney(bill.amount, '', i18n.language)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('bills.fields.balance')}
            </Text>
            <Text fw={700} data-testid="bill-balance">
              {formatMoney(bill.balance, '', i18n.language)}
            </Text>
          </Stack>
        </Group>
        {open && hasRole(system, PAYMENT_ROLES.create) && (
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            component={Link}
            to={`/finances/payments/new/by-bill/${bill.id}`}
            data-testid="bill-pay"
          >
            {t('payments.payBill')}
          </Button>
        )}
      </Group>
      <BlockTable
        rows={payments.data ?? []}
        loading={payments.isPending}
        none={t('payments.noneOfBill')}
        head={
          <>
            <Table.Th>{t('payments.fields.number')}</Table.Th>
            <Table.Th>{t('payments.fields.date')}</Table.Th>
            <Table.Th>{t('payments.fields.direction')}</Table.Th>
            <Table.Th>{t('payments.fields.amount')}</Table.Th>
            <Table.Th>{t('payments.linkAmount')}</Table.Th>
          </>
        }
      >
        {(row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor component={Link} to={`/finances/payments/${row.id}`}>
                {row.number}
              </Anchor>
            </Table.Td>
            <Table.Td>{formatDate(row.date)}</Table.Td>
            <Table.Td>
              <Badge variant="light">{PAYMENT_DIRECTIONS[row.direction][language]}</Badge>
            </Table.Td>
            <Table.Td>{formatMoney(row.amount, '', i18n.language)}</Table.Td>
            <Table.Td>{formatMoney(row.linked, '', i18n.language)}</Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
    </Stack>
  );
}
