import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowsEditorColumn<Row> {
  header: string;
  width?: number | string;
  align?: 'right';
  /** The cell's input; `set` merges a patch into this row. */
  cell: (row: Row, set: (patch: Partial<Row>) => void, index: number) => ReactNode;
}

interface RowsEditorProps<Row> {
  rows: readonly Row[];
  onChange: (rows: Row[]) => void;
  columns: readonly RowsEditorColumn<Row>[];
  /** The row the add button appends. */
  newRow: () => Row;
  addLabel: string;
  removeLabel: string;
  /** Rows are `<testId>-<index>`, the add button `<testId>-add`. */
  testId: string;
  disabled?: boolean;
  /** Beside the add button (a total). */
  footer?: ReactNode;
}

/**
 * A table of rows edited in place (a document's lines, a list's columns): one input per cell, a remove
 * button per row and an add button under it. Rows are keyed by index since errors address them by index.
 */
export function RowsEditor<Row>({
  rows,
  onChange,
  columns,
  newRow,
  addLabel,
  removeLabel,
  testId,
  disabled,
  footer,
}: RowsEditorProps<Row>) {
  const set = (index: number) => (patch: Partial<Row>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <>
      {rows.length > 0 ? (
        <Table withTableBorder verticalSpacing={6} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} w={column.width} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th w={44} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; errors address them by index
              <Table.Tr key={index} data-testid={`${testId}-${index}`}>
                {columns.map((column) => (
                  <Table.Td key={column.header} ta={column.align}>
                    {column.cell(row, set(index), index)}
                  </Table.Td>
                ))}
                <Table.Td>
                  {!disabled && (
                    <Tooltip label={removeLabel}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={removeLabel}
                        onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        disabled && (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )
      )}
      {(!disabled || footer) && (
        <Group justify="space-between">
          {disabled ? (
            <span />
          ) : (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...rows, newRow()])}
              data-testid={`${testId}-add`}
            >
              {addLabel}
            </Button>
          )}
          {footer}
        </Group>
      )}
    </>
  );
}
