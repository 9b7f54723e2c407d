import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PccNotificationPage, PccSettings } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../platform/format';
import { pccGet, pccPost, pccPut } from './pccApi';

const BELL_KEY = ['pcc', 'notifications'] as const;
const SETTINGS_KEY = ['pcc', 'settings'] as const;

/**
 * The cabinet user's notifications (a stage reached, a document added, a bill issued): the bell with the
 * unread count, the latest ones (opening one marks it read and goes to its record), "mark all read" and his
 * switch for the same news by mail.
 */
export function PccBell() {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const page = useQuery({
    queryKey: BELL_KEY,
    queryFn: () => pccGet<PccNotificationPage>('/pcc/notifications'),
    refetchInterval: 60_000,
  });
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => pccGet<PccSettings>('/pcc/me/settings'),
    enabled: opened,
  });
  const read = useMutation({
    mutationFn: (ids?: number[]) => pccPost('/pcc/notifications/read', ids ? { ids } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: BELL_KEY }),
  });
  const mail = useMutation({
    mutationFn: (on: boolean) => pccPut<PccSettings>('/pcc/me/settings', { mailNotifications: on }),
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
  const unread = page.data?.unread ?? 0;
  const list = page.data?.collection ?? [];
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={unread} size={16} disabled={unread === 0} offset={4} data-testid="pcc-bell-count">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('pcc.notifications.open', { count: unread })}
            onClick={() => setOpened((o) => !o)}
            data-testid="pcc-bell"
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" px={4} pb={4}>
          <Text fw={600} size="sm">
            {t('pcc.notifications.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            loading={read.isPending}
            onClick={() => read.mutate(undefined)}
          >
            {t('pcc.notifications.readAll')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360} type="auto">
          {list.length ? (
            <Stack gap={2}>
              {list.map((n) => (
                <UnstyledButton
                  key={n.id}
                  p={6}
                  style={{ borderRadius: 4 }}
                  bg={n.read ? undefined : 'var(--mantine-primary-color-light)'}
                  data-testid="pcc-notification"
                  onClick={() => {
                    if (!n.read) read.mutate([n.id]);
                    setOpened(false);
                    navigate(n.link);
                  }}
                >
                  <Text size="sm" fw={n.read ? 400 : 600}>
                    {t(`pcc.notifications.${n.kind}`, n.params)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.createdAt)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('pcc.notifications.none')}
            </Text>
          )}
        </ScrollArea.Autosize>
        <Divider my="xs" />
        <Switch
          px={4}
          size="sm"
          label={t('pcc.notifications.mail')}
          checked={settings.data?.mailNotifications ?? false}
          disabled={!settings.data || mail.isPending}
          onChange={(event) => mail.mutate(event.currentTarget.checked)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
