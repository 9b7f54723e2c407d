import { Badge, Button, Text } from '@mantine/core';
import { IconCopy, IconFileDescription, IconFiles, IconRoute, IconTruckDelivery } from '@tabler/icons-react';
import type { Order, OrderCreate } from '@tms/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, type Row } from '../../platform/resources/logic';
import { RecordPlaceholder } from '../../platform/resources/RecordPage';
import { useResourceTexts } from '../../platform/resources/texts';
import { FilesBlock } from './FilesBlock';
import { JobsBlock } from './JobsBlock';
import { type OrderFormValues, orderFormValuesOf } from './logic';
import { OrderForm } from './OrderForm';
import { ArchiveActions, ChangedElsewhereAlert, useOperationPage } from './operationPage';
import { PropertyView } from './PropertyView';
import { StatusMenus } from './StatusMenus';

/**
 * The order page: `/tms/orders/new`, a copy at `/tms/orders/copy/{sourceId}` (the server's copy body as
 * the starting values) and `/tms/orders/{id}` with the blocks main, route and jobs, its statuses, archive
 * and copy.
 */
export function OrderPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('operations');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const { sourceId } = useParams();
  const [, setParams] = useSearchParams();
  const valuesOf = useCallback(
    (source: Order | OrderCreate | null) =>
      source ? orderFormValuesOf(source) : orderFormValuesOf(null, { forwarderId: system.user.id }),
    [system.user.id],
  );
  const page = useOperationPage<Order, OrderFormValues, OrderCreate>({
    descriptor,
    starting: { key: 'order-copy', param: sourceId, url: (id) => `/tms/orders/copy/${id}` },
    valuesOf,
  });
  const { current, base, form } = page;
  if (page.placeholder) {
    return <RecordPlaceholder notFound={page.notFound} texts={texts} path={descriptor.path} />;
  }
  const access = accessOf(descriptor, system.roles);
  const showRoute = () => setParams({ tab: 'route' }, { replace: true });

  const formOf = (part: 'all' | 'main' | 'route') => (
    <OrderForm
      descriptor={descriptor}
      texts={texts}
      record={base}
      form={form}
      part={part}
      reload={page.reload}
      onRouteErrors={showRoute}
    />
  );

  const blocks = current
    ? [
        {
          value: 'main',
          label: t('blocks.main'),
          icon: <IconFileDescription size={14} />,
          testId: 'tab-main',
          content: formOf('main'),
        },
        {
          value: 'route',
          label: t('blocks.route'),
          icon: <IconRoute size={14} />,
          testId: 'tab-route',
          content: formOf('route'),
        },
        {
          value: 'jobs',
          label: t('blocks.jobs'),
          icon: <IconTruckDelivery size={14} />,
          testId: 'tab-jobs',
          content: <JobsBlock order={current} />,
        },
        {
          value: 'files',
          label: t('blocks.files'),
          icon: <IconFiles size={14} />,
          testId: 'tab-files',
          content: <FilesBlock path="/tms/orders" operation={current} />,
        },
      ]
    : [{ value: 'main', label: t('blocks.main'), content: formOf('all') }];

  const badges = current && (
    <>
      {current.archived && (
        <Badge variant="filled" color="gray.7" tt="none" data-testid="archived-badge">
          {t('badges.archived')}
        </Badge>
      )}
      {current.failure && (
        <Badge variant="filled" color="red.9" tt="none">
          {t('badges.failure')}
        </Badge>
      )}
      {current.damaged && (
        <Badge variant="outline" color="red.9" tt="none">
          {t('badges.damaged')}
        </Badge>
      )}
      {current.inWarehouse && (
        <Badge variant="outline" color="grape.8" tt="none">
          {t('badges.inWarehouse')}
        </Badge>
      )}
    </>
  );
  const actions = current && (
    <>
      {access.create && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconCopy size={16} />}
          component={Link}
          to={`/tms/orders/copy/${current.id}`}
          data-testid="order-copy"
        >
          {t('actions.copy')}
        </Button>
      )}
      <ArchiveActions descriptor={descriptor} current={current} fetching={page.record.isFetching} />
    </>
  );

  return (
    <PropertyView
      type="order"
      descriptor={descriptor}
      texts={texts}
      record={current as Row | null}
      title={
        current ? (
          <>
            {t('orders.item')} <span data-testid="order-number">{padId(current.number)}</span>
            <Text span c="dimmed" fw={400} ml="sm" inherit>
              {current.clientName}
            </Text>
          </>
        ) : sourceId ? (
          t('orders.copyOf', { number: padId(sourceId) })
        ) : (
          t('orders.new')
        )
      }
      badges={badges}
      summary={
        current && (
          <>
            <StatusMenus descriptor={descriptor} record={current} />
            {page.changedElsewhere && <ChangedElsewhereAlert onReload={page.reload} />}
          </>
        )
      }
      actions={actions}
      blocks={blocks}
    />
  );
}
