import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Announcement, ListResult } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../platform/api/client';
import { formatDateTime } from '../../platform/format';
import { ANNOUNCEMENTS_KEY } from './api';

const PAGE_SIZE = 40;

/** Every announcement, newest first, searchable by title (/announcements). */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'list', debounced, page],
    queryFn: ({ signal }) =>
      api.get<ListResult<Announcement>>('/announcements', {
        query: { page, itemsPerPage: PAGE_SIZE, search: debounced || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.ceil((data?.total ?? 0) / PAGE_SIZE);
  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          placeholder={t('search')}
          aria-label={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Button component={Link} to="/announcements/new" leftSection={<IconPlus size={16} />}>
          {t('new')}
        </Button>
      </Group>
      <Paper withBorder>
        {isLoading ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : data?.collection.length ? (
          <Table highlightOnHover verticalSpacing="sm" data-testid="announcement-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.title')}</Table.Th>
                <Table.Th w={220}>{t('fields.author')}</Table.Th>
                <Table.Th w={170}>{t('fields.created')}</Table.Th>
                <Table.Th w={140}>{t('fields.replies')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.collection.map((a) => (
                <Table.Tr
                  key={a.id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onClick={() => navigate(`/announcements/${a.id}`)}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(`/announcements/${a.id}`)}
                >
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={a.read ? 400 : 700}>
                        {a.title}
                      </Text>
                      {a.isImportant && (
                        <Badge color="red" variant="light" size="sm">
                          {t('important.badge')}
                        </Badge>
                      )}
                      {!a.read && (
                        <Badge variant="dot" size="sm">
                          {t('unread')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{a.author.contactName}</Table.Td>
                  <Table.Td>{formatDateTime(a.createdTimestamp)}</Table.Td>
                  <Table.Td>
                    {a.replyCount.total}
                    {a.replyCount.notRead > 0 && (
                      <Badge ml={6} size="sm" color="blue">
                        {t('newReplies', { count: a.replyCount.notRead })}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('empty')}
          </Text>
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
