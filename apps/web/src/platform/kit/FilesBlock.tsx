import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  MultiSelect,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconLock, IconPencil, IconSnowflake, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FileTag, type FileTagType, fileCode, type ListResult, type OperationFile } from '@tms/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download, SELECT_CACHE_TTL_SECONDS } from '../api/client';
import { formatDateTime, formatFileSize } from '../format';
import { BlockTable, RowDelete, refusalOf } from '../kit/blocks';
import { validationErrorsOf } from '../widgets';
import { uploadTemporaryFile } from '../widgets/custom-fields/FileField';

/**
 * The translated messages of a refused upload; of several files, each message about one of them
 * (`fileIds.<index>`) names it, so the user knows which was refused.
 */
function uploadRefusal(error: unknown, chosen: readonly File[]): string | undefined {
  const refusal = refusalOf(error);
  const fields = validationErrorsOf(error);
  if (!fields || chosen.length < 2) return refusal.all;
  const named = chosen.flatMap((file, index) => {
    const message = refusal.field(`fileIds.${index}`);
    return message ? [`${file.name}: ${message}`] : [];
  });
  return named.length ? named.join(' ') : refusal.all;
}

interface FilesBlockProps {
  /** The record's files (`GET` lists, `POST` attaches uploads, `PUT`/`DELETE` `{url}/{fileId}`). */
  url: string;
  /** The query key of the list (the owner's other queries may refresh it). */
  queryKey: readonly unknown[];
  /** The user may change the record: upload, rename, retag and remove files. */
  canEdit: boolean;
  /** Why no files can be added now (an archived or locked record), or undefined when they can. */
  lockedText?: string;
  testId?: string;
}

/** The enabled file tag types (the client cache of spec §7). */
function useFileTagTypes() {
  return useQuery({
    queryKey: ['file-tag-types', 'cache'],
    queryFn: ({ signal }) =>
      api.get<FileTagType[]>('/file-management/file-tag-types/cache', {
        signal,
        cache: SELECT_CACHE_TTL_SECONDS,
      }),
    staleTime: SELECT_CACHE_TTL_SECONDS * 1000,
  });
}

/**
 * The files of a record (spec §2 "files" block, §3 "File"): a compact table with download links
 * (opened as signed links), tags as coloured chips, size and who uploaded them when; uploads with the tags chosen, a
 * file's name and tags changed, a file removed by holding the button. A file in cold storage opens a
 * dialog with its code instead of downloading. A locked record (`lockedText`) takes no files. The owning
 * feature says where the files are and who may change them (operations: an order's or a job's files).
 */
