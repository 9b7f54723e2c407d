import { Anchor, Badge, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ContractorBill, type OpsBill, type OpsPayment, padId } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../platform/format';
import { Empty, Pager, Rows } from '../CabinetKit';
import { SubmittedBillStatus } from './JobBills';
import { OpsScreen, ops, useOpsList } from './opsKit';

const isZero = (amount: string) => Number(amount) === 0;

/**
 * The bills he sent from the portal (for a user of the jobs role), with their status: accepted ones become
 * our expense bills above once the forwarder enters them.
 */
function SubmittedBills() {
  const { t, i18n } = useTranslation('cabinets');
  const sent = useQuery({
    queryKey: ['ops', 'bills', 'submitted'],
    queryFn: () => ops.get<ContractorBill[]>('/ops/bills/submitted'),
    retry: false,
  });
  if (!sent.data?.length) return null;
  return (
    <>
      <Title order={3} size="h4">
        {t('ops.submittedBills.sent')}
      </Title>
      <Rows
        rows={sent.data}
        columns={[
          { label: t('ops.submittedBills.number'), value: (b) => b.number },
          { label: t('ops.submittedBills.date'), value: (b) => formatDate(b.date) },
          {
            label: t('ops.jobs.item'),
            value: (b) => (
              <Anchor component={Link} to={`/ops/jobs/${b.jobId}`} size="sm">
                {padId(b.jobNumber)}
              </Anchor>
            ),
          },
          {
            label: t('ops.submittedBills.amount'),
            value: (b) => formatMoney(b.amount, b.currency, i18n.language),
          },
          {
            label: t('ops.submittedBills.status'),
            value: (b) => (
              <>
                <SubmittedBillStatus status={b.status} />
                {b.rejectReason && (
                  <Text size="xs" c="dimmed">
                    {b.rejectReason}
                  </Text>
                )}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

/** `/ops/bills`: his bills to us, what is left to pay of each and when it is due; those he sent from the portal. */
export function OpsBillsScreen() {
  const { t, i18n } = useTranslation('cabinets');
  const { list, page, setPage } = useOpsList<OpsBill>('/ops/bills');
  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);
  return (
    <OpsScreen title={t('ops.bills.title')}>
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            { label: t('ops.bills.fields.number'), value: (b) => b.number },
            { label: t('ops.bills.fields.date'), value: (b) => formatDate(b.date) },
            { label: t('ops.bills.fields.amount'), value: (b) => money(b.amount, b.currencyCode) },
            { label: t('ops.bills.fields.balance'), value: (b) => money(b.balance, b.currencyCode) },
            { label: t('ops.bills.fields.paymentDate'), value: (b) => formatDate(b.paymentDate) },
            {
              label: t('ops.bills.state'),
              value: (b) =>
                isZero(b.balance) ? (
                  <Badge color="green" variant="light" style={{ overflow: 'visible' }}>
                    {t('ops.bills.paid')}
                  </Badge>
                ) : b.balance !== b.amount ? (
                  <Badge color="blue" variant="light" style={{ overflow: 'visible' }}>
                    {t('ops.bills.partlyPaid')}
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light" style={{ overflow: 'visible' }}>
                    {t('ops.bills.unpaid')}
                  </Badge>
                ),
            },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      <SubmittedBills />
    </OpsScreen>
  );
}

/** `/ops/payments`: our payments to him. */
export function OpsPaymentsScreen() {
  const { t, i18n } = useTranslation('cabinets');
  const { list, page, setPage } = useOpsList<OpsPayment>('/ops/payments');
  return (
    <OpsScreen title={t('ops.payments.title')}>
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            { label: t('ops.payments.fields.number'), value: (p) => p.number },
            { label: t('ops.payments.fields.date'), value: (p) => formatDate(p.date) },
            {
              label: t('ops.payments.fields.amount'),
              value: (p) => formatMoney(p.amount, p.currencyCode, i18n.language),
            },
            { label: t('ops.payments.fields.purpose'), value: (p) => p.purpose ?? '' },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
    </OpsScreen>
  );
}
