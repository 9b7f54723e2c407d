import { Card, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CabinetKind, RouteEndPoint } from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { translateServerMessage } from '../../platform/i18n';
import { CABINET_CLIENTS, CabinetError } from './cabinetApi';

/**
 * The building blocks every cabinet's screens share (the client's, the contractor's, the carrier's): a
 * screen's frame, a paged list whose page and filters live in the address, rows as a table on a wide
 * screen and cards on a phone, the empty state and a refusal's translated text.
 */
export const CABINET_PAGE_SIZE = 20;
export type CabinetPage<T> = { collection: T[]; total: number };

/** The page of a cabinet list: its number and filters live in the address, so a link reopens it. */
export function useCabinetList<T>(kind: CabinetKind, path: string, filters: Record<string, string | null>) {
  const api = CABINET_CLIENTS[kind];
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(CABINET_PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const list = useQuery({
    queryKey: [api.path, path, query.toString()],
    queryFn: () => api.get<CabinetPage<T>>(`${path}?${query}`),
  });
  const setPage = (next: number) =>
    setParams((current) => {
      current.set('page', String(next));
      return current;
    });
  return { list, page, setPage, setParams };
}

/** A cabinet screen: its title (also the window's, after the cabinet's name), an action beside it, its body. */
export function CabinetScreen({
  kind,
  title,
  action,
  children,
}: {
  kind: CabinetKind;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('cabinets');
  useEffect(() => {
    document.title = `${title} — ${t(`kinds.${kind}.name`)}`;
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

export function Pager({
  total,
  page,
  setPage,
}: {
  total: number;
  page: number;
  setPage: (n: number) => void;
}) {
  const pages = Math.ceil(total / CABINET_PAGE_SIZE);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null;
}

export const routeText = (route: readonly RouteEndPoint[]) => route.map((point) => point.address).join(' → ');

export function Empty({ loading }: { loading: boolean }) {
  const { t } = useTranslation('cabinets');
  return (
    <Text c="dimmed" ta="center" py="xl">
      {loading ? t('pcc.loading') : t('pcc.empty')}
    </Text>
  );
}

/** A table on a wide screen, cards on a phone: the same rows. */
export function Rows<T extends { id: number }>({
  rows,
  columns,
}: {
  rows: T[];
  columns: { label: string; value: (row: T) => ReactNode }[];
}) {
  return (
    <>
      <Paper withBorder visibleFrom="sm">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label}>{column.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((column) => (
                  <Table.Td key={column.label}>{column.value(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap="xs" hiddenFrom="sm">
        {rows.map((row) => (
          <Card key={row.id} withBorder padding="sm">
            {columns.map((column) => (
              <Group key={column.label} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed">
                  {column.label}
                </Text>
                <Text size="sm" component="div" ta="right">
                  {column.value(row)}
                </Text>
              </Group>
            ))}
          </Card>
        ))}
      </Stack>
    </>
  );
}

/** A refused call as one translated sentence (a 400's messages, or the refusal's own). */
export function useFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => {
    if (error instanceof CabinetError && error.errors) {
      const flat = (tree: typeof error.errors): string[] => [
        ...tree!.errors,
        ...Object.values(tree!.children).flatMap((child) => flat(child)),
      ];
      setFailure(
        flat(error.errors)
          .map((m) => translateServerMessage(m))
          .join(' ') || translateServerMessage(error.message),
      );
    } else setFailure(translateServerMessage((error as Error).message));
  };
  return { failure, fail, clear: () => setFailure(null) };
}

/**
 * A refused write of a form whose inputs show their own errors: each field's messages (the 400 tree's first
 * level, translated) to put under its input, and one sentence above the form (the tree's own messages, or
 * "check the marked fields").
 */
export function useFieldFailure() {
  const { t } = useTranslation('cabinets');
  const { failure, fail: failText, clear: clearText } = useFailure();
  const [fields, setFields] = useState<Record<string, string>>({});
  const fail = (error: unknown) => {
    if (error instanceof CabinetError && error.errors && Object.keys(error.errors.children).length) {
      const flat = (tree: NonNullable<CabinetError['errors']>): string[] => [
        ...tree.errors,
        ...Object.values(tree.children).flatMap((child) => flat(child)),
      ];
      setFields(
        Object.fromEntries(
          Object.entries(error.errors.children).map(([name, child]) => [
            name,
            flat(child)
              .map((m) => translateServerMessage(m))
              .join(' '),
          ]),
        ),
      );
      const own = error.errors.errors.map((m) => translateServerMessage(m)).join(' ');
      failText(new Error(own || t('cabinet.checkFields')));
    } else {
      setFields({});
      failText(error);
    }
  };
  return {
    failure,
    fields,
    fail,
    clear: () => {
      setFields({});
      clearText();
    },
  };
}
