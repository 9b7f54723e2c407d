import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconEdit } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, Reply, ReplyKind } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import type { ChangeEntry } from '../../platform/kit/history';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordIdOf,
  recordStateOf,
} from '../../platform/resources/RecordPage';
import { notifySaved } from '../../platform/snackbar';
import { RichTextEditor } from '../../platform/widgets/RichTextEditor';
import { AnnouncementForm, type AnnouncementValues } from './AnnouncementForm';
import { ANNOUNCEMENTS_KEY, markAnnouncementRead, NOT_READ_ANNOUNCEMENTS_KEY } from './api';
import { useFormErrors } from './formErrors';
import { RichText } from './RichText';

/** One announcement (/announcements/{id}): its text, read mark, edit, replies and complaints, edit log. */
export function AnnouncementPage() {
  const { t } = useTranslation(['announcements', 'common']);
  const id = recordIdOf(useParams().id) ?? Number.NaN;
  const system = useSystemData();
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = [...ANNOUNCEMENTS_KEY, id];
  const announcement = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<Announcement>(`/announcements/${id}`, { signal, ...RECORD_LOAD }),
    enabled: !Number.isNaN(id),
  });
  const { data } = announcement;
  const [editing, setEditing] = useState(false);
  const { errors, take, clear } = useFormErrors();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
    void client.invalidateQueries({ queryKey: NOT_READ_ANNOUNCEMENTS_KEY });
  };
  const save = useMutation({
    mutationFn: (values: AnnouncementValues) =>
      api.put<Announcement>(`/announcements/${id}`, { ...values, version: data!.version }),
    onMutate: clear,
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      setEditing(false);
      notifySaved(t('common:saved'));
      refresh();
    },
    onError: take,
  });
  const read = useMutation({
    mutationFn: () => markAnnouncementRead(id),
    onSuccess: refresh,
  });

  const state = recordStateOf([announcement], Number.isNaN(id));
  if (state !== 'ready' || !data) {
    return (
      <RecordPlaceholder
        state={state}
        back="/announcements"
        error={announcement.error}
        onRetry={() => void announcement.refetch()}
      />
    );
  }
  if (editing) {
    return (
      <AnnouncementForm
        initial={data}
        errors={errors}
        saving={save.isPending}
        onSubmit={(values) => save.mutate(values)}
        onCancel={() => {
          clear();
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Stack maw={900}>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={2} size="h3">
                  {data.title}
                </Title>
                {data.isImportant && (
                  <Badge color="red" variant="light">
                    {t('important.badge')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {data.author.contactName} · {formatDateTime(data.createdTimestamp)}
              </Text>
            </Stack>
            <Group gap="xs">
              {!data.read && (
                <Button
                  variant="light"
                  leftSection={<IconCheck size={16} />}
                  onClick={() => read.mutate()}
                  loading={read.isPending}
                >
                  {t('markRead')}
                </Button>
              )}
              {data.editable && (
                <Button
                  variant="default"
                  leftSection={<IconEdit size={16} />}
                  onClick={() => setEditing(true)}
                >
                  {t('edit')}
                </Button>
              )}
              <Button variant="subtle" onClick={() => navigate('/announcements')}>
                {t('backToList')}
              </Button>
            </Group>
          </Group>
          <RichText html={data.content} />
        </Stack>
      </Paper>
      <Tabs defaultValue="replies" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="replies">{t('replies.title', { count: data.replyCount.total })}</Tabs.Tab>
          {hasRole(system, 'ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW') && (
            <Tabs.Tab value="log">{t('editLog.title')}</Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="replies" pt="md">
          <Replies announcement={data} onChange={refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <EditLog id={id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const KIND_COLOURS: Record<ReplyKind, string> = { reply: 'gray', complaint: 'red', complaintReply: 'teal' };

function Replies({ announcement, onChange }: { announcement: Announcement; onChange: () => void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const system = useSystemData();
  const client = useQueryClient();
  const key = ['announcement-replies', announcement.id];
  const { data = [] } = useQuery({
    queryKey: key,
    queryFn: () => api.get<Reply[]>(`/announcements/${announcement.id}/replies`),
  });
  const unread = data.some((r) => !r.read);
  // Opening the thread reads it: the unread count of the announcement goes down.
  useEffect(() => {
    if (unread)
      void api
        .post(`/announcements/${announcement.id}/replies/mark-read`, undefined, { suppressPopup: true })
        .then(onChange);
  }, [unread, announcement.id, onChange]);
  const [content, setContent] = useState('');
  const [kind, setKind] = useState<ReplyKind>('reply');
  const [answering, setAnswering] = useState<Reply | null>(null);
  const [editing, setEditing] = useState<Reply | null>(null);
  const { errors, take, clear } = useFormErrors();
  const answersComplaints = hasRole(system, 'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY');
  const send = useMutation({
    mutationFn: () =>
      editing
        ? api.put<Reply>(`/announcements/${announcement.id}/replies/${editing.id}`, {
            content,
            version: editing.version,
          })
        : api.post<Reply>(`/announcements/${announcement.id}/replies`, {
            content,
            kind: answering ? 'complaintReply' : kind,
            complaintId: answering?.id ?? null,
          }),
    onMutate: clear,
    onSuccess: () => {
      setContent('');
      setAnswering(null);
      setEditing(null);
      setKind('reply');
      notifySaved(t('common:saved'));
      void client.invalidateQueries({ queryKey: key });
      onChange();
    },
    onError: take,
  });
  const byId = new Map(data.map((r) => [r.id, r]));
  return (
    <Stack>
      {data.length === 0 && <Text c="dimmed">{t('replies.empty')}</Text>}
      {data.map((reply) => (
        <Paper key={reply.id} withBorder p="md" data-testid="announcement-reply">
          <Group justify="space-between" mb={6}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {reply.author.contactName}
              </Text>
              <Badge size="sm" variant="light" color={KIND_COLOURS[reply.kind]}>
                {t(`replies.kinds.${reply.kind}`)}
              </Badge>
              {reply.complaintId && byId.get(reply.complaintId) && (
                <Text size="xs" c="dimmed">
                  {t('replies.toComplaintOf', { name: byId.get(reply.complaintId)!.author.contactName })}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(reply.createdTimestamp)}
              </Text>
            </Group>
            <Group gap={4}>
              {reply.kind === 'complaint' && answersComplaints && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => {
                    setAnswering(reply);
                    setEditing(null);
                  }}
                >
                  {t('replies.answer')}
                </Button>
              )}
              {reply.editable && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => {
                    setEditing(reply);
                    setAnswering(null);
                    setContent(reply.content);
                  }}
                >
                  {t('edit')}
                </Button>
              )}
            </Group>
          </Group>
          <RichText html={reply.content} />
        </Paper>
      ))}
      <Paper withBorder p="md">
        <Stack gap="sm">
          {editing ? (
            <Text size="sm" fw={600}>
              {t('replies.editing')}
            </Text>
          ) : answering ? (
            <Text size="sm" fw={600}>
              {t('replies.answering', { name: answering.author.contactName })}
            </Text>
          ) : (
            <SegmentedControl
              w="fit-content"
              value={kind}
              onChange={(value) => setKind(value as ReplyKind)}
              data={[
                { value: 'reply', label: t('replies.kinds.reply') },
                { value: 'complaint', label: t('replies.kinds.complaint') },
              ]}
            />
          )}
          {errors.root && (
            <Text size="sm" c="red">
              {errors.root}
            </Text>
          )}
          <RichTextEditor
            value={content}
            onChange={setContent}
            error={errors.content ?? errors.kind ?? errors.complaintId}
            minHeight={100}
            testId="reply-content"
          />
          <Group>
            <Button onClick={() => send.mutate()} loading={send.isPending}>
              {editing ? t('common:save') : t('replies.send')}
            </Button>
            {(editing || answering) && (
              <Button
                variant="default"
                onClick={() => {
                  setEditing(null);
                  setAnswering(null);
                  setContent('');
                  clear();
                }}
              >
                {t('common:cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function EditLog({ id }: { id: number }) {
  const { t } = useTranslation('announcements');
  const { data } = useQuery({
    queryKey: ['announcement-edit-log', id],
    queryFn: () => api.get<{ collection: ChangeEntry[] }>(`/announcements/${id}/edit-log`),
  });
  if (!data) return <Loader size="sm" />;
  if (!data.collection.length) return <Text c="dimmed">{t('editLog.empty')}</Text>;
  return (
    <Stack>
      {data.collection.map((entry) => (
        <Paper key={entry.id} withBorder p="sm">
          <Text size="sm" fw={600}>
            {t(`editLog.${(entry as ChangeEntry & { entityType: string }).entityType}`)} ·{' '}
            {entry.user?.name ?? '—'} · {formatDateTime(entry.createdAt)}
          </Text>
          {Object.entries(entry.changes).map(([field, change]) => (
            <Text key={field} size="sm">
              <Text span c="dimmed">
                {t(`editLog.fields.${field}`, { defaultValue: field })}:
              </Text>{' '}
              <Text span td="line-through" c="dimmed">
                {plain(change.old)}
              </Text>{' '}
              → {plain(change.new)}
            </Text>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/** A logged value as one line of text (rich text without its markup). */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.join(', ');
  return String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
