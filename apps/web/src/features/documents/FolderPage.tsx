import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconFileText,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Document, ListResult } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { notifyDeleted } from '../../platform/snackbar';
import { HoldToConfirm } from '../../platform/widgets';
import { DOCUMENTS_PATH, FOLDERS_PATH, fetchFolder, folderKey, idParam } from './api';
import { FolderDialog } from './FolderDialog';
import { FolderPath } from './FolderPath';

const documentLink = (doc: Pick<Document, 'id' | 'folderId'>) =>
  `/document-folders/${doc.folderId}/text-documents/${doc.id}`;

function ProcessedBadge({ processed }: { processed: boolean }) {
  const { t } = useTranslation('documents');
  return processed ? (
    <Badge color="teal" variant="light">
      {t('documents.processedBadge')}
    </Badge>
  ) : null;
}

/** Full-text search over every document's name and text (spec §2 documents). */
function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation('documents');
  const found = useQuery({
    queryKey: ['documents', 'search', query],
    queryFn: ({ signal }) =>
      api.get<ListResult<Document>>(DOCUMENTS_PATH, { signal, query: { query, itemsPerPage: 100 } }),
  });
  const rows = found.data?.collection ?? [];
  if (!rows.length) {
    return (
      <Text c="dimmed" size="sm" data-testid="document-search-none">
        {found.isLoading ? t('common:loading') : t('search.none')}
      </Text>
    );
  }
  return (
    <Table highlightOnHover data-testid="document-search-results">
      <Table.Tbody>
        {rows.map((doc) => (
          <Table.Tr key={doc.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <IconFileText size={18} />
                <Anchor component={Link} to={documentLink(doc)}>
                  {doc.name}
                </Anchor>
                <ProcessedBadge processed={doc.processed} />
              </Group>
            </Table.Td>
            <Table.Td c="dimmed" w={160}>
              {formatDateTime(doc.updatedAt)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A folder (or the top level): the path to it, its subfolders and documents, the search over all documents. */
export function FolderPage() {
  const { t } = useTranslation('documents');
  const system = useSystemData();
  const canEdit = hasRole(system, 'ROLE_DOCUMENT_EDIT');
  const folderParam = useParams().folderId;
  const folderId = idParam(folderParam);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'new' | 'rename' | null>(null);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const contents = useQuery({
    queryKey: folderKey(folderId),
    queryFn: ({ signal }) => fetchFolder(folderId, signal),
  });
  const data = contents.data;
  const folder = data?.folder ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: ['documents'] });
  const remove = useMutation({
    mutationFn: () => api.delete(`${FOLDERS_PATH}/${folderId}`),
    onSuccess: () => {
      notifyDeleted(t('folders.deleted'));
      refresh();
      navigate(folder?.parentId ? `/document-folders/${folder.parentId}` : '/document-folders');
    },
  });

  // A folder by its id: missing or forbidden is said, not spun on; the top level shows as it loads.
  const loaded = recordStateOf([contents], folderParam !== undefined && folderId === null);
  const state = folderParam === undefined && loaded === 'loading' ? 'ready' : loaded;
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back="/document-folders"
        error={contents.error}
        onRetry={() => void contents.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={1100}>
      <FolderPath path={data?.path.slice(0, -1) ?? []} />
      <Group justify="space-between" align="flex-end">
        <Group gap="xs">
          <Title order={2} size="h3" data-testid="folder-title">
            {folder?.name ?? t('folders.all')}
          </Title>
          {folder && canEdit && (
            <Tooltip label={t('folders.rename')}>
              <ActionIcon
                variant="subtle"
                onClick={() => setDialog('rename')}
                aria-label={t('folders.rename')}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {canEdit && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={18} />}
              onClick={() => setDialog('new')}
              data-testid="folder-new"
            >
              {t('folders.new')}
            </Button>
            {folder && (
              <Button
                component={Link}
                to={`/document-folders/${folder.id}/text-documents/new`}
                leftSection={<IconPlus size={18} />}
                data-testid="document-new"
              >
                {t('documents.new')}
              </Button>
            )}
            {folder && (
              <HoldToConfirm
                color="red"
                variant="light"
                onConfirm={() => remove.mutate()}
                loading={remove.isPending}
              >
                {t('folders.delete')}
              </HoldToConfirm>
            )}
          </Group>
        )}
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-testid="document-search"
      />
      {query ? (
        <SearchResults query={query} />
      ) : (
        <Paper withBorder>
          {data && !data.folders.length && !data.documents.length ? (
            <Text c="dimmed" size="sm" p="md" data-testid="folder-empty">
              {t(folder ? 'folders.empty' : 'folders.noneAtTop')}
            </Text>
          ) : (
            <Table highlightOnHover verticalSpacing="sm" data-testid="folder-contents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('folders.name')}</Table.Th>
                  <Table.Th w={180}>{t('folders.updatedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.folders.map((sub) => (
                  <Table.Tr key={`f${sub.id}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <IconFolder size={18} color="var(--mantine-color-yellow-7)" />
                        <Anchor component={Link} to={`/document-folders/${sub.id}`} fw={500}>
                          {sub.name}
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td c="dimmed">{formatDateTime(sub.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
                {data?.documents.map((doc) => (
                  <Table.Tr key={`d${doc.id}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <IconFileText size={18} />
                        <Anchor component={Link} to={documentLink(doc)}>
                          {doc.name}
                        </Anchor>
                        <ProcessedBadge processed={doc.processed} />
                      </Group>
                    </Table.Td>
                    <Table.Td c="dimmed">{formatDateTime(doc.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
      <FolderDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        folder={dialog === 'rename' ? folder : null}
        parentId={folderId}
        onSaved={(saved) => {
          refresh();
          if (dialog === 'new') navigate(`/document-folders/${saved.id}`);
        }}
      />
    </Stack>
  );
}
