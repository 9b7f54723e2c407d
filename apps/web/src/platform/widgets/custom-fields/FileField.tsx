import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Input,
  Loader,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../api/client';
import { translateServerMessage } from '../../i18n';

export interface FileMetadata {
  id: number;
  description: string;
  size: number;
  coldStorage: boolean;
  downloadLink: string;
}

/** Stores a file as the user's temporary upload (spec §7); a saved form or an attach call keeps it. */
export function uploadTemporaryFile(file: File): Promise<FileMetadata> {
  const body = new FormData();
  body.append('file', file);
  return api.post<FileMetadata>('/file-management/files/temporary', body, { suppressPopup: true });
}

/** The metadata address of one file: `{id}` replaced, or the id appended. */
export function metadataAddress(template: string | undefined, id: number): string {
  const base = template || '/file-management/files/{id}';
  return base.includes('{id}') ? base.replace('{id}', String(id)) : `${base.replace(/\/$/, '')}/${id}`;
}

interface FileFieldProps {
  label: string;
  required: boolean;
  disabled: boolean;
  error?: string;
  /** The file id, or the ids of a collection. */
  value: number | number[] | null;
  multiple: boolean;
  onChange: (value: number | number[] | null) => void;
  /** The metadata address of a file, `{id}` replaced; the files service's by default (spec §7). */
  metadataUrl?: string;
  testId: string;
}

/**
 * A file or file-collection field (spec §7): an upload goes to `POST /file-management/files/temporary` and
 * the field keeps the answered id (ids for a collection); names come from the metadata address. The saved
 * form attaches the files to its record.
 */
export function FileField({
  label,
  required,
  disabled,
  error,
  value,
  multiple,
  onChange,
  metadataUrl,
  testId,
}: FileFieldProps) {
  const { t } = useTranslation('customFields');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const ids = value === null ? [] : Array.isArray(value) ? value : [value];
  const metadata = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['file-metadata', metadataUrl ?? 'files', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<FileMetadata>(metadataAddress(metadataUrl, id), {
          signal,
          suppressPopup: true,
        }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const stored = await uploadTemporaryFile(file);
      onChange(multiple ? [...ids, stored.id] : stored.id);
    } catch (failure) {
      const message = (failure as { message?: string }).message;
      setUploadError(message ? translateServerMessage(message) : t('files.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };
  const remove = (id: number) => onChange(multiple ? ids.filter((other) => other !== id) : null);

  return (
    <Input.Wrapper label={label} required={required} error={error ?? uploadError} data-testid={testId}>
      <Stack gap={6} mt={4}>
        {ids.map((id, index) => {
          const file = metadata[index]?.data;
          return (
            <Group key={id} gap="xs" wrap="nowrap" data-testid={`${testId}-file`}>
              <IconPaperclip size={16} />
              {file ? (
                file.coldStorage || typeof file.downloadLink !== 'string' ? (
                  <Text size="sm">{String(file.description ?? id)}</Text>
                ) : (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => void download(file.downloadLink)}
                  >
                    {file.description}
                  </Anchor>
                )
              ) : metadata[index]?.isError ? (
                <Text size="sm" c="dimmed">
                  {t('files.unavailable', { id: String(id).padStart(6, '0') })}
                </Text>
              ) : (
                <Loader size="xs" />
              )}
              {!disabled && (
                <Tooltip label={t('files.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    onClick={() => remove(id)}
                    aria-label={t('files.remove')}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          );
        })}
        {!disabled && (multiple || ids.length === 0) && (
          <FileButton onChange={upload}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                w="fit-content"
                loading={uploading}
                leftSection={<IconUpload size={14} />}
                data-testid={`${testId}-upload`}
              >
                {multiple ? t('files.add') : t('files.choose')}
              </Button>
            )}
          </FileButton>
        )}
        {disabled && ids.length === 0 && (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
