import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Menu,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { useRealtime } from '../../platform/realtime';
import { fetchNotReadAnnouncements, markAllAnnouncementsRead, NOT_READ_ANNOUNCEMENTS_KEY } from './api';

/**
 * The unread announcements (spec §2, §4): a new one is added unless the reader wrote it (the server tells
 * whether it is important for the reader's office), a read one leaves, "read all" clears the ordinary ones.
 * The important ones wait in `ImportantAnnouncements`.
 */
export function useNotReadAnnouncements(system: SystemData) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: NOT_READ_ANNOUNCEMENTS_KEY, queryFn: fetchNotReadAnnouncements });
  const reload = () => void client.invalidateQueries({ queryKey: NOT_READ_ANNOUNCEMENTS_KEY });
  const userId = system.user.id;
  useRealtime(
    'announcements_new',
    (payload) => {
      if ((payload as Pick<Announcement, 'author'>).author.id !== userId) reload();
    },
    reload,
  );
  useRealtime(`announcements_read/${userId}`, (payload) => {
    const { id } = payload as { id: number };
    client.setQueryData<Announcement[]>(NOT_READ_ANNOUNCEMENTS_KEY, (old) => old?.filter((a) => a.id !== id));
  });
  useRealtime(`announcements_read_all/${userId}`, () => {
    client.setQueryData<Announcement[]>(NOT_READ_ANNOUNCEMENTS_KEY, (old) =>
      old?.filter((a) => a.isImportant),
    );
  });
  return query;
}

export function AnnouncementsMenu({ list }: { list: Announcement[] }) {
  const { t } = useTranslation('announcements');
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const ordinary = list.filter((a) => !a.isImportant);
  const readAll = async () => {
    client.setQueryData<Announcement[]>(NOT_READ_ANNOUNCEMENTS_KEY, (old) =>
      old?.filter((a) => a.isImportant),
    );
    await markAllAnnouncementsRead().catch(() => undefined);
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={t('menu.title')}>
          <Indicator label={ordinary.length} size={16} disabled={!ordinary.length} offset={4} color="red">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('menu.label', { count: ordinary.length })}
              data-testid="announcements-menu"
            >
              <IconSpeakerphone size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Group justify="space-between" px="sm" py={6}>
          <Text fw={600} size="sm">
            {t('menu.title')}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={readAll} disabled={!ordinary.length}>
            {t('readAll')}
          </Button>
        </Group>
        <Menu.Divider />
        {ordinary.length ? (
          <ScrollArea.Autosize mah={400}>
            <Stack gap={0}>
              {ordinary.map((a) => (
                <Menu.Item key={a.id} component={Link} to={`/announcements/${a.id}`}>
                  <Text size="sm" fw={500} lineClamp={2}>
                    {a.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {a.author.contactName} · {formatDateTime(a.createdTimestamp)}
                  </Text>
                </Menu.Item>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed" px="sm" py="md" ta="center">
            {t('menu.empty')}
          </Text>
        )}
        <Menu.Divider />
        <Anchor
          component={Link}
          to="/announcements"
          size="sm"
          px="sm"
          py={6}
          display="block"
          onClick={() => setOpened(false)}
        >
          {t('menu.all')}
        </Anchor>
      </Menu.Dropdown>
    </Menu>
  );
}
