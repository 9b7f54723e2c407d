import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled block of the start page with the link to the screen its figures come from. */
export function Block({
  title,
  to,
  open,
  testId,
  children,
}: {
  title: string;
  to: string;
  open: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Anchor component={Link} to={to} size="sm">
          {open}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}
