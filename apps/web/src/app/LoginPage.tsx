import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../platform/api/client';
import { login } from '../platform/auth/actions';
import { safeRedirect } from '../platform/auth/session';
import { authStore } from '../platform/auth/store';
import { changeLanguage, type Language, languageToLocale, translateServerMessage } from '../platform/i18n';

interface Credentials {
  username: string;
  password: string;
}

/** The sign-in screen; after signing in it opens the `redirect` address, else the dashboard. */
export function LoginPage() {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // A language picked here is the user's choice: it becomes their profile's, not overridden by it.
  const [pickedLanguage, setPickedLanguage] = useState<Language | null>(null);
  const redirect = safeRedirect(params.get('redirect'));
  const { register, handleSubmit, formState } = useForm<Credentials>({
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    document.title = `${t('shell:login.title')} — ${t('common:productName')}`;
  });

  if (authStore.isAuthenticated()) return <Navigate to={redirect} replace />;

  const submit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      await login(username.trim(), password);
      if (pickedLanguage) {
        // Best effort: a user who must change the password first keeps the profile's until then.
        await api
          .patch('/users/me', { locale: languageToLocale(pickedLanguage) }, { suppressPopup: true })
          .catch(() => undefined);
      }
      client.clear();
      navigate(redirect, { replace: true });
    } catch (error) {
      setFailure(translateServerMessage((error as Error).message));
    }
  });

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Stack w="100%" maw={380} gap="lg" component="main">
        <Stack gap={4} align="center">
          <Title order={1} size="h2">
            {t('common:productName')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('shell:login.subtitle')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={2} size="h4">
                {t('shell:login.title')}
              </Title>
              {failure && (
                <Alert
                  color="red"
                  icon={<IconAlertCircle size={18} />}
                  role="alert"
                  data-testid="login-error"
                >
                  {failure}
                </Alert>
              )}
              <TextInput
                label={t('shell:login.username')}
                autoComplete="username"
                required
                autoFocus
                error={formState.errors.username && t('common:required')}
                {...register('username', { required: true })}
              />
              <PasswordInput
                label={t('shell:login.password')}
                autoComplete="current-password"
                required
                error={formState.errors.password && t('common:required')}
                {...register('password', { required: true })}
              />
              <Button type="submit" fullWidth loading={formState.isSubmitting}>
                {t('shell:login.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Center>
          <SegmentedControl
            size="xs"
            aria-label={t('shell:login.language')}
            value={i18n.language}
            onChange={(value) => {
              setPickedLanguage(value as Language);
              void changeLanguage(value as Language);
            }}
            data={[
              { value: 'ru', label: 'Русский' },
              { value: 'en', label: 'English' },
            ]}
          />
        </Center>
      </Stack>
    </Center>
  );
}
