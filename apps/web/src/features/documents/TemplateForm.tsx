import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentTemplate, Initiator, ListResult, StageType, TemplateCheckResult } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { resourceKey } from '../../platform/resources/keys';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordIdOf,
  recordStateOf,
} from '../../platform/resources/RecordPage';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { notifySaved } from '../../platform/snackbar';
import { TemplateFileField } from './TemplateFileField';

const TEMPLATES_PATH = '/document-generator/templates';

/** A tag to copy into the Word file: `{number}`, a loop `{#stages}…{/stages}`. */
function TagCopy({ tag }: { tag: string }) {
  const { t } = useTranslation('documents');
  return (
    <CopyButton value={tag}>
      {({ copied, copy }) => (
        <Group gap={4} wrap="nowrap">
          <Text ff="monospace" size="sm">
            {tag}
          </Text>
          <Tooltip label={t(copied ? 'templates.copied' : 'templates.copy')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={copy}
              aria-label={`${t('templates.copy')} ${tag}`}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </CopyButton>
  );
}

/** The field picker: every field of the initiator with the tag that prints it, loops with their fields. */
export function FieldPicker({ initiator }: { initiator: Initiator }) {
  const { t, i18n } = useTranslation('documents');
  const text = (label: { ru: string; en: string }) => (i18n.language === 'en' ? label.en : label.ru);
  return (
    <Table verticalSpacing={4} data-testid="field-picker">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('templates.field')}</Table.Th>
          <Table.Th>{t('templates.tag')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {initiator.fields.flatMap((field) => [
          <Table.Tr key={field.tag}>
            <Table.Td>{text(field.label)}</Table.Td>
            <Table.Td>
              <TagCopy tag={field.items ? `{#${field.tag}}…{/${field.tag}}` : `{${field.tag}}`} />
            </Table.Td>
          </Table.Tr>,
          ...(field.items ?? []).map((item) => (
            <Table.Tr key={`${field.tag}.${item.tag}`}>
              <Table.Td pl="xl" c="dimmed">
                {text(item.label)}
              </Table.Td>
              <Table.Td>
                <TagCopy tag={`{${item.tag}}`} />
              </Table.Td>
            </Table.Tr>
          )),
        ])}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A .docx template: its name, the kind of record it is for, the Word file and the stage types that generate
 * it. At `/document-generator/templates/{copyFrom}/copy` a new template starts as a copy of another, its
 * Word file copied too.
 */
export function TemplateForm({ descriptor }: ResourceScreenProps) {
  const { t, i18n } = useTranslation('documents');
  const params = useParams();
  const id = recordIdOf(params.id);
  const copyFrom = recordIdOf(params.copyFrom);
  const navigate = useNavigate();
  const client = useQueryClient();
  const initiators = useQuery({
    queryKey: ['documents', 'initiators'],
    queryFn: ({ signal }) => api.get<Initiator[]>('/document-generator/initiators', { signal }),
  });
  const stageTypes = useQuery({
    queryKey: ['documents', 'stage-types'],
    queryFn: ({ signal }) =>
      api.get<ListResult<StageType>>('/settings/stage-types', { signal, query: { itemsPerPage: 1000 } }),
  });
  const existing = useQuery({
    queryKey: [...resourceKey(descriptor), 'record', id],
    queryFn: ({ signal }) => api.get<DocumentTemplate>(`${TEMPLATES_PATH}/${id}`, { signal, ...RECORD_LOAD }),
    enabled: id !== null && !Number.isNaN(id),
  });
  const source = useQuery({
    queryKey: [...resourceKey(descriptor), 'copy', copyFrom],
    queryFn: async ({ signal }) => {
      const template = await api.get<DocumentTemplate>(`${TEMPLATES_PATH}/${copyFrom}`, {
        signal,
        ...RECORD_LOAD,
      });
      const file = await api.post<{ id: number; description: string }>(
        `${TEMPLATES_PATH}/${copyFrom}/file-copy`,
        undefined,
        RECORD_LOAD,
      );
      return { template, file };
    },
    enabled: copyFrom !== null && !Number.isNaN(copyFrom),
    // Each visit copies the file once; a refetch would leave more temporary copies behind.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [name, setName] = useState('');
  const [initiatorType, setInitiatorType] = useState<string | null>(null);
  const [stageTypeIds, setStageTypeIds] = useState<string[]>([]);
  const [file, setFile] = useState<{ id: number; name: string } | null>(null);
  const record = existing.data;
  useEffect(() => {
    if (!record) return;
    setName(record.name);
    setInitiatorType(record.initiatorType);
    setStageTypeIds(record.stageTypeIds.map(String));
    setFile({ id: record.fileId, name: record.fileName });
  }, [record]);
  const copied = source.data;
  useEffect(() => {
    if (!copied) return;
    setName(t('templates.copyName', { name: copied.template.name }));
    setInitiatorType(copied.template.initiatorType);
    setStageTypeIds(copied.template.stageTypeIds.map(String));
    setFile({ id: copied.file.id, name: copied.file.description });
  }, [copied, t]);

  const save = useMutation({
    mutationFn: () => {
      const body = { name, initiatorType, fileId: file?.id, stageTypeIds: stageTypeIds.map(Number) };
      return record
        ? api.put<DocumentTemplate>(
            `${TEMPLATES_PATH}/${record.id}`,
            { ...body, version: record.version },
            { suppressPopup: [400] },
          )
        : api.post<DocumentTemplate>(TEMPLATES_PATH, body, { suppressPopup: [400] });
    },
    onSuccess: (saved) => {
      notifySaved(t('templates.saved'));
      client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      if (!record) navigate(`${TEMPLATES_PATH}/${saved.id}`, { replace: true });
    },
  });
  // The file's tags checked against the chosen initiator's fields: warnings seen before saving.
  const check = useQuery({
    queryKey: ['documents', 'template-check', file?.id, initiatorType],
    queryFn: ({ signal }) =>
      api.post<TemplateCheckResult>(
        '/document-generator/template-check',
        { fileId: file!.id, initiatorType: initiatorType!, ...(record ? { templateId: record.id } : {}) },
        { signal, suppressPopup: true },
      ),
    enabled: file !== null && initiatorType !== null,
  });
  const refusal = refusalOf(save.error);
  const text = (label: { ru: string; en: string }) => (i18n.language === 'en' ? label.en : label.ru);
  const initiator = initiators.data?.find((one) => one.type === initiatorType);
  // The template edited, or copied from: either may be missing or forbidden.
  const load = id !== null ? existing : copyFrom !== null ? source : null;
  const state = load ? recordStateOf([load], Number.isNaN(id ?? copyFrom)) : 'ready';
  if (load && state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={TEMPLATES_PATH}
        error={load.error}
        onRetry={() => void load.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {record?.name ?? t(copyFrom ? 'templates.copyTitle' : 'templates.new')}
        </Title>
        {record && (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCopy size={16} />}
            component={Link}
            to={`${TEMPLATES_PATH}/${record.id}/copy`}
            data-testid="template-copy"
          >
            {t('templates.copyAction')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
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
                label={t('templates.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={refusal.field('name')}
                required
                data-testid="template-name"
              />
              <Select
                label={t('templates.initiatorType')}
                data={(initiators.data ?? []).map((one) => ({ value: one.type, label: text(one.label) }))}
                value={initiatorType}
                onChange={setInitiatorType}
                error={refusal.field('initiatorType')}
                required
                data-testid="template-initiator"
              />
              <TemplateFileField
                file={file}
                onUploaded={setFile}
                error={refusal.field('fileId')}
                warnings={check.data?.warnings ?? []}
              />
              <MultiSelect
                label={t('templates.stageTypeIds')}
                description={t('templates.stageTypesHint')}
                data={(stageTypes.data?.collection ?? []).map((type) => ({
                  value: String(type.id),
                  label: type.name,
                }))}
                value={stageTypeIds}
                onChange={setStageTypeIds}
                searchable
                clearable
              />
              <Group justify="flex-end">
                <Button variant="default" component={Link} to={TEMPLATES_PATH}>
                  {t('common:cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="template-save">
                  {t('common:save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('templates.fields')}
            </Title>
            {initiator ? (
              <>
                <Text size="xs" c="dimmed">
                  {t('templates.fieldsHint')}
                </Text>
                <FieldPicker initiator={initiator} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('templates.chooseInitiator')}
              </Text>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
