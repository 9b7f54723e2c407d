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
import {
  type CabinetKind,
  formatCalendarDate,
  formatMoney,
  type PccNotification,
  type PccNotificationPage,
  type PccSettings,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../platform/format';
import { CABINET_CLIENTS } from './cabinetApi';

/** A notification's values as the reader reads them: an amount with its currency, a date. */
function paramsOf(n: PccNotification, language: string): Record<string, string> {
  const { amount, currency, date } = n.params;
  return {
    ...n.params,
    ...(amount && currency ? { amount: formatMoney(amount, currency, language) } : {}),
    ...(date ? { date: formatCalendarDate(date) } : {}),
  };
}

/**
 * A cabinet user's notifications (the client's: a stage reached, a document added, a bill issued; the
 * contractor's: a price asked, a transport order sent, a payment made): the bell with the unread count, the
 * latest ones (opening one marks it read and goes to its record), "mark all read" and his switch for the
 * same news by mail. The same in every cabinet, on its own API.
 */
export function CabinetBell({ kind }: { kind: CabinetKind }) {
  const { t, i18n } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const base = `/${api.path}`;
  const BELL_KEY = [api.path, 'notifications'];
  const SETTINGS_KEY = [api.path, 'settings'];
  const client = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const page = useQuery({
    queryKey: BELL_KEY,
    queryFn: () => api.get<PccNotificationPage>(`${base}/notifications`),
    refetchInterval: 60_000,
  });
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get<PccSettings>(`${base}/me/settings`),
    enabled: opened,
  });
  const read = useMutation({
    mutationFn: (ids?: number[]) => api.post(`${base}/notifications/read`, ids ? { ids } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: BELL_KEY }),
  });
  const mail = useMutation({
    mutationFn: (on: boolean) => api.put<PccSettings>(`${base}/me/settings`, { mailNotifications: on }),
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
  const unread = page.data?.unread ?? 0;
  const list = page.data?.collection ?? [];
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(360px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
    >
      {/* The popover's target is the button (its aria-expanded belongs there), not the count around it. */}
      <Indicator
        label={unread}
        size={16}
        disabled={unread === 0}
        offset={4}
        data-testid={`${api.path}-bell-count`}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('cabinet.notifications.open', { count: unread })}
            onClick={() => setOpened((o) => !o)}
            data-testid={`${api.path}-bell`}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" px={4} pb={4}>
          <Text fw={600} size="sm">
            {t('cabinet.notifications.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            loading={read.isPending}
            onClick={() => read.mutate(undefined)}
          >
            {t('cabinet.notifications.readAll')}
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
                  data-testid={`${api.path}-notification`}
                  onClick={() => {
                    if (!n.read) read.mutate([n.id]);
                    setOpened(false);
                    navigate(n.link);
                  }}
                >
                  <Text size="sm" fw={n.read ? 400 : 600}>
                    {t(`cabinet.notifications.${n.kind}`, paramsOf(n, i18n.language))}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.createdAt)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('cabinet.notifications.none')}
            </Text>
          )}
        </ScrollArea.Autosize>
        <Divider my="xs" />
        <Switch
          px={4}
          size="sm"
          label={t('cabinet.notifications.mail')}
          checked={settings.data?.mailNotifications ?? false}
          disabled={!settings.data || mail.isPending}
          onChange={(event) => mail.mutate(event.currentTarget.checked)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
