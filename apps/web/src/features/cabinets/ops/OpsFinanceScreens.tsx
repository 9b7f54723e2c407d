import { Badge } from '@mantine/core';
import type { OpsBill, OpsPayment } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../platform/format';
import { Empty, Pager, Rows } from '../CabinetKit';
import { OpsScreen, useOpsList } from './opsKit';

const isZero = (amount: string) => Number(amount) === 0;

/** `/ops/bills`: his bills to us, what is left to pay of each and when it is due. */
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
