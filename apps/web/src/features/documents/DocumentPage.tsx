import { Anchor, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconPencil, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Document, DocumentFile } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api, download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime, formatFileSize } from '../../platform/format';
import { BlockTable, RowDelete } from '../../platform/kit/blocks';
import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { notifyDeleted, notifySaved } from '../../platform/snackbar';
import { HoldToConfirm } from '../../platform/widgets';
import { uploadTemporaryFile } from '../../platform/widgets/custom-fields/FileField';
import { RichTextView } from '../../platform/widgets/RichTextEditor';
import { DOCUMENTS_PATH, documentKey, fetchDocument, idParam } from './api';
import { FolderPath } from './FolderPath';

/** A text document: its text, its files (upload, download, remove) and the processed mark that locks it. */
export function DocumentPage() {
  const { t, i18n } = useTranslation('documents');
  const system = useSystemData();
  const canEdit = hasRole(system, 'ROLE_DOCUMENT_EDIT');
  const params = useParams();
  const documentId = idParam(params.documentId) ?? 0;
  const folderId = idParam(params.folderId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = documentKey(documentId);
  const details = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchDocument(documentId, signal),
    enabled: documentId > 0,
  });
  const doc = details.data?.document;
  const refresh = () => client.invalidateQueries({ queryKey: ['documents'] });
  const editable = canEdit && doc && !doc.processed;

  const process = useMutation({
    mutationFn: (processed: boolean) =>
      api.put<Document>(`${DOCUMENTS_PATH}/${documentId}/processed`, { processed, version: doc!.version }),
    onSuccess: (saved) => {
      notifySaved(t(saved.processed ? 'documents.markedProcessed' : 'documents.markedUnprocessed'));
      refresh();
    },
  });
  const upload = useMutation({
    mutationFn: async (chosen: File[]) => {
      const ids: number[] = [];
      for (const file of chosen) ids.push((await uploadTemporaryFile(file)).id);
      return api.put<Document>(`${DOCUMENTS_PATH}/${documentId}`, { fileIds: ids, version: doc!.version });
    },
    onSuccess: () => {
      notifySaved(t('documents.filesAdded'));
      refresh();
    },
  });
  const removeFile = useMutation({
    mutationFn: (file: DocumentFile) => api.delete(`${DOCUMENTS_PATH}/${documentId}/files/${file.id}`),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`${DOCUMENTS_PATH}/${documentId}`),
    onSuccess: () => {
      notifyDeleted(t('documents.deleted'));
      client.removeQueries({ queryKey: key });
      refresh();
      navigate(`/document-folders/${doc!.folderId}`);
    },
  });

  const state = recordStateOf([details], documentId === 0);
  if (state !== 'ready' || !details.data || !doc) {
    return (
      <RecordPlaceholder
        state={state}
        back={folderId === null ? '/document-folders' : `/document-folders/${folderId}`}
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  }
  const files = details.data.files;
  return (
    <Stack gap="md" maw={1100}>
      <FolderPath path={details.data.path} current={doc.name} />
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={2} size="h3" data-testid="document-title">
            {doc.name}
          </Title>
          {doc.processed && (
            <Badge color="teal" variant="light" data-testid="document-processed">
              {t('documents.processedBadge')}
            </Badge>
          )}
        </Group>
        {canEdit && (
          <Group gap="sm">
            {!doc.processed && (
              <Button
                variant="default"
                component={Link}
                to={`/document-folders/${doc.folderId}/text-documents/${doc.id}/edit`}
                leftSection={<IconPencil size={18} />}
                data-testid="document-edit"
              >
                {t('documents.edit')}
              </Button>
            )}
            <Button
              variant={doc.processed ? 'default' : 'light'}
              leftSection={<IconCheck size={18} />}
              onClick={() => process.mutate(!doc.processed)}
              loading={process.isPending}
              data-testid="document-process"
            >
              {t(doc.processed ? 'documents.unprocess' : 'documents.process')}
            </Button>
            {!doc.processed && (
              <HoldToConfirm
                color="red"
                variant="light"
                onConfirm={() => remove.mutate()}
                loading={remove.isPending}
              >
                {t('documents.delete')}
              </HoldToConfirm>
            )}
          </Group>
        )}
      </Group>
      {doc.processed && canEdit && (
        <Text size="sm" c="dimmed">
          {t('documents.lockedHint')}
        </Text>
      )}
      <Paper withBorder p="lg">
        {doc.text ? (
          <RichTextView html={doc.text} testId="document-body" />
        ) : (
          <Text c="dimmed">{t('documents.noText')}</Text>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t('documents.files')}
            </Title>
            {editable && (
              <FileButton multiple onChange={(chosen) => chosen.length && upload.mutate(chosen)}>
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                    data-testid="document-upload"
                  >
                    {t('documents.upload')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
          <BlockTable
            rows={files}
            loading={false}
            none={t('documents.noFiles')}
            head={
              <>
                <Table.Th>{t('documents.fileName')}</Table.Th>
                <Table.Th w={110}>{t('documents.fileSize')}</Table.Th>
                <Table.Th w={170}>{t('documents.fileAdded')}</Table.Th>
                {editable && <Table.Th w={120} />}
              </>
            }
          >
            {(file) => (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => void download(file.downloadLink)}>
                    <Group gap={6} wrap="nowrap">
                      <IconDownload size={16} />
                      {file.description}
                    </Group>
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatFileSize(file.size, i18n.language)}</Table.Td>
                <Table.Td>{formatDateTime(file.createdAt)}</Table.Td>
                {editable && (
                  <Table.Td>
                    <RowDelete row={file} remove={removeFile} testId={`document-file-delete-${file.id}`}>
                      {t('documents.removeFile')}
                    </RowDelete>
                  </Table.Td>
                )}
              </Table.Tr>
            )}
          </BlockTable>
        </Stack>
      </Paper>
    </Stack>
  );
}
