import { Alert, Button, Group, Modal, type ModalProps, Progress, Stack, Text } from '@mantine/core';
import { type BackgroundJob, type ImportError, isJobActive } from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { JobItem } from '../jobs/JobItem';
import { useBackgroundJob } from '../jobs/useBackgroundJob';
import { uploadTemporaryFile } from '../widgets/custom-fields/FileField';
import { columnName, ErrorList, ImportPreview, type ImportPreviewProps } from './ImportPreview';
import { IMPORT_JOB_ROWS, type ImportPreviewData, refusalErrors } from './logic';

/** Where an import is: nothing yet, working, its preview, done, in the job queue, or refused. */
export type ImportState<T, R> =
  | { kind: 'idle' }
  | { kind: 'busy'; applying: boolean }
  | { kind: 'preview'; preview: ImportPreviewData<T> }
  | { kind: 'done'; result: R }
  | { kind: 'job'; job: BackgroundJob }
  | { kind: 'refused'; errors: ImportError[] };

/**
 * The steps of an import, whatever its file and endpoints: `preview` (the file read and planned), `apply`
 * (written in the request), `queue` (a temporary upload applied in the job queue, `POST /api/imports/{name}/jobs`).
 * A refusal becomes the errors by row of its 400 tree (`refusalPrefix.<row>.<field>`).
 */
export function useImportRun<T, R>(refusalPrefix = 'rows') {
  const [state, setState] = useState<ImportState<T, R>>({ kind: 'idle' });
  const run = async <X,>(
    applying: boolean,
    call: () => Promise<X>,
    then: (answer: X) => ImportState<T, R>,
  ) => {
    setState({ kind: 'busy', applying });
    try {
      setState(then(await call()));
    } catch (error) {
      setState({ kind: 'refused', errors: refusalErrors(error, refusalPrefix) });
    }
  };
  return {
    state,
    reset: () => setState({ kind: 'idle' }),
    preview: (load: () => Promise<ImportPreviewData<T>>) =>
      run(false, load, (preview) => ({ kind: 'preview', preview })),
    apply: (call: () => Promise<R>) => run(true, call, (result) => ({ kind: 'done', result })),
    queue: (name: string, file: File | number, options?: unknown) =>
      run(
        true,
        async () => {
          const fileId = typeof file === 'number' ? file : (await uploadTemporaryFile(file)).id;
          return api.post<BackgroundJob>(
            `/imports/${name}/jobs`,
            { fileId, options },
            { suppressPopup: true },
          );
        },
        (job) => ({ kind: 'job', job }),
      ),
  };
}

export type ImportRun<T, R> = ReturnType<typeof useImportRun<T, R>>;

interface ImportDialogProps<T, R> extends Omit<ImportPreviewProps<T>, 'preview'> {
  run: ImportRun<T, R>;
  title: string;
  /** Open also while idle (the import's own first step, `setup`). */
  opened?: boolean;
  onClose(): void;
  /** The import's own step before the file (a date to fetch), shown while nothing runs. */
  setup?: ReactNode;
  /** What the import says of the file above its preview (a statement's warnings). */
  notice?: ReactNode;
  /** The confirm button's text for the rows it would import. */
  confirmLabel(preview: ImportPreviewData<T>): string;
  /** Whether the preview has anything to import (the confirm button is off otherwise). */
  importable?(preview: ImportPreviewData<T>): boolean;
  /** Writes the previewed file in the request. */
  apply(): Promise<R>;
  /** The same as a job, for a file of `IMPORT_JOB_ROWS` rows or more: the import's name, the file, options. */
  job?: { name: string; file: File | number; options?: unknown };
  /** What it did, shown when it is done (the dialog adds the close button). */
  done(result: R): ReactNode;
  /** Told once the import wrote (in the request, or its job is done): the lists it changed are read again. */
  onImported?(): void;
  size?: ModalProps['size'];
  testIds?: ImportPreviewProps<T>['testIds'] & { confirm?: string; done?: string; refused?: string };
}

