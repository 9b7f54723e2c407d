import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../platform/format';
import { markAnnouncementRead, NOT_READ_ANNOUNCEMENTS_KEY } from './api';
import { RichText } from './RichText';

/** The important unread announcements, one at a time in a modal that stays until each is marked read. */
export function ImportantAnnouncements({ list }: { list: Announcement[] }) {
  const { t } = useTranslation('announcements');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const important = list.filter((a) => a.isImportant);
  const current = important[0];
  const read = async () => {
    if (!current) return;
    setBusy(true);
    try {
      await markAnnouncementRead(current.id);
      client.setQueryData<Announcement[]>(NOT_READ_ANNOUNCEMENTS_KEY, (old) =>
        old?.filter((a) => a.id !== current.id),
      );
    } catch {
      // Marking failed silently (spec §5): the modal stays and the button may be pressed again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={!!current}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size="lg"
      title={current?.title}
      data-testid="important-announcement"
    >
      {current && (
        <Stack>
          <Text size="sm" c="dimmed">
            {current.author.contactName} · {formatDateTime(current.createdTimestamp)}
          </Text>
          <RichText html={current.content} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {important.length > 1 ? t('important.more', { count: important.length - 1 }) : ''}
            </Text>
            <Button onClick={read} loading={busy} data-autofocus>
              {t('important.read')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
