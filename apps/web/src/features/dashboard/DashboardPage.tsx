import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_ICONS } from '../../app/shell/navIcons';
import { initialsOf } from '../../app/shell/navLogic';
import { api } from '../../platform/api/client';
import { type NavItem, useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import classes from './DashboardPage.module.css';

// The figures need the domain and the operations texts: they load after the page.
const OperationsFigures = lazy(async () => {
  const [{ OperationsFigures }, { i18next }] = await Promise.all([
    import('./OperationsFigures'),
    import('../../platform/i18n'),
  ]);
  await i18next.loadNamespaces('operations');
  return { default: OperationsFigures };
});

// The finance figures read the reports: they load after the page too.
const FinanceFigures = lazy(async () => {
  const [{ FinanceFigures }, { i18next }] = await Promise.all([
    import('./FinanceFigures'),
    import('../../platform/i18n'),
  ]);
  await i18next.loadNamespaces('reports');
  return { default: FinanceFigures };
});

// The customs figures read the customs monitoring report.
const CustomsFigures = lazy(async () => {
  const [{ CustomsFigures }, { i18next }] = await Promise.all([
    import('./CustomsFigures'),
    import('../../platform/i18n'),
  ]);
  await i18next.loadNamespaces('reports');
  return { default: CustomsFigures };
});

// The warehouse figures read the warehouse accounting.
const WarehouseFigures = lazy(async () => {
  const [{ WarehouseFigures }, { i18next }] = await Promise.all([
    import('./WarehouseFigures'),
    import('../../platform/i18n'),
  ]);
  await i18next.loadNamespaces('warehouse');
  return { default: WarehouseFigures };
});

/** The first route under an item: its own, or its first child's. */
function firstRoute(item: NavItem): string | null {
  if (item.route) return item.route;
  for (const child of item.children ?? []) {
    const route = firstRoute(child);
    if (route) return route;
  }
  return null;
}

/** The start page: a greeting, the user's office and quick links to the top sections of their menu. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'nav']);
  const { user, nav } = useSystemData();
  const officeId = user.serviceOffice?.id;
  // The system call names the office only by id; its name comes from the office record when readable.
  const office = useQuery({
    queryKey: ['service-office', officeId],
    queryFn: ({ signal }) =>
      api.get<{ name: string }>(`/settings/service-offices/${officeId}`, {
        signal,
        suppressPopup: true,
        cache: true,
      }),
    enabled: officeId !== undefined && !user.serviceOffice?.name,
    retry: false,
  });
  const officeName =
    user.serviceOffice?.name ?? office.data?.name ?? (officeId ? `№ ${padId(officeId)}` : null);
  const hour = new Date().getHours();
  const greeting = hour < 5 ? 'night' : hour < 12 ? 'morning' : hour < 18 ? 'day' : 'evening';
  const sections = nav
    .map((item) => ({ item, route: firstRoute(item) }))
    .filter(
      (entry): entry is { item: NavItem; route: string } => !!entry.route && entry.route !== '/dashboard',
    );

  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap={4}>
        <Title order={2} data-testid="dashboard-greeting">
          {t(`dashboard:greeting.${greeting}`, { name: user.contact.name })}
        </Title>
        <Group gap={6} c="dimmed">
          <IconBuilding size={16} aria-hidden />
          <Text size="sm" data-testid="dashboard-office">
            {officeName ? t('dashboard:office', { office: officeName }) : t('dashboard:noOffice')}
          </Text>
        </Group>
      </Stack>
      <Suspense fallback={null}>
        <OperationsFigures />
      </Suspense>
      <Suspense fallback={null}>
        <CustomsFigures />
      </Suspense>
      <Suspense fallback={null}>
        <WarehouseFigures />
      </Suspense>
      <Suspense fallback={null}>
        <FinanceFigures />
      </Suspense>
      <Stack gap="sm">
        <Title order={3} size="h5" c="dimmed" tt="uppercase" fw={600}>
          {t('dashboard:quickLinks')}
        </Title>
        {sections.length === 0 ? (
          <Text c="dimmed">{t('dashboard:noSections')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="quick-links">
            {sections.map(({ item, route }) => {
              const label = t(item.name, { ns: 'nav' });
              const Icon = item.icon ? NAV_ICONS[item.icon] : undefined;
              return (
                <UnstyledButton key={item.name} component={Link} to={route} className={classes.link}>
                  <Card padding="md" className={classes.card}>
                    <Group wrap="nowrap">
                      <ThemeIcon variant="light" size={40} radius="md">
                        {Icon ? <Icon size={22} stroke={1.6} /> : <Text fw={600}>{initialsOf(label)}</Text>}
                      </ThemeIcon>
                      <Stack gap={0} miw={0}>
                        <Text fw={600} truncate>
                          {label}
                        </Text>
                        {!!item.children?.length && (
                          <Text size="xs" c="dimmed">
                            {t('dashboard:sections', { count: item.children.length })}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Card>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
