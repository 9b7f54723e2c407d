import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  decimalFixed,
  type ParsedRateRow,
  type PriceCollection,
  RATE_IMPORT_FIELDS,
  type RateImportColumns,
  type RateImportField,
  type RateImportMapping,
  type RateImportPreview,
  REQUIRED_IMPORT_FIELDS,
  type ResourceDescriptor,
} from '@tms/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client';
import { translateServerMessage } from '../../platform/i18n';
import { ImportJob, useImportRun } from '../../platform/imports/ImportDialog';
import { ImportPreview, type PreviewColumn } from '../../platform/imports/ImportPreview';
import { IMPORT_JOB_ROWS, previewOf } from '../../platform/imports/logic';
import { resourceKey } from '../../platform/resources/keys';
import { bodyOf } from '../../platform/resources/logic';
import {
  ResourceFormFields,
  type ResourceFormValues,
  useResourceForm,
} from '../../platform/resources/ResourceFormFields';
import type { ResourceTexts } from '../../platform/resources/texts';
import { notifySaved } from '../../platform/snackbar';
import { validationErrorsOf } from '../../platform/widgets';
import { uploadTemporaryFile } from '../../platform/widgets/custom-fields/FileField';
import { columnLabel, columnLetter, mappingBody } from './logic';

type Row = ParsedRateRow | null;

/** The file, the mapping, the preview, the import itself (a large file's job). */
type Step = 0 | 1 | 2 | 3;

const STEPS = ['file', 'mapping', 'preview', 'apply'] as const;

/** Where a refusal of the preview or the import belongs: the collection's fields, the mapping, the file. */
function splitErrors(errors: Record<string, string[]>) {
  const mapping: Partial<Record<RateImportField, string>> = {};
  const other: string[] = [];
  const collection: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const text = messages.map((m) => translateServerMessage(m)).join(' ');
    if (path.startsWith('mapping.')) mapping[path.slice('mapping.'.length) as RateImportField] = text;
    else if (path.startsWith('collection.')) collection[path.slice('collection.'.length)] = messages;
    else if (['validFrom', 'validTo', 'regionId', 'name', 'currencyId', 'volumetricFactor'].includes(path))
      collection[path] = messages;
    else other.push(text);
  }
  return { mapping, collection, other };
}

/**
 * The XLSX import of a rate table (docs/pricing.md "Import"): the file and the table's validity, then
 * which column holds what (guessed from the header), then the preview of every row and every error by
 * its row number; only a clean file can be imported, whole.
 */
