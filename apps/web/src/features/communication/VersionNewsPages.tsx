import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, VersionNews } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { formatDateTime } from '../../platform/format';
import { FormRootError } from '../../platform/kit/FormRootError';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordIdOf,
  recordStateOf,
} from '../../platform/resources/RecordPage';
import { notifyDeleted, notifySaved } from '../../platform/snackbar';
import { HoldToConfirm } from '../../platform/widgets';
import { RichTextEditor } from '../../platform/widgets/RichTextEditor';
import { useFormErrors } from './formErrors';

const KEY = ['version-news', 'admin'] as const;

/** The administrator's version news (/version-news/announcements). */
export function VersionNewsListPage() {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({
    queryKey: KEY,
    queryFn: () =>
      api.get<ListResult<VersionNews>>('/version-news/announcements', { query: { itemsPerPage: 1000 } }),
  });
  return (
    <Stack>
      <Group justify="flex-end">
        <Button component={Link} to="/version-news/announcements/new" leftSection={<IconPlus size={16} />}>
          {t('versionNews.new')}
        </Button>
      </Group>
      <Paper withBorder>
        {isLoading ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : data?.collection.length ? (
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={160}>{t('versionNews.fields.version')}</Table.Th>
                <Table.Th>{t('versionNews.fields.routeNames')}</Table.Th>
                <Table.Th w={170}>{t('fields.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.collection.map((news) => (
                <Table.Tr
                  key={news.id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onClick={() => navigate(`/version-news/announcements/${news.id}`)}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(`/version-news/announcements/${news.id}`)}
                >
                  <Table.Td>{news.version}</Table.Td>
                  <Table.Td>
                    {news.routeNames.length ? news.routeNames.join(', ') : t('versionNews.everyScreen')}
                  </Table.Td>
                  <Table.Td>{formatDateTime(news.createdTimestamp)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('versionNews.empty')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/** A version news: new (/version-news/announcements/new) or changed (/{id}). */
export function VersionNewsEditPage() {
  const id = recordIdOf(useParams().id);
  const existing = useQuery({
    queryKey: [...KEY, id],
    queryFn: ({ signal }) =>
      api.get<VersionNews>(`/version-news/announcements/${id}`, { signal, ...RECORD_LOAD }),
    enabled: id !== null && !Number.isNaN(id),
  });
  const state = id === null ? 'ready' : recordStateOf([existing], Number.isNaN(id));
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back="/version-news/announcements"
        error={existing.error}
        onRetry={() => void existing.refetch()}
      />
    );
  }
  return <VersionNewsForm initial={existing.data} />;
}

function VersionNewsForm({ initial }: { initial?: VersionNews }) {
  const { t } = useTranslation(['announcements', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [version, setVersion] = useState(initial?.version ?? '');
  const [shortContent, setShortContent] = useState(initial?.shortContent ?? '');
  const [routeNames, setRouteNames] = useState<string[]>(initial?.routeNames ?? []);
  const { errors, take, clear } = useFormErrors();
  const done = () => {
    void client.invalidateQueries({ queryKey: ['version-news'] });
    navigate('/version-news/announcements');
  };
  const save = useMutation({
    mutationFn: () => {
      const body = { version, shortContent, routeNames };
      return initial
        ? api.put(`/version-news/announcements/${initial.id}`, body)
        : api.post('/version-news/announcements', body);
    },
    onMutate: clear,
    onSuccess: () => {
      notifySaved(t('common:saved'));
      done();
    },
    onError: take,
  });
  const remove = async () => {
    await api.delete(`/version-news/announcements/${initial!.id}`);
    notifyDeleted(t('common:deleted'));
    done();
  };
  return (
    <Stack maw={900}>
      {errors.root && <FormRootError>{errors.root}</FormRootError>}
      <TextInput
        label={t('versionNews.fields.version')}
        required
        value={version}
        onChange={(e) => setVersion(e.currentTarget.value)}
        error={errors.version}
        maxLength={50}
        w={240}
      />
      <RichTextEditor
        label={t('versionNews.fields.shortContent')}
        value={shortContent}
        onChange={setShortContent}
        error={errors.shortContent}
      />
      <TagsInput
        label={t('versionNews.fields.routeNames')}
        description={t('versionNews.fields.routeNamesHint')}
        value={routeNames}
        onChange={setRouteNames}
        error={errors.routeNames}
        clearable
      />
      <Group justify="space-between">
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {t('common:save')}
          </Button>
          <Button variant="default" onClick={() => navigate('/version-news/announcements')}>
            {t('common:cancel')}
          </Button>
        </Group>
        {initial && (
          <HoldToConfirm color="red" onConfirm={remove}>
            {t('versionNews.delete')}
          </HoldToConfirm>
        )}
      </Group>
    </Stack>
  );
}
