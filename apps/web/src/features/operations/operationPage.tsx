import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconFileDescription,
  IconFiles,
  IconRefresh,
  IconRoute,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job, Order, ResourceDescriptor } from '@tms/domain';
import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import { useRealtime } from '../../platform/realtime';
import type { Row } from '../../platform/resources/logic';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  type RecordTab,
  recordStateOf,
  useRecord,
} from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import type { ResourceTexts } from '../../platform/resources/texts';
import { notifySaved } from '../../platform/snackbar';
import { OrderInsuranceLink } from '../insurance/OrderInsuranceLink';
import { ArchiveConfirm } from './ArchiveConfirm';
import { ArchiveInfo } from './ArchiveInfo';
import { OPERATIONS_KEY, type OperationPath } from './api';
import { OperationFiles } from './OperationFiles';
import type { BlockEditing, OperationFormPart, OperationFormProps } from './operationForm';
import { PropertyView } from './PropertyView';
import { StatusMenus } from './StatusMenus';

type Operation = Order | Job;

interface OperationPageOptions<R extends Operation, V extends FieldValues, S> {
  descriptor: ResourceDescriptor;
  /** The body a new record starts from (an order's copy, a new job's defaults): its route parameter and URL. */
  starting: { key: string; param: string | undefined; url: (param: string) => string };
  /** The form's values of a saved record, a starting body, or nothing yet. */
  valuesOf: (source: R | S | null) => V;
}

/**
 * The frame of an order or job page: the saved record, the body a new one starts from, and the form.
 * The form edits `base`, the version it was filled from: a newer version (a status, a stage, another user
 * seen through real time) refills an untouched form at once, while edits in progress are kept and
 * `changedElsewhere` offers to reload, so nobody's typing is lost and no save overwrites unseen changes.
 */
