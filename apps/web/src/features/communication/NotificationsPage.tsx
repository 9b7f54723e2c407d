import { Center, Group, Loader, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult, Notification } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { formatDateTime } from '../../platform/format';
import { NotificationContent } from './NotificationContent';

const PAGE_SIZE = 40;

/** Every notification of the user, newest first (/notifications). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading } = useQuery({
    queryKey: ['notifications', 'history', page],
    queryFn: ({ signal }) =>
      api.get<ListResult<Notification>>('/notifications', {
        query: { page, itemsPerPage: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  const pages = Math.ceil((data?.total ?? 0) / PAGE_SIZE);
  return (
    <Stack>
      <Paper withBorder>
        {data?.collection.length ? (
          <Table verticalSpacing="sm" data-testid="notification-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{t('history.created')}</Table.Th>
                <Table.Th w={260}>{t('history.type')}</Table.Th>
                <Table.Th>{t('history.content')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.collection.map((n) => (
                <Table.Tr key={n.id} fw={n.read ? undefined : 600}>
                  <Table.Td>{formatDateTime(n.createdTimestamp)}</Table.Td>
                  <Table.Td>{t(`types.${n.type}.title`, { defaultValue: n.type })}</Table.Td>
                  <Table.Td>
                    <NotificationContent notification={n} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('history.empty')}
          </Text>
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page}
            onChange={(next) =>
              setParams((p) => {
                p.set('page', String(next));
                return p;
              })
            }
          />
        </Group>
      )}
    </Stack>
  );
}