export function FilesBlock({ url: base, queryKey: key, canEdit, lockedText, testId }: FilesBlockProps) {
  const { t, i18n } = useTranslation('common');
  const client = useQueryClient();
  const files = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ListResult<OperationFile>>(base, { signal }),
  });
  const tagTypes = useFileTagTypes();
  const tagName = (tag: Pick<FileTag, 'name' | 'nameEn'>) =>
    i18n.language === 'en' ? (tag.nameEn ?? tag.name) : tag.name;
  const tagOptions = (extra: readonly FileTag[] = []) => {
    const known = new Map<number, string>();
    for (const tag of [...(tagTypes.data ?? []), ...extra]) known.set(tag.id, tagName(tag));
    return [...known].map(([value, label]) => ({ value: String(value), label }));
  };

  const locked = lockedText !== undefined;
  const canChange = canEdit && !locked;

  const [tagIds, setTagIds] = useState<string[]>([]);
  // The file input is emptied after each upload: a browser fires no change for the file it already holds,
  // so choosing the same file again did nothing at all instead of being answered.
  const resetChosen = useRef<() => void>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File[]) => {
      setProgress({ done: 0, total: chosen.length });
      const fileIds: number[] = [];
      for (const file of chosen) {
        fileIds.push((await uploadTemporaryFile(file)).id);
        setProgress({ done: fileIds.length, total: chosen.length });
      }
      return api.post<ListResult<OperationFile>>(
        base,
        { fileIds, tagTypeIds: tagIds.map(Number) },
        { suppressPopup: true },
      );
    },
    onSuccess: (list) => {
      client.setQueryData(key, list);
      setTagIds([]);
    },
    onSettled: () => {
      setProgress(null);
      resetChosen.current?.();
    },
  });

  const [editing, setEditing] = useState<OperationFile | null>(null);
  const [cold, setCold] = useState<OperationFile | null>(null);
  const remove = useMutation({
    mutationFn: (file: OperationFile) => api.delete<OperationFile>(`${base}/${file.id}`),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });

  const rows = files.data?.collection ?? [];
  const uploadError = uploadRefusal(upload.error, upload.variables ?? []);
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5">
          {t('filesBlock.title')}
        </Title>
        {canEdit &&
          (locked ? (
            <Group gap={6}>
              <IconLock size={16} aria-hidden />
              <Text size="sm" c="dimmed" data-testid="files-locked">
                {lockedText}
              </Text>
            </Group>
          ) : (
            <Group gap="sm" align="flex-end">
              <MultiSelect
                label={t('filesBlock.tagsForUpload')}
                data={tagOptions()}
                value={tagIds}
                onChange={setTagIds}
                searchable
                clearable
                w={280}
                size="sm"
                data-testid="files-upload-tags"
              />
              <FileButton
                onChange={(chosen) => chosen.length && upload.mutate(chosen)}
                resetRef={resetChosen}
                multiple
              >
                {(props) => (
                  <Button
                    {...props}
                    size="sm"
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                    data-testid="files-upload"
                  >
                    {t('filesBlock.upload')}
                  </Button>
                )}
              </FileButton>
            </Group>
          ))}
      </Group>
      {progress && (
        <Stack gap={4} data-testid="files-progress">
          <Text size="xs" c="dimmed">
            {t('filesBlock.uploading', { done: progress.done, total: progress.total })}
          </Text>
          <Progress
            value={progress.total ? (100 * progress.done) / progress.total : 0}
            animated
            aria-label={t('filesBlock.uploading', { done: progress.done, total: progress.total })}
          />
        </Stack>
      )}
      {uploadError && (
        <Alert color="red" variant="light" data-testid="files-error">
          {uploadError}
        </Alert>
      )}
      <BlockTable
        rows={rows}
        loading={files.isLoading}
        none={t('filesBlock.none')}
        minWidth={640}
        highlightOnHover
        verticalSpacing="xs"
        head={
          <>
            <Table.Th>{t('filesBlock.name')}</Table.Th>
            <Table.Th>{t('filesBlock.tags')}</Table.Th>
            <Table.Th ta="right">{t('filesBlock.size')}</Table.Th>
            <Table.Th>{t('filesBlock.uploaded')}</Table.Th>
            {canChange && <Table.Th aria-label={t('filesBlock.actions')} />}
          </>
        }
      >
        {(file) => (
          <Table.Tr key={file.id} data-testid="file-row">
            <Table.Td>
              {file.coldStorage ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setCold(file)}
                  data-testid="file-cold"
                >
                  <Group gap={4} wrap="nowrap">
                    <IconSnowflake size={14} aria-label={t('filesBlock.cold')} />
                    {file.description}
                  </Group>
                </Anchor>
              ) : (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void download(file.downloadLink)}
                  data-testid="file-link"
                >
                  {file.description}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {file.tags.map((tag) => (
                  <Badge
                    key={tag.id}
                    size="sm"
                    tt="none"
                    color={tag.color ?? 'gray'}
                    autoContrast
                    data-testid="file-tag"
                  >
                    {tagName(tag)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(file.size, i18n.language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{file.uploadedByName ?? '—'}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(file.createdAt)}
              </Text>
            </Table.Td>
            {canChange && (
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Tooltip label={t('filesBlock.edit')}>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setEditing(file)}
                      aria-label={t('filesBlock.edit')}
                      data-testid="file-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <RowDelete row={file} remove={remove} testId="file-delete">
                    {t('filesBlock.delete')}
                  </RowDelete>
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        )}
      </BlockTable>
      {editing && (
        <EditFileDialog
          file={editing}
          url={`${base}/${editing.id}`}
          tagOptions={tagOptions(editing.tags)}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await client.invalidateQueries({ queryKey: key });
          }}
        />
      )}
      <Modal
        opened={cold !== null}
        onClose={() => setCold(null)}
        title={t('filesBlock.coldTitle')}
        data-testid="file-cold-dialog"
      >
        {cold && (
          <Stack gap="sm">
            <Text size="sm">{t('filesBlock.fileInColdStorage')}</Text>
            <Text size="sm">
              {t('filesBlock.code')}{' '}
              <Text span ff="monospace" fw={600} data-testid="file-cold-code">
                {fileCode(cold.id)}
              </Text>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCold(null)} data-autofocus>
                {t('filesBlock.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

interface EditFileDialogProps {
  file: OperationFile;
  url: string;
  tagOptions: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/** Renames a file and sets its tags. */
function EditFileDialog({ file, url, tagOptions, onClose, onSaved }: EditFileDialogProps) {
  const { t } = useTranslation('common');
  const [description, setDescription] = useState(file.description);
  const [tagIds, setTagIds] = useState(file.tags.map((tag) => String(tag.id)));
  const save = useMutation({
    mutationFn: () =>
      api.put<OperationFile>(url, { description, tagTypeIds: tagIds.map(Number) }, { suppressPopup: true }),
    onSuccess: onSaved,
  });
  const refusal = refusalOf(save.error);
  const rootText = refusal.field('root') ?? refusal.other;
  return (
    <Modal opened onClose={onClose} title={t('filesBlock.editTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('filesBlock.name')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={refusal.field('description')}
            required
            data-autofocus
            data-testid="file-edit-name"
          />
          <MultiSelect
            label={t('filesBlock.tags')}
            data={tagOptions}
            value={tagIds}
            onChange={setTagIds}
            searchable
            clearable
            error={refusal.field('tagTypeIds')}
            data-testid="file-edit-tags"
          />
          {rootText && (
            <Alert color="red" variant="light">
              {rootText}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('filesBlock.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="file-edit-save">
              {t('filesBlock.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
