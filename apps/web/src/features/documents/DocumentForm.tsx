import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Document } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { notifySaved } from '../../platform/snackbar';
import { RichTextEditor } from '../../platform/widgets/RichTextEditor';
import { DOCUMENTS_PATH, documentKey, fetchDocument, fetchFolder, folderKey, idParam } from './api';
import { FolderPath } from './FolderPath';

/** A new text document in a folder, or a document's name and text changed. */
export function DocumentForm() {
  const { t } = useTranslation('documents');
  const params = useParams();
  const folderId = idParam(params.folderId) ?? 0;
  const documentId = idParam(params.documentId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const folder = useQuery({
    queryKey: folderKey(folderId),
    queryFn: ({ signal }) => fetchFolder(folderId, signal),
    enabled: folderId > 0,
  });
  const existing = useQuery({
    queryKey: documentKey(documentId ?? 0),
    queryFn: ({ signal }) => fetchDocument(documentId!, signal),
    enabled: documentId !== null,
  });
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const loaded = existing.data?.document;
  useEffect(() => {
    if (loaded) {
      setName(loaded.name);
      setText(loaded.text);
    }
  }, [loaded]);
  const back = documentId
    ? `/document-folders/${folderId}/text-documents/${documentId}`
    : `/document-folders/${folderId}`;
  const save = useMutation({
    mutationFn: () =>
      loaded
        ? api.put<Document>(
            `${DOCUMENTS_PATH}/${loaded.id}`,
            { name, text, version: loaded.version },
            { suppressPopup: [400] },
          )
        : api.post<Document>(DOCUMENTS_PATH, { folderId, name, text }, { suppressPopup: [400] }),
    onSuccess: (saved) => {
      notifySaved(t('documents.saved'));
      client.invalidateQueries({ queryKey: ['documents'] });
      navigate(`/document-folders/${saved.folderId}/text-documents/${saved.id}`);
    },
  });
  const refusal = refusalOf(save.error);
  const path = folder.data?.path ?? [];
  // The folder a document is written in, and the document edited: either may be missing or forbidden.
  const state = recordStateOf(
    documentId === null ? [folder] : [folder, existing],
    idParam(params.folderId) === null,
  );
  if (state !== 'ready') {
    const failed = folder.error ? folder : existing;
    return (
      <RecordPlaceholder
        state={state}
        back="/document-folders"
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={1100}>
      <FolderPath path={path} current={loaded?.name} />
      <Title order={2} size="h3">
        {t(documentId ? 'documents.edit' : 'documents.new')}
      </Title>
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Stack>
            {refusal.field('root') && <FormRootError>{refusal.field('root')}</FormRootError>}
            <TextInput
              label={t('documents.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={refusal.field('name')}
              required
              data-testid="document-name"
            />
            <RichTextEditor
              label={t('documents.text')}
              value={text}
              onChange={setText}
              error={refusal.field('text')}
              minHeight={320}
              testId="document-text"
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={back}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="document-save">
                {t('common:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
