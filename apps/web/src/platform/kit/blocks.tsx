import { Table, type TableProps, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../i18n';
import { HoldToConfirm, validationErrorsOf } from '../widgets';
import { joinErrorLines } from './errorText';

/**
 * The messages of a refused call of a block or dialog, translated: `field(name)` those of one field (its
 * items' included, `tagTypeIds.0`; the call's own under `root`), `other` the message of a refusal that
 * names no field (forbidden, not found, a network failure), `all` every message, a line each.
 */
export function refusalOf(error: unknown) {
  const fields = validationErrorsOf(error);
  const text = (messages: readonly string[]) => joinErrorLines(messages) || undefined;
  const other =
    error && !fields ? translateServerMessage((error as { message?: string }).message ?? 'Error') : undefined;
  return {
    field: (name: string) =>
      text(
        Object.entries(fields ?? {})
          .filter(([path]) => path === name || path.startsWith(`${name}.`))
          .flatMap(([, messages]) => messages),
      ),
    other,
    all: fields ? text(Object.values(fields).flat()) : other,
  };
}

interface BlockTableProps<T> extends Pick<TableProps, 'highlightOnHover' | 'verticalSpacing'> {
  rows: readonly T[];
  loading: boolean;
  /** What stands instead of the table when there are no rows. */
  none: string;
  /** The width below which the table scrolls sideways; without it the table never does. */
  minWidth?: number;
  /** The header cells. */
  head: ReactNode;
  /** The table row of one item. */
  children: (row: T) => ReactNode;
}

/** The table of a block's items, or a line saying they are loading or that there are none. */
export function BlockTable<T>({
  rows,
  loading,
  none,
  minWidth,
  head,
  children,
  ...table
}: BlockTableProps<T>) {
  const { t } = useTranslation('common');
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {loading ? t('loading') : none}
      </Text>
    );
  }
  const content = (
    <Table withTableBorder {...table}>
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>{rows.map((row) => children(row))}</Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{content}</Table.ScrollContainer> : content;
}

interface RowDeleteProps<T extends { id: number }> {
  row: T;
  remove: UseMutationResult<unknown, Error, T>;
  testId: string;
  children: ReactNode;
}

/** Deletes one item of a block's table when held; only the row whose delete runs shows it. */
export function RowDelete<T extends { id: number }>({ row, remove, testId, children }: RowDeleteProps<T>) {
  return (
    <HoldToConfirm
      size="compact-sm"
      variant="default"
      onConfirm={() => remove.mutate(row)}
      loading={remove.isPending && remove.variables?.id === row.id}
      data-testid={testId}
    >
      {children}
    </HoldToConfirm>
  );
}
