import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LockedMonth } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatDateTime } from '../../platform/format';
import { notifySaved } from '../../platform/snackbar';

const KEY = ['finance', 'period-locks'];

/**
 * Period locks (`/finances/period-locks`): the months of a year, each locked or open, and the action that
 * turns it. A locked month takes no postings (the database refuses them) unless the user may ignore it.
 */
export function PeriodLocks({ initialYear = new Date().getFullYear() }: { initialYear?: number }) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const client = useQueryClient();
  const [year, setYear] = useState(initialYear);
  const locks = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<LockedMonth[]>('/finances/period-locks', { signal }),
  });
  const change = useMutation({
    mutationFn: ({ month, lock }: { month: string; lock: boolean }) =>
      lock
        ? api.put<LockedMonth[]>(`/finances/period-locks/${month}`)
        : api.delete<LockedMonth[]>(`/finances/period-locks/${month}`),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      notifySaved(String(t('common:saved')));
    },
  });
  const byMonth = new Map((locks.data ?? []).map((lock) => [lock.month.slice(0, 7), lock]));
  const monthName = (index: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(Date.UTC(year, index, 15)));
  return (
    <Stack gap="md" maw={900}>
      <Title order={2} size="h3">
        {t('locks.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('locks.intro')}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          aria-label={String(year - 1)}
          onClick={() => setYear(year - 1)}
          leftSection={<IconChevronLeft size={14} />}
        >
          {year - 1}
        </Button>
        <Text fw={600} aria-live="polite" data-testid="locks-year">
          {t('locks.year')} {year}
        </Text>
        <Button
          variant="default"
          size="xs"
          aria-label={String(year + 1)}
          onClick={() => setYear(year + 1)}
          rightSection={<IconChevronRight size={14} />}
        >
          {year + 1}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        {Array.from({ length: 12 }, (_, index) => {
          const month = `${year}-${String(index + 1).padStart(2, '0')}`;
          const lock = byMonth.get(month);
          return (
            <Paper key={month} withBorder p="sm" radius="md" data-testid={`lock-${month}`}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={500} tt="capitalize">
                    {monthName(index)}
                  </Text>
                  <Text size="xs" c={lock ? 'red.8' : 'dimmed'}>
                    {lock
                      ? `${t('locks.locked')}, ${t('locks.lockedSince', { date: formatDateTime(lock.lockedAt) })}`
                      : t('locks.open')}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant={lock ? 'default' : 'light'}
                  leftSection={lock ? <IconLockOpen size={14} /> : <IconLock size={14} />}
                  loading={change.isPending && change.variables?.month === month}
                  onClick={() => change.mutate({ month, lock: !lock })}
                >
                  {lock ? t('locks.unlock') : t('locks.lock')}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
