import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_SCOPES, type NotificationScope, type NotificationSetting } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { FormRootError } from '../../platform/kit/FormRootError';
import { notifySaved } from '../../platform/snackbar';
import { useFormErrors } from './formErrors';

const KEY = ['notification-settings'] as const;

/** How widely the user follows each notification type (/user-settings/notification-settings). */
export function NotificationSettingsPage() {
  const { t } = useTranslation(['notifications', 'common']);
  const client = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<NotificationSetting[]>('/user-settings/notification-settings'),
  });
  const [chosen, setChosen] = useState<Record<string, NotificationScope>>({});
  const [mailed, setMailed] = useState<Record<string, boolean>>({});
  const { errors, take, clear } = useFormErrors();
  useEffect(() => {
    if (data) {
      setChosen(Object.fromEntries(data.map((s) => [s.type, s.scope])));
      setMailed(Object.fromEntries(data.map((s) => [s.type, s.mail])));
    }
  }, [data]);
  const save = useMutation({
    mutationFn: () =>
      api.put<NotificationSetting[]>('/user-settings/notification-settings', {
        settings: Object.entries(chosen).map(([type, scope]) => ({ type, scope, mail: mailed[type] })),
      }),
    onMutate: clear,
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      notifySaved(t('common:saved'));
    },
    onError: take,
  });
  if (isLoading || !data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  const changed = data.some((s) => chosen[s.type] !== s.scope || mailed[s.type] !== s.mail);
  // A type about records the user may not read at all is not theirs to choose.
  const shown = data.filter((s) => s.maxScope !== 'off');
  return (
    <Stack maw={1000}>
      <Text c="dimmed" size="sm">
        {t('settings.hint')}
      </Text>
      <Text c="dimmed" size="sm">
        {t('settings.mailHint')}
      </Text>
      {errors.root && <FormRootError>{errors.root}</FormRootError>}
      <Paper withBorder>
        <Table verticalSpacing="sm" data-testid="notification-settings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.type')}</Table.Th>
              <Table.Th>{t('settings.scope')}</Table.Th>
              <Table.Th>{t('settings.mail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((setting) => {
              const i = data.indexOf(setting);
              const max = NOTIFICATION_SCOPES.indexOf(setting.maxScope);
              return (
                <Table.Tr key={setting.type}>
                  <Table.Td>
                    <Text size="sm">{t(`types.${setting.type}.title`, { defaultValue: setting.type })}</Text>
                    {(errors[`settings.${i}.scope`] ?? errors[`settings.${i}.type`]) && (
                      <Text size="xs" c="red">
                        {errors[`settings.${i}.scope`] ?? errors[`settings.${i}.type`]}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={t(`types.${setting.type}.title`, { defaultValue: setting.type })}
                      value={chosen[setting.type] ?? setting.scope}
                      onChange={(scope) =>
                        setChosen((c) => ({ ...c, [setting.type]: scope as NotificationScope }))
                      }
                      data={NOTIFICATION_SCOPES.map((scope, rank) => ({
                        value: scope,
                        label: t(`scopes.${scope}`),
                        disabled: rank > max,
                      }))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${t(`types.${setting.type}.title`, { defaultValue: setting.type })}: ${t('settings.mail')}`}
                      checked={mailed[setting.type] ?? setting.mail}
                      disabled={(chosen[setting.type] ?? setting.scope) === 'off'}
                      onChange={(event) => {
                        const { checked } = event.currentTarget;
                        setMailed((m) => ({ ...m, [setting.type]: checked }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!changed}>
          {t('common:save')}
        </Button>
      </Group>
    </Stack>
  );
}
