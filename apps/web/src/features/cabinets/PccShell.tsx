import { AppShell, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconFileInvoice,
  IconLogout,
  IconMessageQuestion,
  IconReceipt,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CabinetMe } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../app/shell/FullScreenLoader';
import { PccPreferences } from './PccAuthPages';
import { PccBell } from './PccBell';
import { pccGet, pccSignOut, usePccSignedIn } from './pccApi';

export const PCC_ME_KEY = ['pcc', 'me'] as const;

/** The cabinet's sections, each shown to the roles within the cabinet it needs. */
const SECTIONS = [
  { path: '/pcc/requests', label: 'pcc.nav.requests', icon: IconMessageQuestion, role: 'CABINET_REQUESTS' },
  { path: '/pcc/quotes', label: 'pcc.nav.quotes', icon: IconReceipt, role: 'CABINET_REQUESTS' },
  { path: '/pcc/orders', label: 'pcc.nav.orders', icon: IconTruckDelivery, role: null },
  { path: '/pcc/bills', label: 'pcc.nav.bills', icon: IconFileInvoice, role: 'CABINET_FINANCE' },
] as const;

/** The client cabinet's frame: its own header and menu (a drawer on a phone), the section's screen. */
export function PccShell() {
  const { t } = useTranslation('cabinets');
  const signedIn = usePccSignedIn();
  const location = useLocation();
  const client = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useQuery({
    queryKey: PCC_ME_KEY,
    queryFn: () => pccGet<CabinetMe>('/pcc/me'),
    enabled: signedIn,
  });
  if (!signedIn) return <Navigate to="/pcc/login" replace />;
  if (!me.data) return <FullScreenLoader />;
  const sections = SECTIONS.filter((s) => s.role === null || me.data.roles.includes(s.role));
  if (location.pathname === '/pcc' || location.pathname === '/pcc/') {
    return <Navigate to={sections[0]!.path} replace />;
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
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('pcc.menu')} />
            <Stack gap={0} miw={0}>
              <Title order={1} size="h5" lineClamp={1}>
                {t('pcc.name')}
              </Title>
              <Text size="xs" c="dimmed" lineClamp={1} data-testid="pcc-company">
                {me.data.counterpartyName}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {me.data.user && <PccBell />}
            <Group gap="xs" wrap="nowrap" visibleFrom="xs">
              <PccPreferences />
            </Group>
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
              <PccPreferences />
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
                await pccSignOut();
                client.removeQueries({ queryKey: ['pcc'] });
              }}
            >
              {t('pcc.logout')}
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
