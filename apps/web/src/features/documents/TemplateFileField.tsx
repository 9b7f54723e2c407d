import { Alert, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TemplateTagWarning } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../platform/kit/blocks';
import { uploadTemporaryFile } from '../../platform/widgets/custom-fields/FileField';

export interface TemplateFile {
  id: number;
  name: string;
}

interface TemplateFileFieldProps {
  file: TemplateFile | null;
  /** Takes the uploaded (temporary) file: the form keeps it and may check its tags. */
  onUploaded: (file: TemplateFile) => void | Promise<void>;
  /** The save's refusal of the file. */
  error?: string;
  /** The tags of the file no field prints, each with where it is. */
  warnings: readonly TemplateTagWarning[];
}

/**
 * The Word file of a template (documents and shipment documents alike): choose or replace it, its name, the
 * refusal of the upload or the save, and the tags of the file no field prints, seen before saving.
 */
export function TemplateFileField({ file, onUploaded, error, warnings }: TemplateFileFieldProps) {
  const { t } = useTranslation('documents');
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const uploaded = await uploadTemporaryFile(chosen);
      await onUploaded({ id: uploaded.id, name: uploaded.description });
    },
  });
  const refusal = upload.error ? refusalOf(upload.error).all : error;
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('templates.file')}{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Group gap="sm">
          <FileButton
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            onChange={(chosen) => chosen && upload.mutate(chosen)}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                data-testid="template-upload"
              >
                {t(file ? 'templates.replaceFile' : 'templates.chooseFile')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="template-file-name">
            {file?.name ?? t('templates.noFile')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('templates.fileHint')}
        </Text>
        {refusal && (
          <Alert color="red" p="xs" data-testid="template-file-error">
            {refusal}
          </Alert>
        )}
      </Stack>
      <TagWarnings warnings={warnings} />
    </>
  );
}

/** The tags of an uploaded template no field prints, each with where it is. */
function TagWarnings({ warnings }: { warnings: readonly TemplateTagWarning[] }) {
  const { t } = useTranslation('documents');
  if (!warnings.length) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={16} />}
      title={t('warnings.title')}
      data-testid="tag-warnings"
    >
      <List size="sm">
        {warnings.map((warning) => (
          <List.Item key={`${warning.loop ?? ''}/${warning.tag}`}>
            {t(warning.loop ? 'warnings.inLoop' : 'warnings.item', {
              tag: `{${warning.tag}}`,
              loop: warning.loop,
              part: t(`warnings.parts.${warning.part}`),
              paragraph: warning.paragraph,
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
