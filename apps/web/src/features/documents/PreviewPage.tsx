import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { GeneratedFormat, InitiatorPreview } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, download } from '../../platform/api/client';
import { RECORD_LOAD, RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { notifySaved } from '../../platform/snackbar';

interface Generated {
  id: number;
  description: string;
  downloadLink: string;
  attached: boolean;
  /** The report: tags that printed nothing, who made the PDF. */
  emptyTags: string[];
  converter: 'libreoffice' | 'builtin' | null;
}

const shown = (value: unknown): string => {
  if (Array.isArray(value))
    return value
      .map((item) =>
        Object.values(item as object)
          .filter((v) => v !== '' && v !== null)
          .join(' · '),
      )
      .join('\n');
  return value === null || value === undefined ? '' : String(value);
};

/**
 * A record's documents (spec route `/document-generator/initiator/{type}/preview/{id}`): its templates,
 * each generated into the record's files and downloaded, and what each field of the record prints.
 */
export function PreviewPage() {
  const { t, i18n } = useTranslation('documents');
  const { initiatorType = '', initiatorId = '' } = useParams();
  const preview = useQuery({
    queryKey: ['documents', 'preview', initiatorType, initiatorId],
    queryFn: ({ signal }) =>
      api.get<InitiatorPreview>(`/document-generator/initiator/${initiatorType}/preview/${initiatorId}`, {
        signal,
        ...RECORD_LOAD,
      }),
    enabled: /^\d+$/.test(initiatorId),
  });
  const generate = useMutation({
    mutationFn: ({ templateId, format }: { templateId: number; format: GeneratedFormat }) =>
      api.post<Generated>(`/document-generator/initiator/${initiatorType}/generate/${initiatorId}`, {
        templateId,
        format,
      }),
    onSuccess: (file) => {
      notifySaved(t(file.attached ? 'preview.generatedAttached' : 'preview.generated'));
      void download(file.downloadLink);
    },
  });
  const data = preview.data;
  const state = recordStateOf([preview], !/^\d+$/.test(initiatorId));
  if (state !== 'ready' || !data) {
    return (
      <RecordPlaceholder
        state={state}
        back="/document-generator/templates"
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const text = (label: { ru: string; en: string }) => (i18n.language === 'en' ? label.en : label.ru);
  return (
    <Stack gap="md" maw={1200}>
      <Group gap="sm">
        <Title order={2} size="h3" data-testid="preview-title">
          {text(data.initiator.label)} {data.title}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('preview.templates')}
            </Title>
            {data.templates.length === 0 && <Alert color="gray">{t('preview.noTemplates')}</Alert>}
            {data.templates.map((template) => (
              <Group key={template.id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={500}>{template.name}</Text>
                  <Text size="xs" c="dimmed">
                    {template.fileName}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {(['docx', 'pdf'] as const).map((format) => (
                    <Button
                      key={format}
                      size="xs"
                      variant={format === 'docx' ? 'filled' : 'default'}
                      leftSection={<IconFileDownload size={16} />}
                      onClick={() => generate.mutate({ templateId: template.id, format })}
                      loading={
                        generate.isPending &&
                        generate.variables?.templateId === template.id &&
                        generate.variables.format === format
                      }
                      data-testid={
                        format === 'docx' ? `generate-${template.id}` : `generate-pdf-${template.id}`
                      }
                    >
                      {t(format === 'docx' ? 'preview.generate' : 'preview.generatePdf')}
                    </Button>
                  ))}
                </Group>
              </Group>
            ))}
            {generate.data && generate.data.emptyTags.length > 0 && (
              <Alert color="yellow" p="xs" title={t('preview.emptyTags')} data-testid="generation-empty-tags">
                {generate.data.emptyTags.map((tag) => `{${tag}}`).join(', ')}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              {t('preview.pdfNote')}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('preview.values')}
            </Title>
            <Table verticalSpacing={4} data-testid="preview-values">
              <Table.Tbody>
                {data.initiator.fields.map((field) => (
                  <Table.Tr key={field.tag}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm">{text(field.label)}</Text>
                        <Badge variant="light" color="gray" tt="none" ff="monospace" size="sm">
                          {field.items ? `{#${field.tag}}` : `{${field.tag}}`}
                        </Badge>
                      </Stack>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{shown(data.data[field.tag])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
