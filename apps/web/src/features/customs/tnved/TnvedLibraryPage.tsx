import {
  Alert,
  Badge,
  Button,
  Center,
  FileButton,
  Group,
  List,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BackgroundJob,
  formatTnvedCode,
  type ListResult,
  TNVED_LEVELS,
  TNVED_ROLES,
  TNVED_VALIDITIES,
  type TnvedEntry,
  type TnvedState,
} from '@tms/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../platform/api/client';
import { hasRole } from '../../../platform/auth/access';
import { useSystemData } from '../../../platform/auth/system';
import { formatDate } from '../../../platform/format';
import { translateServerMessage } from '../../../platform/i18n';
import { ImportJob } from '../../../platform/imports/ImportDialog';
import { uploadTemporaryFile } from '../../../platform/widgets/custom-fields/FileField';
import { validationErrorsOf } from '../../../platform/widgets/fieldErrors';
import classes from './tnved.module.css';

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;
const KEY = ['customs', 'tnved'];
const ROW_CLASS = {
  section: classes.levelSection,
  group: classes.levelGroup,
  heading: classes.levelHeading,
  code: undefined,
} as const;

/**
 * A refused file's errors as lines: "TNVED4.TXT, line 12: …"; a chosen file that is none of the
 * distribution's by its name: "TNVED9.TXT: …"; the archive's own as they are.
 */
function refusalLines(
  error: unknown,
  chosen: readonly File[],
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const fields = validationErrorsOf(error);
  if (!fields) return [translateServerMessage((error as { message?: string })?.message ?? 'Error')];
  return Object.entries(fields).flatMap(([path, messages]) => {
    const at = /^files\.(TNVED\d)\.lines\.(\d+)$/.exec(path);
    const file = /^fileIds\.(\d+)$/.exec(path);
    return messages.map((message) =>
      at
        ? t('tnved.errorAt', { file: `${at[1]}.TXT`, line: at[2], message: translateServerMessage(message) })
        : file && chosen[Number(file[1])]
          ? t('tnved.errorIn', {
              file: chosen[Number(file[1])]!.name,
              message: translateServerMessage(message),
            })
          : translateServerMessage(message),
    );
  });
}

