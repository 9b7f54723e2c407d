import { Badge, Button, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconFileDescription,
  IconRoute,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Order, type OrderCreate, ROLE_ORDER_ARCHIVE } from '@tms/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import { hasRole, useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, type Row } from '../../platform/resources/logic';
import { RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { notifySaved } from '../../platform/snackbar';
import { ArchiveInfo } from './ArchiveInfo';
import { OPERATIONS_KEY } from './api';
import { JobsBlock } from './JobsBlock';
import { type OrderFormValues, orderFormValuesOf } from './logic';
import { OrderForm } from './OrderForm';
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
  const client = useQueryClient();
  const { sourceId } = useParams();
  const [, setParams] = useSearchParams();
  const { id, record } = useRecord<Order>(descriptor);
  const copy = useQuery({
    queryKey: [...OPERATIONS_KEY, 'order-copy', sourceId],
    queryFn: ({ signal }) => api.get<OrderCreate>(`/tms/orders/copy/${sourceId}`, { signal }),
    enabled: sourceId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const current = record.data ?? null;
  const form = useForm<OrderFormValues>({
    defaultValues: orderFormValuesOf(null, { forwarderId: system.user.id }),
  });
  const { reset } = form;
  // The form follows the saved order (each new version) or the copy's body once loaded.
  useEffect(() => {
    if (current) reset(orderFormValuesOf(current));
  }, [current, reset]);
  useEffect(() => {
    if (copy.data) reset(orderFormValuesOf(copy.data));
  }, [copy.data, reset]);

  const archive = useMutation({
    mutationFn: (action: 'archive' | 'unarchive') =>
      api.post<Order>(`${descriptor.path}/${current?.id}/${action}`, { version: current?.version }),
    onSuccess: async (saved, action) => {
      notifySaved(t(action === 'archive' ? 'archive.done' : 'archive.undone'));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
        client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
      ]);
    },
  });

  const notFound =
    Number.isNaN(id) ||
    (record.error as ApiError | null)?.status === 404 ||
    (copy.error as ApiError | null)?.status === 404;
  if (notFound || (id !== null && !current) || (sourceId !== undefined && !copy.data)) {
    return <RecordPlaceholder notFound={notFound} texts={texts} path={descriptor.path} />;
  }
  const access = accessOf(descriptor, system.roles);
  const reload = () => record.refetch();
  const showRoute = () => setParams({ tab: 'route' }, { replace: true });

  const formOf = (part: 'all' | 'main' | 'route') => (
    <OrderForm
      descriptor={descriptor}
      texts={texts}
      record={current}
      form={form}
      part={part}
      reload={reload}
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
  const canArchive = hasRole(system, ROLE_ORDER_ARCHIVE);
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
      {!current.archived && <ArchiveInfo path="/tms/orders" id={current.id} version={current.version} />}
      {canArchive && (
        <Button
          variant="default"
          size="sm"
          leftSection={current.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          loading={archive.isPending}
          // The version sent must be the saved one: wait while a changed record (e.g. by a job's stage) reloads.
          disabled={record.isFetching}
          onClick={() => archive.mutate(current.archived ? 'unarchive' : 'archive')}
          data-testid={current.archived ? 'order-unarchive' : 'order-archive'}
        >
          {t(current.archived ? 'actions.unarchive' : 'actions.archive')}
        </Button>
      )}
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
      summary={current && <StatusMenus descriptor={descriptor} record={current} />}
      actions={actions}
      blocks={blocks}
    />
  );
}
