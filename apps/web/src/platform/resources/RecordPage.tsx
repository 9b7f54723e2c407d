import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconList, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { type ApiError, api } from '../api/client';
import { padId } from '../format';
import { translateServerMessage } from '../i18n';
import { FormRootError } from '../kit/FormRootError';
import { usePhone } from '../kit/phone';
import { resourceKey } from './keys';
import { RESOURCES_NS, type Row } from './logic';
import { RECORD_LOAD, type RecordState, recordIdOf, recordStateOf } from './recordState';

export { RECORD_LOAD, type RecordState, recordIdOf, recordStateOf };

import { ResourceHistory } from './ResourceHistory';
import classes from './resources.module.css';
import type { ResourceTexts } from './texts';

/** One tab of a record's page. */
export interface RecordTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** Left out (e.g. a tab only some records have); an open hidden tab falls back to the first. */
  hidden?: boolean;
  icon?: ReactNode;
  testId?: string;
}

interface RecordPageProps {
  /** The resource whose list the breadcrumbs lead back to and whose history the History tab shows. */
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  /** The saved record; null while creating one, when only the first tab's content is shown, without tabs. */
  record: Row | null;
  title: ReactNode;
  /** What the breadcrumbs call the saved record (its own number, e.g. a declaration's); its padded id otherwise. */
  crumb?: string | null;
  /** Shown beside the title (state badges). */
  badges?: ReactNode;
  /** Buttons at the title's right end (actions on the whole record). */
  actions?: ReactNode;
  /** A line under the title (e.g. an order's statuses). */
  summary?: ReactNode;
  /** The record's tabs, the first one open at start; History is added after them. */
  tabs: readonly RecordTab[];
  /** The open tab, when the screen keeps it itself (e.g. in the address). */
  tab?: string;
  onTabChange?: (tab: string) => void;
  maw?: number;
  /** Rendered after the page (dialogs). */
  children?: ReactNode;
}

/**
 * The frame of one record's screen: breadcrumbs to the list, the title, and the tabs with History last.
 * A new record shows its first tab's content alone. The screen opens at its top, also when a create turns
 * into the saved record, so its number and title are in view rather than the save button it was left at.
 */
