import {
  Anchor,
  Badge,
  Center,
  Checkbox,
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
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult, StructurePerson } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { PEOPLE_KEY } from './api';

const PER_PAGE = 25;

/** Names of people, cut after a few with the count of the rest. */
export function Names({ people, max = 3 }: { people: StructurePerson['managers']; max?: number }) {
  const { t } = useTranslation('companyStructure');
  if (people.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('people.none')}
      </Text>
    );
  const shown = people
    .slice(0, max)
    .map((p) => p.name)
    .join(', ');
  return (
    <Text size="sm">
      {shown}
      {people.length > max && (
        <Text span c="dimmed" size="sm">
          {' '}
          {t('people.more', { count: people.length - max })}
        </Text>
      )}
    </Text>
  );
}

/**
 * The people of the company with their place in the structure (`/company-structure/users`): positions,
 * managers and everyone under them; searched and paged on the server.
 */
export function PeoplePage() {
  const { t } = useTranslation('companyStructure');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [unplaced, setUnplaced] = useState(false);
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(PER_PAGE) });
  if (debounced.trim()) query.set('search', debounced.trim());
  if (unplaced) query.set('unplaced', 'true');
  const people = useQuery({
    queryKey: [...PEOPLE_KEY, query.toString()],
    queryFn: ({ signal }) =>
      api.get<ListResult<StructurePerson>>(`/company-structure/users?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((people.data?.total ?? 0) / PER_PAGE));
  return (
    <Stack gap="md" maw={1200} data-testid="structure-people">
      <Group gap="md">
        <TextInput
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          placeholder={t('people.search')}
          aria-label={t('people.search')}
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', sm: 320 }}
        />
        <Checkbox
          label={t('people.unplaced')}
          checked={unplaced}
          onChange={(e) => {
            setUnplaced(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <Paper withBorder>
        {!people.data ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : people.data.collection.length === 0 ? (
          <Text p="md" size="sm" c="dimmed">
            {t('people.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('people.name')}</Table.Th>
                  <Table.Th>{t('people.positions')}</Table.Th>
                  <Table.Th>{t('people.managers')}</Table.Th>
                  <Table.Th>{t('people.subordinates')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {people.data.collection.map((person) => (
                  <Table.Tr key={person.id} data-testid={`person-${person.id}`}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/company-structure/users/${person.id}`}
                        size="sm"
                        fw={500}
                      >
                        {person.name}
                      </Anchor>
                      {!person.active && (
                        <Badge ml={6} size="xs" color="gray" variant="light">
                          {t('people.inactive')}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {person.username}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {person.positions.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('people.noPosition')}
                        </Text>
                      ) : (
                        person.positions.map((p) => (
                          <Text size="sm" key={p.id}>
                            {p.name}
                            {p.path.length > 0 && (
                              <Text span size="xs" c="dimmed">
                                {' · '}
                                {p.path.join(' / ')}
                              </Text>
                            )}
                          </Text>
                        ))
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Names people={person.managers} />
                    </Table.Td>
                    <Table.Td>
                      <Names people={person.subordinates} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}