/**
 * One dialog for every import (docs/development.md "Adding an import"): the file read with a progress
 * indicator, the preview of every row (`ImportPreview`), then the import: in the request for a small file,
 * in the job queue for a large one, whose progress it follows (the header's background jobs keep it after
 * the dialog is closed); then what was done, or every reason why nothing was.
 */
export function ImportDialog<T, R>({
  run,
  title,
  opened = false,
  onClose,
  setup,
  notice,
  confirmLabel,
  importable = (preview) => preview.rows.some((r) => r.action === 'create' || r.action === 'update'),
  apply,
  job,
  done,
  onImported,
  size = 'xl',
  testIds = {},
  ...preview
}: ImportDialogProps<T, R>) {
  const { t } = useTranslation('imports');
  const { state } = run;
  const busy = state.kind === 'busy';
  const close = () => {
    if (busy) return;
    run.reset();
    onClose();
  };
  const closeButton = (
    <Group justify="flex-end">
      <Button onClick={close} data-autofocus>
        {t('common:close')}
      </Button>
    </Group>
  );

  return (
    <Modal
      opened={opened || state.kind !== 'idle'}
      onClose={close}
      withCloseButton={!busy}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      size={state.kind === 'preview' ? size : 'lg'}
      title={title}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {state.kind === 'idle' && setup}
      {busy && (
        <Stack gap="xs" data-testid="import-progress">
          <Text size="sm">{t(state.applying ? 'applying' : 'reading')}</Text>
          <Progress value={100} animated striped aria-label={t(state.applying ? 'applying' : 'reading')} />
        </Stack>
      )}
      {state.kind === 'preview' && (
        <Stack>
          {notice}
          <ImportPreview preview={state.preview} testIds={testIds} {...preview} />
          {job && state.preview.rows.length >= IMPORT_JOB_ROWS && (
            <Text size="sm" c="dimmed">
              {t('inBackground')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button
              disabled={state.preview.errorCount > 0 || !importable(state.preview)}
              onClick={() =>
                job && state.preview.rows.length >= IMPORT_JOB_ROWS
                  ? void run.queue(job.name, job.file, job.options)
                  : void run.apply(async () => {
                      const result = await apply();
                      onImported?.();
                      return result;
                    })
              }
              data-testid={testIds.confirm}
            >
              {confirmLabel(state.preview)}
            </Button>
          </Group>
        </Stack>
      )}
      {state.kind === 'done' && (
        <Stack data-testid={testIds.done}>
          {done(state.result)}
          {closeButton}
        </Stack>
      )}
      {state.kind === 'job' && (
        <Stack>
          <ImportJob job={state.job} onImported={onImported} />
          {closeButton}
        </Stack>
      )}
      {state.kind === 'refused' && (
        <Stack>
          <Alert color="red" title={t('refused')} data-testid={testIds.refused}>
            <ErrorList
              errors={state.errors}
              header={columnName(preview.columns, preview.fieldName)}
              testId={testIds.errors}
            />
          </Alert>
          {closeButton}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * An import in the job queue, as its dialog shows it: the job's progress, end or failure (the background
 * jobs' own view), followed until it ends; `onImported` is told once it is done.
 */
export function ImportJob({ job, onImported }: { job: BackgroundJob; onImported?: () => void }) {
  const { t } = useTranslation('imports');
  const followed = useBackgroundJob(job) ?? job;
  const ended = followed.state === 'done';
  useEffect(() => {
    if (ended) onImported?.();
  }, [ended, onImported]);
  return (
    <Stack data-testid="import-job">
      <JobItem job={followed} />
      {isJobActive(followed.state) && (
        <Text size="sm" c="dimmed">
          {t('jobHint')}
        </Text>
      )}
    </Stack>
  );
}
