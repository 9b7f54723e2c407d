import { AppShell, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CabinetKind, CabinetMe, CabinetRole } from '@tms/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../app/shell/FullScreenLoader';
import { CabinetPreferences } from './CabinetAuthPages';
import { CABINET_CLIENTS } from './cabinetApi';

/** The query key of the signed-in cabinet (`GET /{cabinet}/me`). */
export const cabinetMeKey = (kind: CabinetKind) => [CABINET_CLIENTS[kind].path, 'me'] as const;

/** A section of a cabinet's menu, shown to the roles within the cabinet it needs (null: to everyone). */
export interface CabinetSection {
  path: string;
  /** Its label's key in the `cabinets` dictionary. */
  label: string;
  icon: ComponentType<{ size?: number }>;
  role: CabinetRole | null;
}

/**
 * A cabinet's frame, the same for the client's, the contractor's and the carrier's: its own header and
 * menu (a drawer on a phone), the section's screen; a cabinet's root opens the first section the user's
 * roles give him.
 */
export function CabinetShell({
  kind,
  sections: all,
}: {
  kind: CabinetKind;
  sections: readonly CabinetSection[];
}) {
  const { t } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const signedIn = api.useSignedIn();
  const location = useLocation();
  const client = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useQuery({
    queryKey: cabinetMeKey(kind),
    queryFn: () => api.get<CabinetMe>(`/${api.path}/me`),
    enabled: signedIn,
  });
  if (!signedIn) return <Navigate to={`/${api.path}/login`} replace />;
  if (!me.data) return <FullScreenLoader />;
  const sections = all.filter((s) => s.role === null || me.data.roles.includes(s.role));
  if (sections[0] && (location.pathname === `/${api.path}` || location.pathname === `/${api.path}/`)) {
    return <Navigate to={sections[0].path} replace />;
  }
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('cabinet.menu')}
            />
            <Stack gap={0} miw={0}>
              <Title order={1} size="h5" lineClamp={1}>
                {t(`kinds.${kind}.name`)}
              </Title>
              <Text size="xs" c="dimmed" lineClamp={1} data-testid={`${api.path}-company`}>
                {me.data.counterpartyName}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap" visibleFrom="xs">
            <CabinetPreferences />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow>
          {sections.map((section) => (
            <NavLink
              key={section.path}
              component={Link}
              to={section.path}
              label={t(section.label)}
              leftSection={<section.icon size={18} />}
              active={location.pathname.startsWith(section.path)}
              onClick={close}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs" p="xs">
            <Group hiddenFrom="xs">
              <CabinetPreferences />
            </Group>
            {me.data.user && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {me.data.user.name}
              </Text>
            )}
            <Button
              variant="subtle"
              color="gray"
              justify="flex-start"
              leftSection={<IconLogout size={18} />}
              onClick={async () => {
                await api.signOut();
                client.removeQueries({ queryKey: [api.path] });
              }}
            >
              {t('cabinet.logout')}
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
