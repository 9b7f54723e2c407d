import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReportAnswer, ReportCell, ReportColumn, ReportRow } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDecimal, formatMonth } from '../../platform/format';
import classes from './reports.module.css';

/** A column's header in the reader's language, with its values (`1–30 days`, `Outstanding, RUB`). */
export function useColumnLabel() {
  const { t } = useTranslation('reports');
  return (column: { label: string; params?: Record<string, string | number> }) =>
    String(t(column.label, column.params ?? {}));
}

/** A cell as people read it: money grouped with two decimals, shares with a per cent sign, days as dates. */
export function cellText(
  kind: ReportColumn['kind'],
  value: ReportCell | undefined,
  language: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'date') return formatDate(String(value));
  if (kind === 'month') return formatMonth(`${value}-01`);
  if (kind === 'money' || kind === 'count' || kind === 'days' || kind === 'hours')
    return formatDecimal(value, language);
  if (kind === 'percent') return `${formatDecimal(value, language)} %`;
  return String(value);
}

const numeric = (kind: ReportColumn['kind']) =>
  kind !== 'text' && kind !== 'date' && kind !== 'month' && kind !== 'label';

export interface DrillTarget {
  row: string;
  column: string;
  figure: string;
}

/**
 * A report's table: its rows, then its totals (one per currency where the report keeps them apart) in bold.
 * A figure of a drillable column is a button opening what makes it up; a drill-down row opens its record.
 */
export function ReportTable({
  answer,
  onDrill,
  testId,
}: {
  answer: Pick<ReportAnswer, 'columns' | 'rows' | 'totals'>;
  onDrill?: (target: DrillTarget) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('reports');
  const label = useColumnLabel();
  const cell = (row: ReportRow, column: ReportColumn, index: number, total: boolean) => {
    const value = row.cells[column.key];
    let text =
      column.kind === 'label' && typeof value === 'string'
        ? String(t(value))
        : cellText(column.kind, value, i18n.language);
    if (total && index === 0 && (value === null || value === undefined)) text = t('total');
    const negative = numeric(column.kind) && typeof value === 'string' && value.startsWith('-');
    const zero = numeric(column.kind) && value !== null && value !== undefined && Number(value) === 0;
    let content: React.ReactNode = text;
    if (index === 0 && row.href) {
      content = (
        <Anchor component={Link} to={row.href} size="sm">
          {text}
        </Anchor>
      );
    } else if (onDrill && column.drill && !zero && text) {
      content = (
        <UnstyledButton
          className={classes.figure}
          onClick={() => onDrill({ row: row.key, column: column.key, figure: text })}
          data-testid={`drill-${row.key}-${column.key}`}
        >
          {text}
        </UnstyledButton>
      );
    }
    return (
      <Table.Td
        key={column.key}
        data-column={column.key}
        ta={numeric(column.kind) ? 'right' : undefined}
        c={negative ? 'red.8' : zero ? 'dimmed' : undefined}
        className={numeric(column.kind) ? classes.number : undefined}
      >
        {content}
      </Table.Td>
    );
  };
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        verticalSpacing={6}
        fz="sm"
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((column) => (
              <Table.Th
                key={column.key}
                ta={numeric(column.kind) ? 'right' : undefined}
                className={classes.head}
              >
                {label(column)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.rows.map((row) => (
            <Table.Tr key={row.key} data-row={row.key}>
              {answer.columns.map((column, index) => cell(row, column, index, false))}
            </Table.Tr>
          ))}
          {answer.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={answer.columns.length}>
                <Text c="dimmed" ta="center" py="md" size="sm">
                  {t('noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {answer.totals.length > 0 && (
          <Table.Tfoot className={classes.totals}>
            {answer.totals.map((row) => (
              <Table.Tr key={row.key} data-row={row.key}>
                {answer.columns.map((column, index) => cell(row, column, index, true))}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
