import { Button, Card, FileButton, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteEndPoint } from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { translateServerMessage } from '../../platform/i18n';
import { fieldErrorsOf, ROOT_FIELD } from '../../platform/widgets/fieldErrors';
import { type CabinetClient, CabinetError } from './cabinetApi';

/**
 * The building blocks of every cabinet's screens (the client's, the contractor's, the carrier's): a list page whose
 * number lives in the address, the screen's frame, a table that becomes cards on a phone, a refusal
 * translated, a record's documents with their upload.
 */
export const PAGE_SIZE = 20;
export type Page<T> = { collection: T[]; total: number };

/** The page of a cabinet list: its number and filters live in the address, so a link reopens it. */
export function useCabinetList<T>(
  client: CabinetClient,
  path: string,
  filters: Record<string, string | null>,
) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const list = useQuery({
    queryKey: [client.path, path, query.toString()],
    queryFn: () => client.get<Page<T>>(`${path}?${query}`),
  });
  const setPage = (next: number) =>
    setParams((current) => {
      current.set('page', String(next));
      return current;
    });
  return { list, page, setPage, setParams };
}

/** A cabinet screen: its title (also the window's, after the cabinet's name), an action, the content. */
export function CabinetScreen({
  cabinet,
  title,
  action,
  children,
}: {
  /** The cabinet's name, after the title in the window's. */
  cabinet: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} — ${cabinet}`;
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
  const pages = Math.ceil(total / PAGE_SIZE);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null;
}

/** Today in the user's calendar, as the API writes dates. */
export const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

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

/** A refused call as one translated sentence: the validation tree's messages, or the server's message. */
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
 * A refused write of a form whose inputs show their own errors: each field's messages (translated) by the
 * field's path in the 400 tree (`plate`, `amounts.0.amount`) to put under its input, and one sentence above
 * the form (the tree's own messages, or "check the marked fields").
 */
export function useFieldFailure() {
  const { t } = useTranslation('cabinets');
  const { failure, fail: failText, clear: clearText } = useFailure();
  const [fields, setFields] = useState<Record<string, string>>({});
  const fail = (error: unknown) => {
    if (error instanceof CabinetError && error.errors && Object.keys(error.errors.children).length) {
      const { [ROOT_FIELD]: own = [], ...byPath } = fieldErrorsOf(error.errors);
      setFields(
        Object.fromEntries(
          Object.entries(byPath).map(([path, messages]) => [
            path,
            messages.map((m) => translateServerMessage(m)).join(' '),
          ]),
        ),
      );
      failText(new Error(own.map((m) => translateServerMessage(m)).join(' ') || t('cabinet.checkFields')));
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

/** A record's documents, each downloaded from `{path}/{fileId}`. */
export function CabinetFiles({
  client,
  path,
  files,
  loading,
}: {
  client: CabinetClient;
  path: string;
  files: { id: number; name: string }[] | undefined;
  loading: boolean;
}) {
  if (!files?.length) return <Empty loading={loading} />;
  return (
    <Stack gap="xs" align="flex-start">
      {files.map((file) => (
        <Button
          key={file.id}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={16} />}
          onClick={() => client.download(`${path}/${file.id}`, file.name)}
          style={{ maxWidth: '100%' }}
        >
          <Text span size="sm" truncate>
            {file.name}
          </Text>
        </Button>
      ))}
    </Stack>
  );
}

/** Uploads a document to a record (`POST {path}`); the queries under `invalidate` reload. */
export function UploadButton({
  client,
  path,
  invalidate,
  label,
  primary = false,
  testId,
}: {
  client: CabinetClient;
  path: string;
  invalidate: QueryKey;
  label: string;
  primary?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('cabinets');
  const queries = useQueryClient();
  const { failure, fail, clear } = useFailure();
  const upload = useMutation({
    mutationFn: (file: File) => client.upload(path, file),
    onSuccess: async () => {
      clear();
      await queries.invalidateQueries({ queryKey: invalidate });
    },
    onError: fail,
  });
  return (
    <Stack gap={2}>
      <FileButton onChange={(file) => file && upload.mutate(file)}>
        {(props) => (
          <Button
            {...props}
            size="compact-sm"
            variant={primary ? 'filled' : 'default'}
            leftSection={<IconUpload size={16} />}
            loading={upload.isPending}
            title={t('pcc.orders.uploadHint')}
            data-testid={testId}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {failure && (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