export function useOperationPage<R extends Operation, V extends FieldValues, S>({
  descriptor,
  starting,
  valuesOf,
}: OperationPageOptions<R, V, S>) {
  const client = useQueryClient();
  const { record, state: recordState } = useRecord<R>(descriptor);
  const start = useQuery({
    queryKey: [...OPERATIONS_KEY, starting.key, starting.param],
    queryFn: ({ signal }) => api.get<S>(starting.url(starting.param ?? ''), { signal, ...RECORD_LOAD }),
    enabled: starting.param !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const current = record.data ?? null;
  const form = useForm<V>({ defaultValues: valuesOf(null) as DefaultValues<V> });
  useRevealErrors(form);
  const { reset } = form;
  // Read while rendering: react-hook-form only tracks the dirty state of forms that read it.
  const { isDirty } = form.formState;
  const [base, setBase] = useState<R | null>(null);

  const rebase = useCallback(
    (next: R) => {
      setBase(next);
      reset(valuesOf(next));
    },
    [reset, valuesOf],
  );
  // The block of the saved record being edited; another record starts reading.
  const [editingBlock, setEditingBlock] = useState<string | null>(null);
  const currentId = current?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another record shows
  useEffect(() => setEditingBlock(null), [currentId]);
  const editing: BlockEditing = {
    name: editingBlock,
    start: setEditingBlock,
    cancel: () => {
      setEditingBlock(null);
      if (current) rebase(current);
    },
    done: () => setEditingBlock(null),
  };
  useEffect(() => {
    if (!current) return;
    // Edits in progress stay; `changedElsewhere` tells the user a newer version exists.
    if (base && base.id === current.id && isDirty && base.version !== current.version) return;
    if (base !== current) rebase(current);
  }, [current, base, isDirty, rebase]);
  useEffect(() => {
    if (start.data) reset(valuesOf(start.data));
  }, [start.data, reset, valuesOf]);

  const path = descriptor.path as OperationPath;
  useRealtime(current ? `${path === '/tms/orders' ? 'orders' : 'jobs'}/${current.id}` : null, (payload) => {
    const change = payload as { version?: number; deleted?: boolean } | null;
    if (
      current &&
      (change?.deleted || (typeof change?.version === 'number' && change.version > current.version))
    ) {
      void record.refetch();
      void client.invalidateQueries({ queryKey: [...OPERATIONS_KEY, path, current.id] });
    }
  });

  // Reloading drops the edits in progress: the block they were made in reads again.
  const reload = async () => {
    const { data } = await record.refetch();
    if (data) rebase(data);
    setEditingBlock(null);
  };

  // The record, or the body a new one starts from (a copy, an order of a request): either may be missing.
  const startState = starting.param === undefined ? 'ready' : recordStateOf([start]);
  const state = recordState !== 'ready' ? recordState : startState;
  const failed = recordState !== 'ready' ? record : start;
  // The page component stays mounted from one record (or a new one) to the next: a base of another record
  // is no base.
  const edited = current && base?.id === current.id ? base : current;
  const changedElsewhere = edited !== null && current !== null && edited.version !== current.version;
  return {
    record,
    current,
    base: edited,
    form,
    reload,
    editing,
    state,
    /** The load a placeholder says failed, and retries. */
    failed,
    changedElsewhere,
  };
}

interface OperationPageProps<R extends Operation, V extends FieldValues> {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  page: ReturnType<typeof useOperationPage<R, V, unknown>>;
  /** The record's form; the main and route blocks each show their part of it. */
  form: ComponentType<OperationFormProps<R, V>>;
  title: ReactNode;
  /** The record's own blocks, between the route and the files. */
  blocksOf: (current: R) => RecordTab[];
  /** The summary at the top of the saved record, its statuses inside. */
  header: (current: R, statuses: ReactNode) => ReactNode;
  /** The record's own badges, after the archived one. */
  badges?: ReactNode;
  /** The record's own actions, before archiving. */
  actions?: ReactNode;
}

/**
 * The page of an order or job (spec §2): a placeholder until the record (or the body a new one starts
 * from) is there, then its property view with the blocks main, route, the record's own and files, the
 * statuses, the archived badge and archiving; a new record shows the whole form alone.
 */
export function OperationPage<R extends Operation, V extends FieldValues>({
  descriptor,
  texts,
  page,
  form: Form,
  title,
  blocksOf,
  header,
  badges,
  actions,
}: OperationPageProps<R, V>) {
  const { t } = useTranslation('operations');
  const [, setParams] = useSearchParams();
  if (page.state !== 'ready') {
    return (
      <RecordPlaceholder
        state={page.state}
        back={descriptor.path}
        error={page.failed.error}
        onRetry={() => void page.failed.refetch()}
      />
    );
  }
  const { current } = page;
  const path = descriptor.path as OperationPath;
  const formOf = (part: OperationFormPart) => (
    <Form
      descriptor={descriptor}
      texts={texts}
      record={page.base}
      form={page.form}
      part={part}
      reload={page.reload}
      editing={page.editing}
      onRouteErrors={() => setParams({ tab: 'route' }, { replace: true })}
    />
  );

  const blocks = current
    ? [
        {
          value: 'main',
          label: t('blocks.main'),
          icon: <IconFileDescription size={14} />,
          testId: 'tab-main',
          content: formOf('main'),
        },
        {
          value: 'route',
          label: t('blocks.route'),
          icon: <IconRoute size={14} />,
          testId: 'tab-route',
          content: formOf('route'),
        },
        ...blocksOf(current),
        {
          value: 'files',
          label: t('blocks.files'),
          icon: <IconFiles size={14} />,
          testId: 'tab-files',
          content: <OperationFiles path={path} operation={current} />,
        },
      ]
    : [{ value: 'main', label: t('blocks.main'), content: formOf('all') }];

  return (
    <>
      <LeaveGuard dirty={page.form.formState.isDirty} />
      <PropertyView
        type={path === '/tms/orders' ? 'order' : 'job'}
        descriptor={descriptor}
        texts={texts}
        record={current as Row | null}
        title={title}
        badges={
          current && (
            <>
              {current.archived && (
                <Badge variant="filled" color="gray.7" tt="none" data-testid="archived-badge">
                  {t('badges.archived')}
                </Badge>
              )}
              {badges}
            </>
          )
        }
        summary={
          current && (
            <>
              {header(
                current,
                <StatusMenus
                  descriptor={descriptor}
                  record={current}
                  stale={page.changedElsewhere || page.record.isFetching}
                />,
              )}
              {page.changedElsewhere && <ChangedElsewhereAlert onReload={page.reload} />}
            </>
          )
        }
        actions={
          current && (
            <>
              {actions}
              {descriptor.name === 'order' && <OrderInsuranceLink orderId={current.id} />}
              <Button
                variant="default"
                size="sm"
                leftSection={<IconFileDescription size={16} />}
                component={Link}
                to={`/document-generator/initiator/${descriptor.name}/preview/${current.id}`}
                data-testid="operation-documents"
              >
                {t('actions.documents')}
              </Button>
              <ArchiveActions descriptor={descriptor} current={current} fetching={page.record.isFetching} />
            </>
          )
        }
        blocks={blocks}
      />
    </>
  );
}

/** Above the form while a newer version waits: reload it, dropping the edits in progress. */
function ChangedElsewhereAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation('operations');
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('changedElsewhere.title')}
      data-testid="changed-elsewhere"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('changedElsewhere.text')}</Text>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onReload}>
          {t('changedElsewhere.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Why the archiver leaves the record, and archive or unarchive by hand for who may; archiving asks first
 * (`ArchiveConfirm`), taking out of the archive does not: it loses nothing.
 */
function ArchiveActions({
  descriptor,
  current,
  fetching,
}: {
  descriptor: ResourceDescriptor;
  current: Operation;
  /** The record is reloading: the version it would send may be stale. */
  fetching: boolean;
}) {
  const { t } = useTranslation('operations');
  const system = useSystemData();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const path = descriptor.path as OperationPath;
  const testId = path === '/tms/orders' ? 'order' : 'job';
  const archive = useMutation({
    mutationFn: (action: 'archive' | 'unarchive') =>
      api.post<Operation>(`${path}/${current.id}/${action}`, { version: current.version }),
    onSuccess: async (saved, action) => {
      notifySaved(t(action === 'archive' ? 'archive.done' : 'archive.undone'));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
        client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
      ]);
    },
    // A refusal (a stale version) is the client's popup; the question is answered either way.
    onSettled: () => setConfirming(false),
  });
  return (
    <>
      {!current.archived && <ArchiveInfo path={path} id={current.id} version={current.version} />}
      {hasRole(system, 'ROLE_ORDER_ARCHIVE') && (
        <>
          <Button
            variant="default"
            size="sm"
            leftSection={current.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
            loading={archive.isPending && !confirming}
            disabled={fetching}
            onClick={() => (current.archived ? archive.mutate('unarchive') : setConfirming(true))}
            aria-haspopup={current.archived ? undefined : 'dialog'}
            data-testid={current.archived ? `${testId}-unarchive` : `${testId}-archive`}
          >
            {t(current.archived ? 'actions.unarchive' : 'actions.archive')}
          </Button>
          <ArchiveConfirm
            path={path}
            operation={current}
            opened={confirming && !current.archived}
            busy={archive.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => archive.mutate('archive')}
          />
        </>
      )}
    </>
  );
}
