import {
  Anchor,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarDue, IconCoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type DashboardFigure, listLinkHref, OPERATION_ROLES, type OperationsDashboard } from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId, timeAgo } from '../../platform/format';
import classes from './DashboardPage.module.css';

function Figure({
  figure,
  label,
  icon,
  testId,
}: {
  figure: DashboardFigure;
  label: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <UnstyledButton
      component={Link}
      to={listLinkHref(figure.link)}
      className={classes.link}
      data-testid={testId}
    >
      <Card padding="md" className={classes.card}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fz={28} fw={700} lh={1.1} data-testid={`${testId}-count`}>
              {figure.count}
            </Text>
          </Stack>
          {icon}
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/**
 * What a forwarder needs each morning (`GET /api/tms/dashboard`): their open orders by finance control
 * status, stages due today and overdue, orders awaiting finance control and the recently changed orders;
 * each figure opens its list filtered exactly as counted.
 */
export function OperationsFigures() {
  const { t, i18n } = useTranslation('operations');
  const system = useSystemData();
  const seesOrders = OPERATION_ROLES.order.view.some((role) => hasRole(system, role));
  const figures = useQuery({
    queryKey: ['operations', 'dashboard'],
    queryFn: ({ signal }) => api.get<OperationsDashboard>('/tms/dashboard', { signal }),
    enabled: seesOrders,
  });
  const data = figures.data;
  if (!seesOrders || !data) return null;
  return (
    <Stack gap="sm" data-testid="operations-dashboard">
      <Title order={3} size="h5" c="dimmed" tt="uppercase" fw={600}>
        {t('dashboard.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Figure
          figure={data.stagesDueToday}
          label={t('dashboard.stagesDueToday')}
          icon={<IconCalendarDue size={22} color="var(--mantine-color-blue-7)" aria-hidden />}
          testId="figure-stages-today"
        />
        <Figure
          figure={data.stagesOverdue}
          label={t('dashboard.stagesOverdue')}
          icon={<IconAlertTriangle size={22} color="var(--mantine-color-red-8)" aria-hidden />}
          testId="figure-stages-overdue"
        />
        <Figure
          figure={data.ordersAwaitingFinanceControl}
          label={t('dashboard.ordersAwaitingFinanceControl')}
          icon={<IconCoin size={22} color="var(--mantine-color-teal-8)" aria-hidden />}
          testId="figure-awaiting-finance"
        />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Text fw={600} size="sm">
          {t('dashboard.myOpenOrdersByStatus')}{' '}
          <Text span c="dimmed" size="sm" fw={400}>
            {t('dashboard.byStatus')}
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mt="sm">
          {data.myOpenOrdersByStatus.map((figure) => (
            <Anchor
              key={figure.status}
              component={Link}
              to={listLinkHref(figure.link)}
              underline="never"
              data-testid={`figure-my-${figure.status}`}
            >
              <Text size="xs" c="dimmed">
                {t(`statuses.financeControl.values.${figure.status}`)}
              </Text>
              <Text fz={22} fw={700} c="var(--mantine-color-text)">
                {figure.count}
              </Text>
            </Anchor>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            {t('dashboard.recentlyChangedOrders')}
          </Text>
          <Anchor component={Link} to={listLinkHref(data.recentlyChangedOrders.link)} size="sm">
            {t('dashboard.openList')}
          </Anchor>
        </Group>
        {data.recentlyChangedOrders.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('dashboard.recentEmpty')}
          </Text>
        ) : (
          <Table verticalSpacing={6} data-testid="recent-orders">
            <Table.Tbody>
              {data.recentlyChangedOrders.items.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td w={90}>
                    <Anchor component={Link} to={`/tms/orders/${order.id}`} size="sm" fw={500}>
                      {padId(order.number)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{order.clientName}</Table.Td>
                  <Table.Td>{t(`statuses.financeControl.values.${order.financeControlStatus}`)}</Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {timeAgo(order.updatedAt, i18n.language === 'en' ? 'en-US' : 'ru-RU')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