/** The EAEU classifier (/tnved-library): search by code or words, each entry's validity and versions. */
export function TnvedLibraryPage() {
  const { t } = useTranslation('customs');
  const system = useSystemData();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const level = params.get('level') ?? '';
  const validity = params.get('validity') ?? 'current';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [history, setHistory] = useState<TnvedEntry | null>(null);

  const setParam = (name: string, value: string, keepPage = false) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (!keepPage) next.delete('page');
    setParams(next, { replace: true });
  };

  const state = useQuery({
    queryKey: [...KEY, 'state'],
    queryFn: ({ signal }) => api.get<TnvedState>('/customs/tnved/state', { signal }),
  });
  const entries = useQuery({
    queryKey: [...KEY, 'list', debounced, level, validity, page],
    queryFn: ({ signal }) =>
      api.get<ListResult<TnvedEntry>>('/customs/tnved', {
        query: {
          page,
          itemsPerPage: PAGE_SIZE,
          validity,
          ...(debounced ? { search: debounced } : {}),
          ...(level ? { level } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  // TNVED.ZIP, or its four text files: uploaded, checked (a bad file is refused whole, no job), then loaded
  // in the job queue, whose progress shows here and on the background jobs screen.
  const [chosen, setChosen] = useState<File[]>([]);
  const [job, setJob] = useState<BackgroundJob | null>(null);
  const load = useMutation({
    mutationFn: async (files: File[]) => {
      const fileIds: number[] = [];
      for (const file of files) fileIds.push((await uploadTemporaryFile(file)).id);
      return api.post<BackgroundJob>('/customs/tnved/jobs', { fileIds }, { suppressPopup: [400] });
    },
    onMutate: (files) => {
      setChosen(files);
      setJob(null);
    },
    onSuccess: setJob,
  });
  const loaded = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);

  const canLoad = hasRole(system, TNVED_ROLES.load);
  const pages = Math.max(1, Math.ceil((entries.data?.total ?? 0) / PAGE_SIZE));
  const edition = state.data?.files.find((f) => f.file === 'TNVED4');

  return (
    <Stack gap="md" data-testid="tnved-library">
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            {state.data && !state.data.loaded ? (
              <Text size="sm">{t('tnved.notLoaded')}</Text>
            ) : edition ? (
              <>
                <Text size="sm" fw={500}>
                  {t('tnved.edition', { version: edition.version, date: formatDate(edition.date) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('tnved.codesValid', { count: state.data?.codes ?? 0 })}
                  {state.data?.loadedAt
                    ? ` · ${t('tnved.loadedAt', { date: formatDate(state.data.loadedAt) })}`
                    : ''}
                </Text>
              </>
            ) : null}
          </Stack>
          {canLoad && (
            <FileButton
              multiple
              onChange={(files) => files.length > 0 && load.mutate(files)}
              accept=".zip,.txt,application/zip,text/plain"
            >
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={load.isPending}
                  variant="light"
                  data-testid="tnved-load"
                >
                  {t('tnved.load')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {canLoad && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('tnved.loadHint')}
          </Text>
        )}
        {job && (
          <Stack mt="sm" gap={4}>
            <ImportJob job={job} onImported={loaded} />
          </Stack>
        )}
        {load.isError && (
          <Alert color="red" mt="sm" title={t('tnved.refused')} data-testid="tnved-refusal">
            <List size="sm">
              {refusalLines(load.error, chosen, t).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Paper>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          id="tnved-search"
          w={360}
          label={t('tnved.search')}
          placeholder={t('tnved.searchHint')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setParam('search', event.currentTarget.value.trim());
          }}
          data-autofocus
        />
        <Select
          id="tnved-level"
          w={180}
          label={t('tnved.level')}
          placeholder={t('tnved.anyLevel')}
          data={TNVED_LEVELS.map((value) => ({ value, label: t(`tnved.levels.${value}`) }))}
          value={level || null}
          onChange={(value) => setParam('level', value ?? '')}
          clearable
        />
        <SegmentedControl
          aria-label={t('tnved.validity')}
          data={TNVED_VALIDITIES.map((value) => ({ value, label: t(`tnved.validities.${value}`) }))}
          value={validity}
          onChange={(value) => setParam('validity', value === 'current' ? '' : value)}
        />
      </Group>

      {!entries.data ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : entries.data.total === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {state.data?.loaded === false ? t('tnved.notLoaded') : t('tnved.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={920}>
            <Table verticalSpacing="xs" withTableBorder highlightOnHover data-testid="tnved-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>{t('tnved.columns.code')}</Table.Th>
                  <Table.Th>{t('tnved.columns.name')}</Table.Th>
                  <Table.Th w={120}>{t('tnved.columns.level')}</Table.Th>
                  <Table.Th w={280}>{t('tnved.columns.validity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.data.collection.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="tnved-entry" className={ROW_CLASS[entry.level]}>
                    <Table.Td>
                      <UnstyledButton
                        className={classes.codeButton}
                        onClick={() => setHistory(entry)}
                        aria-label={t('tnved.historyOf', { code: formatTnvedCode(entry.code) })}
                      >
                        {formatTnvedCode(entry.code)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        className={classes.name}
                        style={{ paddingInlineStart: `${entry.depth * 0.9}rem` }}
                        td={entry.current ? undefined : 'line-through'}
                        c={entry.current ? undefined : 'dimmed'}
                      >
                        {entry.depth > 0 && (
                          <span className={classes.dashes}>{'– '.repeat(entry.depth)}</span>
                        )}
                        {entry.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {t(`tnved.levels.${entry.level}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Validity entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="tnved-total">
              {t('tnved.total', { count: entries.data.total })}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(value) => setParam('page', value > 1 ? String(value) : '', true)}
                size="sm"
              />
            )}
          </Group>
        </>
      )}
      <HistoryDialog entry={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

function Validity({ entry }: { entry: Pick<TnvedEntry, 'current' | 'validFrom' | 'validTo'> }) {
  const { t } = useTranslation('customs');
  return (
    <Group gap={6} wrap="nowrap">
      <Badge size="sm" variant="light" color={entry.current ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
        {entry.current ? t('tnved.valid') : t('tnved.invalid')}
      </Badge>
      <Text size="xs" c="dimmed">
        {entry.validTo
          ? `${formatDate(entry.validFrom)} – ${formatDate(entry.validTo)}`
          : t('tnved.since', { date: formatDate(entry.validFrom) })}
      </Text>
    </Group>
  );
}

/** Every version of an entry (each edition that changed it), newest first. */
function HistoryDialog({ entry, onClose }: { entry: TnvedEntry | null; onClose: () => void }) {
  const { t } = useTranslation('customs');
  const versions = useQuery({
    queryKey: [...KEY, 'history', entry?.level, entry?.code],
    queryFn: ({ signal }) =>
      api.get<TnvedEntry[]>(`/customs/tnved/${entry!.level}/${entry!.code}/history`, { signal }),
    enabled: entry !== null,
  });
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      size="lg"
      title={entry ? `${formatTnvedCode(entry.code)} · ${t(`tnved.levels.${entry.level}`)}` : ''}
    >
      {!versions.data ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : (
        <Table verticalSpacing="xs" data-testid="tnved-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={280}>{t('tnved.columns.validity')}</Table.Th>
              <Table.Th>{t('tnved.columns.name')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  <Validity entry={version} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{version.name}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
