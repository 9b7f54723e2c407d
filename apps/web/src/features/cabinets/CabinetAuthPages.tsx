import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconAlertCircle, IconMoon, IconSun } from '@tabler/icons-react';
import type { CabinetKind } from '@tms/domain';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { changeLanguage, type Language, translateServerMessage } from '../../platform/i18n';
import { CABINET_CLIENTS, CabinetError } from './cabinetApi';

/** The language and light/dark switches every cabinet screen offers. */
export function CabinetPreferences() {
  const { t, i18n } = useTranslation('cabinets');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const dark = colorScheme === 'dark';
  return (
    <Group gap="xs" wrap="nowrap">
      <SegmentedControl
        size="xs"
        aria-label={t('cabinet.language')}
        value={i18n.language}
        onChange={(value) => void changeLanguage(value as Language)}
        data={[
          { value: 'ru', label: 'RU' },
          { value: 'en', label: 'EN' },
        ]}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t(dark ? 'cabinet.light' : 'cabinet.dark')}
        onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      >
        {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Group>
  );
}

function AuthFrame({ kind, title, children }: { kind: CabinetKind; title: string; children: ReactNode }) {
  const { t } = useTranslation('cabinets');
  useEffect(() => {
    document.title = `${title} — ${t(`kinds.${kind}.name`)}`;
  });
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Stack w="100%" maw={380} gap="lg" component="main">
        <Stack gap={4} align="center">
          <Title order={1} size="h2">
            {t(`kinds.${kind}.name`)}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {t(`kinds.${kind}.subtitle`)}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
        <Center>
          <CabinetPreferences />
        </Center>
      </Stack>
    </Center>
  );
}

const failureText = (error: unknown) =>
  error instanceof CabinetError
    ? translateServerMessage(
        error.errors ? flatMessages(error.errors).join(' ') || error.message : error.message,
      )
    : String(error);

function flatMessages(tree: {
  errors: string[];
  children: Record<string, { errors: string[]; children: object }>;
}): string[] {
  return [
    ...tree.errors.map((m) => translateServerMessage(m)),
    ...Object.values(tree.children).flatMap((child) => flatMessages(child as never)),
  ];
}

/**
 * A cabinet's sign-in (`/pcc/login`, `/ops/login`, `/carrier/login`): a cabinet user signs in with his
 * e-mail and password; a user of another cabinet is told so.
 */
export function CabinetLoginPage({ kind }: { kind: CabinetKind }) {
  const { t } = useTranslation('cabinets');
  const navigate = useNavigate();
  const api = CABINET_CLIENTS[kind];
  const signedIn = api.useSignedIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (signedIn) return <Navigate to={`/${api.path}`} replace />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setFailure(null);
    try {
      await api.signIn(String(form.get('email')).trim(), String(form.get('password')));
      navigate(`/${api.path}`, { replace: true });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthFrame kind={kind} title={t('cabinet.login.title')}>
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h4">
            {t('cabinet.login.title')}
          </Title>
          {failure && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              data-testid={`${api.path}-login-error`}
            >
              {failure}
            </Alert>
          )}
          <TextInput
            name="email"
            type="email"
            label={t('cabinet.login.email')}
            autoComplete="username"
            required
            autoFocus
          />
          <PasswordInput
            name="password"
            label={t('cabinet.login.password')}
            autoComplete="current-password"
            required
          />
          <Button type="submit" fullWidth loading={busy}>
            {t('cabinet.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}

/**
 * `/{cabinet}/password?token=`: the invitation's or reset's one-time link sets the password and signs in.
 */
export function CabinetPasswordPage({ kind }: { kind: CabinetKind }) {
  const { t } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('repeat'))) {
      setFailure(translateServerMessage('The passwords do not match.'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      api.session.set(
        await api.post(`/${api.path}/auth/password`, { token: params.get('token') ?? '', password }),
      );
      navigate(`/${api.path}`, { replace: true });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthFrame kind={kind} title={t('cabinet.password.title')}>
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h4">
            {t('cabinet.password.title')}
          </Title>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            name="password"
            label={t('cabinet.password.new')}
            autoComplete="new-password"
            required
            autoFocus
          />
          <PasswordInput
            name="repeat"
            label={t('cabinet.password.repeat')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" fullWidth loading={busy}>
            {t('cabinet.password.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
