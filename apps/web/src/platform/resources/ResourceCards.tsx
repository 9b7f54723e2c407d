import { Center, Checkbox, Group, Loader, Pagination, Paper, Text } from '@mantine/core';
import type { FieldDescriptor } from '@tms/domain';
import { type ReactNode, useId } from 'react';
import type { Row } from './logic';
import classes from './ResourceList.module.css';
import muted from './resources.module.css';

export interface ResourceCardsProps {
  records: Row[];
  /** The visible columns in their order: the first is the card's title, the others its lines. */
  fields: FieldDescriptor[];
  cell: (field: FieldDescriptor, row: Row) => ReactNode;
  label: (field: FieldDescriptor) => string;
  /** Opens a record; absent when the records do not open. */
  onOpen?: (row: Row) => void;
  selected: Row[];
  onSelectedChange: (rows: Row[]) => void;
  selectLabel: (row: Row) => string;
  /** The list's name, for the reader that announces it. */
  title: string;
  loading: boolean;
  emptyText: string;
  loadingText: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  pageLabel: (control: 'previous' | 'next') => string;
  /** "1–50 of 1 000+" and its exact-count link. */
  total: ReactNode;
}

/** The fields with something to show: a card leaves out the lines a table would leave blank. */
function lines(fields: FieldDescriptor[], row: Row): FieldDescriptor[] {
  return fields.filter((field) => {
    const value = row[field.name];
    return value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length);
  });
}

/**
 * A list on a phone: a card a record, its first column as the title and the other visible ones as
 * label: value lines, with the selection checkbox; the card opens the record on a click or Enter, like the
 * table's row does on a wide screen.
 */
export function ResourceCards(props: ResourceCardsProps) {
  const { records, fields, cell, label, onOpen, selected, onSelectedChange } = props;
  const [head, ...rest] = fields;
  const baseId = useId();
  const selectedIds = new Set(selected.map((row) => row.id));
  const toggle = (row: Row, checked: boolean) =>
    onSelectedChange(checked ? [...selected, row] : selected.filter((other) => other.id !== row.id));

  if (!records.length) {
    return (
      <Paper withBorder p="xl">
        <Center>
          {props.loading ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{props.loadingText}</Text>
            </Group>
          ) : (
            <Text size="sm" className={muted.muted}>
              {props.emptyText}
            </Text>
          )}
        </Center>
      </Paper>
    );
  }

  return (
    <>
      <ul className={classes.cards} aria-label={props.title} data-testid="resource-cards">
        {records.map((row) => {
          const shown = lines(rest, row);
          return (
            <li key={String(row.id)}>
              {/* A record of the list named by its title, as a table row is a row of its table. */}
              <article
                // A disabled record reads muted, as its table row does.
                className={row.enabled === false ? `${classes.card} ${muted.muted}` : classes.card}
                aria-labelledby={`${baseId}-${row.id}`}
                tabIndex={onOpen ? 0 : undefined}
                data-testid="resource-card"
                data-id={row.id}
                data-selected={selectedIds.has(row.id) || undefined}
                data-opens={onOpen ? true : undefined}
                onClick={onOpen ? () => onOpen(row) : undefined}
                onKeyDown={(event) => {
                  if (onOpen && event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
                }}
              >
                <div className={classes.cardHead}>
                  <div className={classes.cardTitle} id={`${baseId}-${row.id}`}>
                    {head && cell(head, row)}
                  </div>
                  <Checkbox
                    size="sm"
                    checked={selectedIds.has(row.id)}
                    aria-label={props.selectLabel(row)}
                    onClick={(event) => event.stopPropagation()}
                    onKeyDown={(event) => event.stopPropagation()}
                    onChange={(event) => toggle(row, event.currentTarget.checked)}
                  />
                </div>
                {shown.length > 0 && (
                  <dl className={classes.cardLines}>
                    {shown.map((field) => (
                      <div key={field.name} className={classes.cardLine}>
                        <dt className={muted.muted}>{label(field)}</dt>
                        <dd>{cell(field, row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </article>
            </li>
          );
        })}
      </ul>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" component="div">
          {props.total}
        </Text>
        <Pagination
          size="sm"
          siblings={0}
          boundaries={1}
          total={props.pages}
          value={props.page}
          onChange={props.onPage}
          getControlProps={(control) =>
            control === 'previous' || control === 'next' ? { 'aria-label': props.pageLabel(control) } : {}
          }
        />
      </Group>
    </>
  );
}