export function ImportDialog({
  descriptor,
  texts,
  opened,
  onClose,
}: {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileId, setFileId] = useState<number | null>(null);
  const [sheet, setSheet] = useState<RateImportColumns | null>(null);
  const [mapping, setMapping] = useState<RateImportMapping>({});
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<RateImportField, string>>>({});
  const [preview, setPreview] = useState<RateImportPreview | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  /** A large file goes to the job queue (`IMPORT_JOB_ROWS`); its dialog then follows the job. */
  const job = useImportRun<Row, never>();
  const form = useResourceForm(descriptor, null);
  const { setValue } = form;
  // A new table starts with road groupage's usual factor (docs/pricing.md "Chargeable weight").
  useEffect(() => {
    if (opened) setValue('volumetricFactor', 333);
  }, [opened, setValue]);

  const close = () => {
    onClose();
    setStep(0);
    setFile(null);
    setFileError(null);
    setFileId(null);
    setSheet(null);
    setMapping({});
    setMappingErrors({});
    setPreview(null);
    setRefusals([]);
    job.reset();
    form.reset();
  };

  const body = (values: ResourceFormValues) => ({
    fileId,
    mapping: mappingBody(mapping),
    collection: bodyOf(descriptor, values),
  });

  /** A refusal under the collection's fields goes back to the first step, where they are. */
  const refused = (error: unknown) => {
    const errors = validationErrorsOf(error);
    if (!errors) return;
    const split = splitErrors(errors);
    setMappingErrors(split.mapping);
    setRefusals(split.other);
    if (Object.keys(split.collection).length) {
      setStep(0);
      for (const [field, messages] of Object.entries(split.collection))
        form.setError(field, { type: 'server', message: messages.join('\n') });
    } else if (Object.keys(split.mapping).length) setStep(1);
  };

  const readFile = useMutation({
    mutationFn: async () => {
      const uploaded = await uploadTemporaryFile(file!);
      setFileId(uploaded.id);
      return api.post<RateImportColumns>(
        '/request-offers/rate-tables/import/columns',
        { fileId: uploaded.id },
        { suppressPopup: [400] },
      );
    },
    onSuccess: (answer) => {
      setSheet(answer);
      setMapping(answer.suggested);
      setMappingErrors({});
      setStep(1);
    },
    onError: (error) => {
      const errors = validationErrorsOf(error);
      setFileError(
        errors?.fileId
          ? translateServerMessage(errors.fileId[0]!)
          : translateServerMessage(String((error as Error).message)),
      );
    },
  });

  const check = useMutation({
    mutationFn: (values: ResourceFormValues) =>
      api.post<RateImportPreview>('/request-offers/rate-tables/import/preview', body(values), {
        suppressPopup: [400],
      }),
    onSuccess: (answer) => {
      setPreview(answer);
      setRefusals([]);
      setStep(2);
    },
    onError: refused,
  });

  const save = useMutation({
    mutationFn: (values: ResourceFormValues) =>
      api.post<PriceCollection>('/request-offers/rate-tables/import', body(values), { suppressPopup: [400] }),
    onSuccess: async (created) => {
      notifySaved(t('import.imported', { count: created.rowCount }));
      close();
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      navigate(`/request-offers/rate-tables/${created.id}`);
    },
    onError: refused,
  });

  const imported = useCallback(
    () => void client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
    [client, descriptor],
  );
  const confirm = form.handleSubmit((values) => {
    if (preview!.rows.length < IMPORT_JOB_ROWS) return save.mutate(values);
    const { fileId: file, ...options } = body(values);
    void job.queue('pricing.rate-table', file!, options);
  });

  const next = form.handleSubmit(() => {
    if (!file) {
      setFileError(translateServerMessage('No file selected.'));
      return;
    }
    setFileError(null);
    if (sheet && fileId) setStep(1);
    else readFile.mutate();
  });

  // A queued import is the last step: the job runs whatever the dialog shows, so no step leads back.
  const current: Step = job.state.kind === 'job' ? 3 : step;
  const columnOptions = (sheet?.columns ?? []).map((column) => ({
    value: String(column.index),
    label: columnLabel(column),
  }));
  const errorCount = preview?.errorCount ?? 0;
  const columns: PreviewColumn<Row>[] = [
    { field: 'toRegion', header: t('rows.toRegion'), render: (row) => row?.toRegionName },
    {
      field: 'weightBreak',
      header: t('rows.weightBreak'),
      align: 'right',
      render: (row) => row && (row.weightBreak ?? t('rows.any')),
    },
    {
      field: 'volumeBreak',
      header: t('rows.volumeBreak'),
      align: 'right',
      render: (row) => row && (row.volumeBreak ?? t('rows.any')),
    },
    {
      field: 'price',
      header: t('rows.price'),
      align: 'right',
      render: (row) => row && decimalFixed(row.price, 2),
    },
    { field: 'currency', header: t('rows.currency'), render: (row) => row?.currency },
  ];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('import.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="import-dialog"
    >
      <Stepper
        active={current}
        size="sm"
        mb="md"
        allowNextStepsSelect={false}
        onStepClick={(s) => setStep(s as Step)}
        data-testid="import-steps"
      >
        {STEPS.map((name, index) => (
          <Stepper.Step
            key={name}
            label={t(`import.steps.${name}`)}
            // Done steps and the current one are buttons reached with Tab; the current one says so.
            allowStepSelect={current < 3 && index <= current}
            aria-current={index === current ? 'step' : undefined}
            loading={index === 3 && (save.isPending || job.state.kind === 'busy')}
          />
        ))}
      </Stepper>

      {current === 0 && (
        <form onSubmit={next} noValidate>
          <Stack gap="md">
            <FileInput
              label={t('import.file')}
              placeholder={t('import.filePlaceholder')}
              description={t('import.fileHint')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(null);
                setSheet(null);
                setFileId(null);
                setPreview(null);
              }}
              error={fileError}
              required
              clearable
              data-testid="import-file"
            />
            <ResourceFormFields
              descriptor={descriptor}
              options={{}}
              texts={texts}
              control={form.control}
              record={null}
              canWrite
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {texts.t('cancel')}
              </Button>
              <Button type="submit" loading={readFile.isPending}>
                {t('import.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {current === 1 && sheet && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('import.sheet', { sheet: sheet.sheet, count: sheet.rowCount })} {t('import.mappingHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {RATE_IMPORT_FIELDS.map((field) => (
              <Select
                key={field}
                label={t(`import.fields.${field}`)}
                required={REQUIRED_IMPORT_FIELDS.includes(field)}
                placeholder={t('import.notMapped')}
                data={columnOptions}
                value={mapping[field] ? String(mapping[field]) : null}
                onChange={(value) => setMapping((m) => ({ ...m, [field]: value ? Number(value) : null }))}
                error={mappingErrors[field]}
                clearable
                data-testid={`mapping-${field}`}
              />
            ))}
          </SimpleGrid>
          <Refusals messages={refusals} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(0)}>
              {t('import.back')}
            </Button>
            <Button onClick={form.handleSubmit((values) => check.mutate(values))} loading={check.isPending}>
              {t('import.toPreview')}
            </Button>
          </Group>
        </Stack>
      )}

      {current === 3 && job.state.kind === 'job' && (
        <Stack gap="md">
          <ImportJob job={job.state.job} onImported={imported} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('common:close')}</Button>
          </Group>
        </Stack>
      )}
      {current === 2 && preview && (
        <Stack gap="md">
          <Text size="sm" data-testid="import-summary">
            {t('import.ready', { rows: preview.rows.length, errors: errorCount })}
          </Text>
          <Refusals messages={refusals} />
          <ImportPreview
            preview={previewOf(
              preview.rows.map((row) => ({ row: row.sourceRow, action: 'create' as const, values: row })),
              preview.errors.map(({ field, ...error }) => ({ ...error, ...(field ? { field } : {}) })),
              errorCount,
              null,
            )}
            columns={columns}
            fieldName={(field) =>
              `${columnLetter(mapping[field as RateImportField] ?? 0)} · ${t(`import.fields.${field}`)}`
            }
            testIds={{ table: 'import-rows', errors: 'import-errors' }}
          />
          {job.state.kind === 'refused' && (
            <Refusals messages={job.state.errors.map((e) => translateServerMessage(e.message))} />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(1)}>
              {t('import.back')}
            </Button>
            <Button
              onClick={confirm}
              loading={save.isPending || job.state.kind === 'busy'}
              disabled={errorCount > 0 || preview.rows.length === 0}
              data-testid="import-confirm"
            >
              {t('import.confirm', { count: preview.rows.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Refusals that belong to no field of the step (the file as a whole). */
function Refusals({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="import-refusal">
      {messages.join(' ')}
    </Alert>
  );
}
