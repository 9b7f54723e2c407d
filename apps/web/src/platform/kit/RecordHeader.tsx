import { Divider, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The summary at the top of a saved record read first (orders, jobs, requests): labelled cells in four
 * columns (two on a phone), the record's statuses under a rule.
 */

/** A labelled cell of the header. */
export function HeaderCell({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={2} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A line of people: "label: name" for each one set. */
export function HeaderParties({ entries }: { entries: readonly [string, string][] }) {
  const set = entries.filter(([, name]) => name !== '');
  if (set.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      {set.map(([label, name]) => (
        <Text key={label} size="sm" truncate>
          <Text span c="dimmed" inherit>
            {label}:{' '}
          </Text>
          {name}
        </Text>
      ))}
    </Stack>
  );
}

/** The header's panel: four columns of summary (two on a phone), the statuses under a rule. */
export function RecordHeader({
  statuses,
  testId,
  children,
}: {
  statuses: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="sm">
        {children}
      </SimpleGrid>
      <Divider my="sm" />
      {statuses}
    </Paper>
  );
}
