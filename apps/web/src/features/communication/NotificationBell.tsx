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
import { IconBell, IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_TOAST_MS, type Notification } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { useRealtime } from '../../platform/realtime';
import { snackbar } from '../../platform/snackbar';
import {
  fetchUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  UNREAD_NOTIFICATIONS_KEY,
  type UnreadNotifications,
} from './api';
import { NotificationContent, notificationText } from './NotificationContent';

/**
 * The header's bell (spec §2, §4): the newest 100 unread notifications, a new one prepended with a 5000 ms
 * toast as it arrives, read one or all; reloaded when another tab reads them and after a reconnection.
 */
export function NotificationBell({ system }: { system: SystemData }) {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const contactId = system.user.contact.id;
  const { data } = useQuery({ queryKey: UNREAD_NOTIFICATIONS_KEY, queryFn: fetchUnreadNotifications });
  const reload = () => void client.invalidateQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });

  useRealtime(
    `notifications_new/${contactId}`,
    (payload) => {
      const item = payload as Notification;
      // A burst's notification comes again under its id, counted up ("12 new requests"): it is replaced
      // where it stands (the list's order is the server's, by id), and the toast of its first event is enough.
      const known = client
        .getQueryData<UnreadNotifications>(UNREAD_NOTIFICATIONS_KEY)
        ?.collection.some((n) => n.id === item.id);
      client.setQueryData<UnreadNotifications>(UNREAD_NOTIFICATIONS_KEY, (old) =>
        old
          ? known
            ? { ...old, collection: old.collection.map((n) => (n.id === item.id ? item : n)) }
            : { collection: [item, ...old.collection].slice(0, 100), total: old.total + 1 }
          : old,
      );
      if (!known)
        snackbar.show({
          text: notificationText(item),
          color: 'info',
          timeout: NOTIFICATION_TOAST_MS,
          position: 'right',
        });
    },
    reload,
  );
  useRealtime(`notifications_read/${contactId}`, (payload) => {
    const read = payload as { id?: number; all?: boolean };
    const list = client.getQueryData<UnreadNotifications>(UNREAD_NOTIFICATIONS_KEY);
    if (read.all || list?.collection.some((n) => n.id === read.id)) reload();
  });

  const readOne = async (id: number) => {
    client.setQueryData<UnreadNotifications>(UNREAD_NOTIFICATIONS_KEY, (old) =>
      old
        ? { collection: old.collection.filter((n) => n.id !== id), total: Math.max(0, old.total - 1) }
        : old,
    );
    await markNotificationRead(id).catch(() => undefined);
  };
  const readAll = async () => {
    client.setQueryData<UnreadNotifications>(UNREAD_NOTIFICATIONS_KEY, { collection: [], total: 0 });
    await markAllNotificationsRead().catch(() => undefined);
  };
  const total = data?.total ?? 0;

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={400} shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={t('bell.title')}>
          <Indicator label={total > 99 ? '99+' : total} size={16} disabled={!total} offset={4} color="red">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('bell.label', { count: total })}
              data-testid="notification-bell"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="notification-list">
        <Group justify="space-between" px="sm" py={6}>
          <Text fw={600} size="sm">
            {t('bell.title')}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={readAll} disabled={!total}>
            {t('readAll')}
          </Button>
        </Group>
        <Menu.Divider />
        {data?.collection.length ? (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={0}>
              {data.collection.map((n) => (
                <Group
                  key={n.id}
                  wrap="nowrap"
                  align="flex-start"
                  gap="xs"
                  px="sm"
                  py={8}
                  style={{ borderLeft: `3px solid var(--mantine-color-${n.colour}-6)` }}
                  data-testid="notification-item"
                >
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <NotificationContent
                      notification={n}
                      onNavigate={() => {
                        setOpened(false);
                        void readOne(n.id);
                      }}
                    />
                    <Text size="xs" c="dimmed">
                      {formatDateTime(n.createdTimestamp)}
                    </Text>
                  </Stack>
                  <Tooltip label={t('markRead')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('markRead')}
                      onClick={() => readOne(n.id)}
                    >
                      <IconCheck size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed" px="sm" py="md" ta="center">
            {t('bell.empty')}
          </Text>
        )}
        <Menu.Divider />
        <Group justify="space-between" px="sm" py={6}>
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            {t('bell.all')}
          </Anchor>
          <Anchor
            component={Link}
            to="/user-settings/notification-settings"
            size="sm"
            onClick={() => setOpened(false)}
          >
            {t('bell.settings')}
          </Anchor>
        </Group>
      </Menu.Dropdown>
    </Menu>
  );
}
