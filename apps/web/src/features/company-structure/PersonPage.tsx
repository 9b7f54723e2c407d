import { Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StructurePerson } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { RECORD_LOAD } from '../../platform/resources/recordState';
import { ITEMS_PATH, PEOPLE_KEY } from './api';

/** One person's place in the structure: positions, managers and every subordinate. */
export function PersonPage() {
  const { t } = useTranslation('companyStructure');
  const { id } = useParams();
  const valid = id !== undefined && /^\d+$/.test(id);
  const person = useQuery({
    queryKey: [...PEOPLE_KEY, 'one', id],
    queryFn: ({ signal }) =>
      api.get<StructurePerson>(`/company-structure/users/${id}`, { signal, ...RECORD_LOAD }),
    enabled: valid,
    retry: false,
  });
  const back = (
    <Button
      component={Link}
      to="/company-structure/users"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
    >
      {t('people.back')}
    </Button>
  );
  // A missing person answers as every record screen does, with the way back to the people.
  const state = recordStateOf([person], !valid);
  if (state !== 'ready' || !person.data) {
    return (
      <RecordPlaceholder
        state={state}
        back="/company-structure/users"
        error={person.error}
        onRetry={() => person.refetch()}
      />
    );
  }
  const p = person.data;
  const people = (list: StructurePerson['managers']) =>
    list.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('people.none')}
      </Text>
    ) : (
      <List size="sm" spacing={4}>
        {list.map((other) => (
          <List.Item key={other.id}>
            <Anchor component={Link} to={`/company-structure/users/${other.id}`} size="sm">
              {other.name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    );
  return (
    <Stack gap="md" maw={1100} data-testid="structure-person">
      <Group justify="space-between">
        <div>
          <Title order={3}>{p.name}</Title>
          <Text size="sm" c="dimmed">
            {p.username}
            {!p.active && ` · ${t('people.inactive')}`}
          </Text>
        </div>
        {back}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md">
          <Text fw={600} size="sm" mb="xs">
            {t('people.positions')}
          </Text>
          {p.positions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('people.noPosition')}
            </Text>
          ) : (
            <Stack gap={6}>
              {p.positions.map((position) => (
                <div key={position.id}>
                  <Anchor component={Link} to={`${ITEMS_PATH}/${position.id}`} size="sm" fw={500}>
                    {position.name}
                  </Anchor>
                  {position.head && (
                    <Badge ml={6} size="xs" variant="light">
                      {t('tree.head')}
                    </Badge>
                  )}
                  {position.path.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {position.path.join(' / ')}
                    </Text>
                  )}
                </div>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Text fw={600} size="sm" mb="xs">
            {t('people.managers')}
          </Text>
          {people(p.managers)}
        </Paper>
        <Paper withBorder p="md">
          <Text fw={600} size="sm">
            {t('people.subordinates')} ({p.subordinates.length})
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('people.subordinatesHint')}
          </Text>
          {people(p.subordinates)}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
