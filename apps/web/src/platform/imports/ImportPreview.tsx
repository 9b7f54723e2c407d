import { Alert, Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ImportAction, ImportError } from '@tms/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../i18n';
import { countActions, errorsByCell, type ImportPreviewData, type PreviewRow, shownRows } from './logic';

/** Colours whose light badges keep their text readable in both themes. */
const ACTION_COLORS: Record<ImportAction, string> = {
  create: 'teal',
  update: 'blue',
  unchanged: 'gray',
  skip: 'gray',
  error: 'red',
};

/** A column of the preview: the import's field it shows (its cells' errors go under it), its header, its cell. */
export interface PreviewColumn<T> {
  field: string;
  header: ReactNode;
  align?: 'right';
  render(values: T, row: PreviewRow<T>): ReactNode;
}

export interface ImportPreviewProps<T> {
  preview: ImportPreviewData<T>;
  columns: readonly PreviewColumn<T>[];
  /** A row's badge in the import's own words (a statement's "matched"); unset, the action's. */
  actionLabel?(row: PreviewRow<T>): ReactNode;
  /** That badge's colour when the import's words differ from the action's (an unmatched line is no news). */
  actionColor?(row: PreviewRow<T>): string | undefined;
  /** What the import adds after the badge (a statement line's decision). */
  extra?: { header: ReactNode; render(row: PreviewRow<T>): ReactNode };
  /** The column's name of an error's field in the errors' list; unset, the field's column header. */
  fieldName?(field: string): ReactNode;
  testIds?: { table?: string; errors?: string; row?(row: number): string };
}

/**
 * The preview of an import file, the same for every import: the counts of each action, the file's errors
 * (each with its row and column, and how many there are past the first ones), then every row with its row
 * in the file, its values, its cells' errors under them and what would become of it; "errors only" narrows
 * it to the rows to fix. Plain controls and a table: Tab reaches the filter, the table and each row's own.
 */
export function ImportPreview<T>({
  preview,
  columns,
  actionLabel,
  actionColor,
  extra,
  fieldName,
  testIds = {},
}: ImportPreviewProps<T>) {
  const { t } = useTranslation('imports');
  const counts = useMemo(() => countActions(preview.rows), [preview.rows]);
  const [filter, setFilter] = useState<'all' | 'errors'>('all');
  const errorsOnly = filter === 'errors' && counts.error > 0;
  const shown = shownRows(preview.rows, errorsOnly);
  const fields = useMemo(() => new Set(columns.map((column) => column.field)), [columns]);
  const header = columnName(columns, fieldName);

  return (
    <Stack gap="sm">
      <Group gap="xs" data-testid="import-counts">
        {(['create', 'update', 'unchanged', 'skip', 'error'] as const).map(
          (action) =>
            counts[action] > 0 && (
              <Badge key={action} variant="light" color={ACTION_COLORS[action]} tt="none" size="lg">
                {t(`counts.${action}`, { count: counts[action] })}
              </Badge>
            ),
        )}
      </Group>
      {preview.errorCount > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('hasErrors')}>
          <ErrorList errors={preview.errors} header={header} testId={testIds.errors} />
          {preview.errorCount > preview.errors.length && (
            <Text size="sm" mt="xs">
              {t('moreErrors', { shown: preview.errors.length, count: preview.errorCount })}
            </Text>
          )}
        </Alert>
      )}
      {counts.error > 0 && (
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value as 'all' | 'errors')}
          aria-label={t('filter')}
          data={[
            { value: 'all', label: t('all', { count: preview.rows.length }) },
            { value: 'errors', label: t('errorsOnly', { count: counts.error }) },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {preview.rows.length > 0 && (
        <Table.ScrollContainer minWidth={560} mah="50vh" tabIndex={0} aria-label={t('rows')}>
          <Table striped stickyHeader verticalSpacing={6} data-testid={testIds.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right" w={72}>
                  {t('row')}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.field} ta={column.align}>
                    {column.header}
                  </Table.Th>
                ))}
                <Table.Th miw={130}>{t('action')}</Table.Th>
                {extra && <Table.Th>{extra.header}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.rows.map((row) => {
                const errors = errorsByCell(row.errors, fields);
                return (
                  <Table.Tr key={row.row} data-testid={testIds.row?.(row.row)} data-action={row.action}>
                    <Table.Td ta="right" c="dimmed">
                      {row.row}
                    </Table.Td>
                    {columns.map((column) => (
                      <Table.Td key={column.field} ta={column.align}>
                        {column.render(row.values, row)}
                        <CellErrors errors={errors.cells.get(column.field)} />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Badge
                        size="sm"
                        variant="light"
                        tt="none"
                        color={actionColor?.(row) ?? ACTION_COLORS[row.action]}
                      >
                        {actionLabel?.(row) ?? t(`actions.${row.action}`)}
                      </Badge>
                      <CellErrors errors={errors.row} />
                    </Table.Td>
                    {extra && <Table.Td>{extra.render(row)}</Table.Td>}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {shown.hidden > 0 && (
        <Text size="xs" c="dimmed">
          {t('hiddenRows', { count: shown.hidden })}
        </Text>
      )}
    </Stack>
  );
}

/** An error's column as the errors' list names it: the import's name for its field, else its column's header. */
export const columnName =
  <T,>(columns: readonly PreviewColumn<T>[], fieldName?: (field: string) => ReactNode) =>
  (field?: string): ReactNode =>
    field ? (fieldName?.(field) ?? columns.find((c) => c.field === field)?.header ?? field) : null;

function CellErrors({ errors }: { errors?: readonly ImportError[] }) {
  if (!errors?.length) return null;
  return (
    <>
      {errors.map((error) => (
        <Text key={error.message} size="xs" c="var(--mantine-color-error)" mt={2}>
          {translateServerMessage(error.message)}
        </Text>
      ))}
    </>
  );
}

/** The errors of a file, one row each: its row in the file (none: the file's), column, value and message. */
export function ErrorList({
  errors,
  header = (field) => field ?? null,
  testId,
}: {
  errors: readonly ImportError[];
  header?: (field?: string) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('imports');
  // A value column only where an import says what it read (a sheet's cell), not where it names the cell alone.
  const values = errors.some((error) => error.value);
  return (
    <Table.ScrollContainer minWidth={420} mah={220} tabIndex={0} aria-label={t('errors')}>
      <Table verticalSpacing={4} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right" w={72}>
              {t('row')}
            </Table.Th>
            <Table.Th>{t('column')}</Table.Th>
            {values && <Table.Th>{t('value')}</Table.Th>}
            <Table.Th>{t('message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((error) => (
            <Table.Tr key={`${error.row}/${error.field}/${error.message}`}>
              <Table.Td ta="right">{error.row > 0 ? error.row : t('file')}</Table.Td>
              <Table.Td>{header(error.field)}</Table.Td>
              {values && <Table.Td>{error.value}</Table.Td>}
              <Table.Td>{translateServerMessage(error.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
