import { Alert, Badge, Button, Checkbox, FileInput, Group, Stack, Stepper, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import {
  type BackgroundJob,
  DATA_IMPORT_DATE_FORMAT_LABELS,
  DATA_IMPORT_DELIMITER_LABELS,
  DATA_IMPORT_ENCODING_LABELS,
  type DataImportFile,
  type DataImportPreview,
  type ImportError,
} from '@tms/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { download } from '../../platform/api/client';
import { ImportJob } from '../../platform/imports/ImportDialog';
import { ErrorList, ImportPreview, type PreviewColumn } from '../../platform/imports/ImportPreview';
import { refusalErrors } from '../../platform/imports/logic';
import { uploadTemporaryFile } from '../../platform/widgets/custom-fields/FileField';
import { checkOf, jobOf, previewFile, runFile } from './api';

/** What the wizard knows of the description it imports with. */
export interface WizardDescription {
  id: number;
  name: string;
  encoding: string;
  delimiter: string;
  dateFormat: string;
  maxRows: number;
}

type Step =
  | { at: 0; busy: boolean; errors?: ImportError[]; checking?: BackgroundJob }
  | { at: 1 | 2; preview: DataImportPreview; fileId: number }
  | { at: 3; job: BackgroundJob | null; duplicate: boolean };

const FIRST_ROWS = 10;
type Lang = 'ru' | 'en';

/**
 * The import of a file with a description (spec §2, brief §5): the file (CSV or XLSX) uploaded and dry-run on
 * the server, a job whose progress is shown (its run in the address, `?run=`, so the user may leave and come
 * back to its answer) → its columns as the description maps them, with the first rows → every row's answer (each
 * cell's error, downloadable as XLSX) → the run in the job queue with its progress. All or nothing: a file
 * with errors is not run; the same file again answers the import that took it.
 */
export function ImportWizard({
  description,
  initiator,
  fieldLabel,
  onImported,
}: {
  description: WizardDescription;
  initiator?: { type: 'order'; id: number };
  fieldLabel(field: string): string;
  onImported?(): void;
}) {
  const { t, i18n } = useTranslation(['dataImport', 'imports']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ at: 0, busy: false });
  const [running, setRunning] = useState(false);
  const target: Omit<DataImportFile, 'fileId'> = initiator
    ? { initiatorType: initiator.type, initiatorId: initiator.id }
    : {};
  const label = <T extends Record<string, { ru: string; en: string }>>(labels: T, value: string) =>
    (labels as Record<string, { ru: string; en: string }>)[value]?.[lang] ?? value;

  const [params, setParams] = useSearchParams();
  const runParam = Number(params.get('run')) || null;

  /** The dry run of the run in the address: its job followed while it runs, its answer once done. */
  const resume = useCallback(async (runId: number) => {
    try {
      const check = await checkOf(runId);
      if (check.preview) setStep({ at: 1, preview: check.preview, fileId: check.fileId });
      else {
        const job = await jobOf(check.jobId);
        setStep(
          job.state === 'done' || job.state === 'queued' || job.state === 'running'
            ? { at: 0, busy: true, checking: job }
            : { at: 0, busy: false, errors: job.error ? [{ row: 0, message: job.error }] : undefined },
        );
      }
    } catch (error) {
      setStep({ at: 0, busy: false, errors: refusalErrors(error) });
    }
  }, []);

  const resumeRun = useCallback(() => {
    if (runParam !== null) void resume(runParam);
  }, [runParam, resume]);
  useEffect(resumeRun, [resumeRun]);

  const read = async () => {
    if (!file) return;
    setStep({ at: 0, busy: true });
    try {
      const { id: fileId } = await uploadTemporaryFile(file);
      const check = await previewFile(description.id, { fileId, ...target });
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('run', String(check.runId));
          return next;
        },
        { replace: true },
      );
    } catch (error) {
      setStep({ at: 0, busy: false, errors: refusalErrors(error) });
    }
  };

  const run = async (fileId: number, validRowsOnly: boolean) => {
    setRunning(true);
    try {
      const answer = await runFile(description.id, { fileId, ...target, validRowsOnly });
      const job = answer.jobId ? await jobOf(answer.jobId) : null;
      setStep({ at: 3, job, duplicate: answer.duplicate });
    } catch (error) {
      setStep({ at: 0, busy: false, errors: refusalErrors(error) });
    } finally {
      setRunning(false);
    }
  };

  const restart = () => {
    setFile(null);
    setStep({ at: 0, busy: false });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('run');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stepper active={step.at} size="sm" allowNextStepsSelect={false} data-testid="import-wizard">
      <Stepper.Step label={t('wizard.stepFile')} description={t('wizard.stepFileHint')}>
        <Stack gap="sm" maw={640}>
          <FileInput
            label={t('wizard.file')}
            placeholder={t('wizard.filePlaceholder')}
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={setFile}
            clearable
            data-testid="import-file"
          />
          <Text size="sm" c="dimmed">
            {t('wizard.fileHint', {
              encoding: label(DATA_IMPORT_ENCODING_LABELS, description.encoding),
              delimiter: label(DATA_IMPORT_DELIMITER_LABELS, description.delimiter),
              dateFormat: label(DATA_IMPORT_DATE_FORMAT_LABELS, description.dateFormat),
              maxRows: description.maxRows.toLocaleString(lang === 'en' ? 'en-US' : 'ru-RU'),
            })}
          </Text>
          {step.at === 0 && step.checking && runParam !== null && (
            <ImportJob job={step.checking} onImported={resumeRun} />
          )}
          {step.at === 0 && step.errors && (
            <Alert color="red" title={t('imports:refused')} data-testid="import-refused">
              <ErrorList errors={step.errors} header={(field) => (field ? fieldLabel(field) : null)} />
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => void read()}
              disabled={!file}
              loading={step.at === 0 && step.busy}
              data-testid="import-read"
            >
              {t('wizard.read')}
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t('wizard.stepColumns')} description={t('wizard.stepColumnsHint')}>
        {step.at === 1 && (
          <Stack gap="sm">
            <FirstRows preview={step.preview} fieldLabel={fieldLabel} />
            <Group justify="space-between">
              <Button variant="default" onClick={restart}>
                {t('wizard.again')}
              </Button>
              <Button onClick={() => setStep({ ...step, at: 2 })} data-testid="import-next">
                {t('wizard.next')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stepper.Step>
      <Stepper.Step label={t('wizard.stepCheck')} description={t('wizard.stepCheckHint')}>
        {step.at === 2 && (
          <Check
            step={step}
            description={description}
            target={target}
            fieldLabel={fieldLabel}
            running={running}
            onBack={() => setStep({ ...step, at: 1 })}
            onAgain={restart}
            onRun={(validRowsOnly) => void run(step.fileId, validRowsOnly)}
          />
        )}
      </Stepper.Step>
      <Stepper.Step label={t('wizard.stepRun')} description={t('wizard.stepRunHint')}>
        {step.at === 3 && (
          <Stack gap="sm" data-testid="import-done">
            {step.duplicate && (
              <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                {t('wizard.duplicate')}
              </Alert>
            )}
            {step.job && <ImportJob job={step.job} onImported={onImported} />}
            <Group>
              <Button variant="default" onClick={restart}>
                {t('wizard.again')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stepper.Step>
    </Stepper>
  );
}

/** The file's header with the field each column fills, and its first rows as read. */
function FirstRows({
  preview,
  fieldLabel,
}: {
  preview: DataImportPreview;
  fieldLabel(field: string): string;
}) {
  const { t } = useTranslation('dataImport');
  const rows = preview.rows.slice(0, FIRST_ROWS);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560} tabIndex={0} aria-label={t('wizard.firstRows')}>
        <Table striped withTableBorder verticalSpacing={6} data-testid="import-columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right" w={72}>
                {t('wizard.fileColumn')}
              </Table.Th>
              {preview.columns.map((column) => (
                <Table.Th key={column.index}>{column.title}</Table.Th>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th ta="right">{t('wizard.mappedTo')}</Table.Th>
              {preview.columns.map((column) => (
                <Table.Th key={column.index}>
                  {column.field ? (
                    <Badge variant="light" tt="none">
                      {fieldLabel(column.field)}
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t('wizard.ignored')}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td ta="right" c="dimmed">
                  {row.row}
                </Table.Td>
                {preview.columns.map((column) => (
                  <Table.Td key={column.index}>{column.field ? row.values[column.field] : ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {preview.errors.some((e) => e.row === 0) && (
        <Alert color="red" title={t('imports:hasErrors')}>
          <ErrorList
            errors={preview.errors.filter((e) => e.row === 0)}
            header={(field) => (field ? fieldLabel(field) : null)}
          />
        </Alert>
      )}
    </Stack>
  );
}

function Check({
  step,
  description,
  target,
  fieldLabel,
  running,
  onBack,
  onAgain,
  onRun,
}: {
  step: { preview: DataImportPreview; fileId: number };
  description: WizardDescription;
  target: Omit<DataImportFile, 'fileId'>;
  fieldLabel(field: string): string;
  running: boolean;
  onBack(): void;
  onAgain(): void;
  onRun(validRowsOnly: boolean): void;
}) {
  const { t } = useTranslation('dataImport');
  const { preview } = step;
  const [validRowsOnly, setValidRowsOnly] = useState(false);
  // Rows with errors may be skipped when they are the rows' own errors, not the file's.
  const skippable = preview.errorCount > 0 && !preview.errors.some((error) => error.row === 0);
  const mapped = preview.columns.filter((column) => column.field !== null);
  const columns: PreviewColumn<Record<string, string>>[] = mapped.map((column) => ({
    field: column.field!,
    header: fieldLabel(column.field!),
    render: (values) => values[column.field!] ?? '',
  }));
  const importable = preview.counts.create + preview.counts.update;
  return (
    <Stack gap="sm">
      {preview.alreadyImported && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="import-already">
          {t('wizard.alreadyImported')}
        </Alert>
      )}
      <ImportPreview
        preview={{
          rows: preview.rows.map((row) => ({ ...row })),
          errors: preview.errors,
          errorCount: preview.errorCount,
        }}
        columns={columns}
        fieldName={(field) => fieldLabel(field)}
        testIds={{ table: 'import-rows', errors: 'import-errors' }}
      />
      {preview.hiddenRows > 0 && (
        <Text size="xs" c="dimmed">
          {t('wizard.moreRows', { count: preview.hiddenRows })}
        </Text>
      )}
      {preview.errorCount > 0 && (
        <Text size="sm" c="dimmed">
          {t('wizard.allOrNothing')}
        </Text>
      )}
      {skippable && importable > 0 && (
        <Checkbox
          checked={validRowsOnly}
          onChange={(event) => setValidRowsOnly(event.currentTarget.checked)}
          label={t('wizard.validRowsOnly')}
          description={t('wizard.validRowsOnlyHint', { count: preview.counts.error })}
          data-testid="import-valid-rows-only"
        />
      )}
      <Group justify="space-between">
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('wizard.back')}
          </Button>
          <Button variant="default" onClick={onAgain}>
            {t('wizard.again')}
          </Button>
        </Group>
        <Group>
          {preview.errorCount > 0 && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void download(`/data-import/descriptions/${description.id}/errors`, {
                  fileId: step.fileId,
                  ...target,
                })
              }
              data-testid="import-download-errors"
            >
              {t('wizard.downloadErrors')}
            </Button>
          )}
          <Button
            disabled={(preview.errorCount > 0 && !(skippable && validRowsOnly)) || importable === 0}
            loading={running}
            onClick={() => onRun(skippable && validRowsOnly)}
            data-testid="import-run"
          >
            {t('wizard.run', { count: importable })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
