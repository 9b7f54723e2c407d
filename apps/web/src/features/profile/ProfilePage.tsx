import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordFields, usePasswordForm } from '../../app/shell/PasswordChangeDialog';
import { api } from '../../platform/api/client';
import { type SystemUser, useReplaceUser, useSystemData } from '../../platform/auth/system';
import { changeLanguage, i18next, localeToLanguage, translateServerMessage } from '../../platform/i18n';
import { notifySaved } from '../../platform/snackbar';
import { applyServerErrors } from '../../platform/widgets/serverErrors';

interface ProfileForm {
  contact: { name: string };
  locale: 'ru-RU' | 'en-US';
  darkTheme: boolean;
  nextUi: boolean;
}

/** The signed-in user's own settings: name, language, theme, newer widgets, and the password. */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const { user } = useSystemData();
  return (
    <Stack gap="lg" maw={960}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileCard user={user} />
        <PasswordCard user={user} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('profile:username', { username: user.username })}
      </Text>
    </Stack>
  );
}

function ProfileCard({ user }: { user: SystemUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const replaceUser = useReplaceUser();
  const { setColorScheme } = useMantineColorScheme();
  const form = useForm<ProfileForm>({
    values: {
      contact: { name: user.contact.name },
      locale: user.locale === 'en-US' ? 'en-US' : 'ru-RU',
      darkTheme: user.darkTheme,
      nextUi: user.nextUi,
    },
  });
  const { control, formState } = form;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await api.patch<SystemUser>('/users/me', values, { suppressPopup: true });
      replaceUser(saved);
      await changeLanguage(localeToLanguage(saved.locale));
      setColorScheme(saved.darkTheme ? 'dark' : 'light');
      // The saved language may differ from the one this screen rendered in.
      notifySaved(i18next.t('common:saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError)) {
        form.setError('root.server', {
          type: 'server',
          message: translateServerMessage((error as Error).message),
        });
      }
    }
  });
  const rootError = formState.errors.root?.server?.message;

  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('profile:personal')}
          </Title>
          {rootError && <Alert color="red">{rootError}</Alert>}
          <Controller
            control={control}
            name="contact.name"
            rules={{
              validate: (value) =>
                value.trim() !== '' || translateServerMessage('This value should not be blank.'),
            }}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={t('profile:name')}
                required
                error={fieldState.error?.message}
                data-testid="profile-name"
              />
            )}
          />
          <Controller
            control={control}
            name="locale"
            render={({ field, fieldState }) => (
              <Select
                {...field}
                label={t('profile:language')}
                allowDeselect={false}
                data={[
                  { value: 'ru-RU', label: 'Русский' },
                  { value: 'en-US', label: 'English' },
                ]}
                error={fieldState.error?.message}
                data-testid="profile-language"
              />
            )}
          />
          <Controller
            control={control}
            name="darkTheme"
            render={({ field: { value, onChange, ...field } }) => (
              <Switch
                {...field}
                checked={value}
                onChange={(e) => onChange(e.currentTarget.checked)}
                label={t('profile:darkTheme')}
              />
            )}
          />
          <Controller
            control={control}
            name="nextUi"
            render={({ field: { value, onChange, ...field } }) => (
              <Switch
                {...field}
                checked={value}
                onChange={(e) => onChange(e.currentTarget.checked)}
                label={t('profile:nextUi')}
                description={t('profile:nextUiHint')}
              />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="profile-save">
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard({ user }: { user: SystemUser }) {
  const { t } = useTranslation(['profile', 'shell', 'common']);
  const replaceUser = useReplaceUser();
  const { form, submit } = usePasswordForm(user.id, replaceUser, true);
  const rootError = form.formState.errors.root?.server?.message;
  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate data-testid="profile-password">
        <Stack>
          <Title order={2} size="h4">
            {t('profile:password')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile:passwordHint')}
          </Text>
          {rootError && <Alert color="red">{rootError}</Alert>}
          <PasswordFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('profile:changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
