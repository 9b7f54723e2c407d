import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { refreshToken } from '../../platform/auth/actions';
import { loginLocation, shouldRefresh, TIME_UNIT_MS } from '../../platform/auth/session';
import { authStore } from '../../platform/auth/store';
import { SYSTEM_QUERY_KEY, type SystemData, useSystem } from '../../platform/auth/system';
import { EXTERNAL_BASE_URL } from '../../platform/config';
import { changeLanguage, localeToLanguage } from '../../platform/i18n';
import { usePhone } from '../../platform/kit/phone';
import { deepestMeta, headerTitle, pageTitle } from '../routeMeta';
import { FullScreenLoader } from './FullScreenLoader';
import { NavMenu } from './NavMenu';
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from './navLogic';
import { OptionalPart } from './OptionalPart';
import { UserMenu } from './UserMenu';

// Header buttons of features load on their own after the shell has painted, and decide there whether the
// user sees them (the permission catalogue stays out of the shell's first load).
// Only a user who must change the password sees the dialog: its form code loads for them alone.
const PasswordChangeDialog = lazy(() =>
  import('./PasswordChangeDialog').then((module) => ({ default: module.PasswordChangeDialog })),
);
const RecentDocuments = lazy(() => import('../../features/documents/RecentDocuments'));
// Every user's background jobs (hidden while they have none), with its dictionary.
const JobsIndicator = lazy(async () => {
  const [module, { i18next }] = await Promise.all([
    import('../../features/background-jobs/JobsIndicator'),
    import('../../platform/i18n'),
  ]);
  await i18next.loadNamespaces(['backgroundJobs']);
  return module;
});
// The header's bell, announcements and version news load after the shell, with their dictionaries.
const CommsHeader = lazy(async () => {
  const [module, { i18next }] = await Promise.all([
    import('../../features/communication/CommsHeader'),
    import('../../platform/i18n'),
  ]);
  await i18next.loadNamespaces(['notifications', 'announcements']);
  return module;
});

/** The signed-in frame: it waits for the system call, then shows drawer, header and the route's screen. */
export function Shell() {
  const location = useLocation();
  const { data, error, refetch } = useSystem();
  const { t } = useTranslation('shell');
  useSessionUpkeep(data);

  if (!authStore.isAuthenticated()) {
    return (
      <Navigate to={loginLocation(`${location.pathname}${location.search}`, EXTERNAL_BASE_URL)} replace />
    );
  }
  if (error && !data) {
    return (
      <Center h="100dvh">
        <Stack align="center">
          <Text>{t('loadFailed')}</Text>
          <Button onClick={() => refetch()}>{t('retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!data) return <FullScreenLoader />;
  return <Frame system={data} />;
}

/** Token refresh, language and theme of the user, and the tab-visibility re-read of spec §4. */
function useSessionUpkeep(system: SystemData | undefined) {
  const client = useQueryClient();
  const { setColorScheme } = useMantineColorScheme();
  const impersonating = !!system?.impersonator;

  useEffect(() => {
    if (!system) return;
    void changeLanguage(localeToLanguage(system.user.locale));
    setColorScheme(system.user.darkTheme ? 'dark' : 'light');
  }, [system?.user.locale, system?.user.darkTheme, setColorScheme, system]);

  useEffect(() => {
    if (!system) return;
    const check = () => {
      if (shouldRefresh(authStore.get(), Date.now(), impersonating)) refreshToken().catch(() => undefined);
    };
    check();
    const timer = window.setInterval(check, TIME_UNIT_MS);
    return () => window.clearInterval(timer);
  }, [system, impersonating]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !authStore.syncFromStorage()) return;
      if (authStore.isAuthenticated()) void client.invalidateQueries({ queryKey: SYSTEM_QUERY_KEY });
      else
        window.location.assign(
          loginLocation(`${window.location.pathname}${window.location.search}`, EXTERNAL_BASE_URL),
        );
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [client]);
}

function Frame({ system }: { system: SystemData }) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'tms.drawerCollapsed', defaultValue: false });
  const isMobile = usePhone();
  const matches = useMatches();
  const meta = deepestMeta(matches);
  // The route's title keys live in its feature's namespace; render again once it has loaded.
  const titleNamespaces = [meta?.title, meta?.header].flatMap((key) =>
    key?.includes(':') ? [key.split(':')[0]!] : [],
  );
  const { t: tTitle } = useTranslation(['common', ...titleNamespaces], { useSuspense: false });
  const translate = (key: string) => tTitle(key);
  const narrow = collapsed && !isMobile;

  useEffect(() => {
    document.title = pageTitle(meta, translate);
  });

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <AppShell
        header={{ height: 56 }}
        navbar={{
          width: narrow ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpened },
        }}
        // A phone keeps its narrow width for the screen rather than the margins.
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                opened={mobileOpened}
                onClick={toggleMobile}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('shell:nav.open')}
                data-testid="nav-burger"
              />
              <Tooltip label={t(collapsed ? 'shell:nav.expand' : 'shell:nav.collapse')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  visibleFrom="sm"
                  onClick={() => setCollapsed(!collapsed)}
                  aria-label={t(collapsed ? 'shell:nav.expand' : 'shell:nav.collapse')}
                  aria-expanded={!collapsed}
                  data-testid="nav-collapse"
                >
                  {collapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} />
                  )}
                </ActionIcon>
              </Tooltip>
              {/* A phone's header has room for a long title's first words only: a size smaller shows more. */}
              <Title
                order={1}
                size={isMobile ? 'h5' : 'h4'}
                fw={600}
                lineClamp={1}
                data-testid="header-title"
              >
                {headerTitle(meta, translate)}
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {system.impersonator && (
                <Group gap={6} wrap="nowrap" c="orange" data-testid="impersonation-warning">
                  <IconAlertTriangle size={18} aria-label={t('shell:impersonating')} />
                  <Text size="sm" fw={600} visibleFrom="xs">
                    {system.user.contact.name}
                  </Text>
                </Group>
              )}
              <OptionalPart>
                <RecentDocuments />
              </OptionalPart>
              {!system.user.changePasswordRequired && (
                <>
                  <OptionalPart>
                    <JobsIndicator system={system} />
                  </OptionalPart>
                  <OptionalPart>
                    <CommsHeader system={system} />
                  </OptionalPart>
                </>
              )}
              <UserMenu system={system} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar data-testid="drawer">
          <NavMenu items={system.nav} collapsed={narrow} onNavigate={closeMobile} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            }
          >
            {/* Until the password is changed the server answers nothing else: no screen behind the dialog. */}
            {!system.user.changePasswordRequired && <Outlet />}
          </Suspense>
        </AppShell.Main>
      </AppShell>
      {system.user.changePasswordRequired && (
        <Suspense fallback={null}>
          <PasswordChangeDialog user={system.user} />
        </Suspense>
      )}
    </DatesProvider>
  );
}