export function RecordPage({
  descriptor,
  texts,
  record,
  title,
  crumb,
  badges,
  actions,
  summary,
  tabs,
  tab,
  onTabChange,
  maw = 1100,
  children,
}: RecordPageProps) {
  const { t } = texts;
  const phone = usePhone();
  const recordId = record?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another record (or the new one) shows
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [recordId]);
  const [ownTab, setOwnTab] = useState<string>(tabs[0]?.value ?? 'history');
  const shown = tabs.filter((item) => !item.hidden);
  const wanted = tab ?? ownTab;
  const open =
    wanted === 'history' || shown.some((item) => item.value === wanted) ? wanted : (shown[0]?.value ?? null);
  const change = (next: string | null) => {
    if (next === null) return;
    if (onTabChange) onTabChange(next);
    else setOwnTab(next);
  };

  return (
    <Stack gap="md" maw={maw} data-testid="resource-form-screen" data-resource={descriptor.name}>
      <Breadcrumbs>
        <Anchor component={Link} to={descriptor.path} size="sm">
          {texts.title}
        </Anchor>
        <Text size="sm" className={classes.muted}>
          {record ? crumb || padId(record.id) : t('newRecord')}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" align="center">
          <Title order={2} size="h3">
            {title}
          </Title>
          {badges}
        </Group>
        {actions && (
          <Group gap="xs" className={phone ? classes.iconActions : undefined}>
            {actions}
          </Group>
        )}
      </Group>
      {summary}
      {record ? (
        <Tabs value={open} onChange={change} keepMounted={false}>
          <Tabs.List mb="md">
            {shown.map((item) => (
              <Tabs.Tab key={item.value} value={item.value} leftSection={item.icon} data-testid={item.testId}>
                {item.label}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value="history" leftSection={<IconHistory size={14} />} data-testid="history-tab">
              {t('tabs.history')}
            </Tabs.Tab>
          </Tabs.List>
          {shown.map((item) => (
            <Tabs.Panel key={item.value} value={item.value}>
              {item.content}
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="history">
            <ResourceHistory descriptor={descriptor} id={record.id} texts={texts} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        tabs[0]?.content
      )}
      {children}
    </Stack>
  );
}

/**
 * Loads the record of `descriptor` named by the `:id` route param (absent: a new one; not a number: NaN) and
 * says what the screen shows (`state`, `RecordPlaceholder` until it is `ready`).
 */
export function useRecord<T extends Row = Row>(descriptor: ResourceDescriptor) {
  const { id: idParam } = useParams();
  const id = recordIdOf(idParam);
  const record = useQuery({
    queryKey: [...resourceKey(descriptor), 'record', id],
    queryFn: ({ signal }) => api.get<T>(`${descriptor.path}/${id}`, { signal, ...RECORD_LOAD }),
    enabled: id !== null && !Number.isNaN(id),
  });
  const state: RecordState = id === null ? 'ready' : recordStateOf([record], Number.isNaN(id));
  return { id, record, state };
}

/** A record screen's record once loaded (null: a new one) and the way to load it again. */
export interface LoadedRecord<T extends Row = Row> {
  record: T | null;
  reload: () => Promise<T | null>;
}

/**
 * Waits for the screen's record (`useRecord`, with `RecordPlaceholder` meanwhile: loading, missing or
 * failed), then renders the screen with it: the one loader of the create and edit screens.
 */
export function WithRecord<T extends Row = Row>({
  descriptor,
  children,
}: {
  descriptor: ResourceDescriptor;
  children: (loaded: LoadedRecord<T>) => ReactNode;
}) {
  const { record, state } = useRecord<T>(descriptor);
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={descriptor.path}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }
  return (
    <>
      {children({ record: record.data ?? null, reload: async () => (await record.refetch()).data ?? null })}
    </>
  );
}

/**
 * What a record screen shows instead of its record (`state` other than `ready`): a wait; "not found or not
 * available to you" with the way back (`back`, the list, or where the record lives); or why it could not
 * be loaded, with a retry.
 */
export function RecordPlaceholder({
  state,
  back,
  error,
  onRetry,
}: {
  state: RecordState;
  back: string;
  /** The failure of a `failed` load. */
  error?: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation(RESOURCES_NS);
  // Which address it answers: a screen reused for the next address says so (and a test waits for it).
  const { pathname } = useLocation();
  if (state === 'loading' || state === 'ready') {
    return (
      <Center py="xl" data-testid="record-loading">
        <Loader size="sm" />
      </Center>
    );
  }
  const message = (error as ApiError | undefined)?.message;
  return (
    <Stack align="flex-start" data-testid={`record-${state}`} data-path={pathname}>
      {state === 'missing' ? (
        <Alert color="gray" icon={<IconAlertTriangle size={18} />}>
          {t('notFound')}
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('loadFailed')}>
          {message ? translateServerMessage(message) : null}
        </Alert>
      )}
      <Group gap="sm">
        <Button component={Link} to={back} variant="default" leftSection={<IconList size={16} />}>
          {t('backToList')}
        </Button>
        {state === 'failed' && onRetry && (
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A save refused for a stale version (409): says so and offers to reload the record. */
export function ConflictAlert({ texts, onReload }: { texts: ResourceTexts; onReload: () => void }) {
  const { t } = texts;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('conflict.title')}
      data-testid="conflict-alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {translateServerMessage('The record was changed by someone else. Reload it and try again.')}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onReload}>
          {t('conflict.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Above the form: the stale-version alert and the root error of a refused save. */
export function FormAlerts({
  texts,
  conflict,
  rootError,
  onReload,
}: {
  texts: ResourceTexts;
  conflict: boolean;
  rootError: string | undefined;
  onReload: () => void;
}) {
  return (
    <>
      {conflict && <ConflictAlert texts={texts} onReload={onReload} />}
      {rootError && <FormRootError>{rootError}</FormRootError>}
    </>
  );
}
