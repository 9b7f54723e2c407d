import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { customsMonitoringReport, type ReportAnswer, type ReportRow } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { Block } from './Block';

/** The most pressing declarations listed on the start page; the monitoring lists them all. */
const PRESSING = 5;

const STATE_COLORS: Record<string, string> = {
  'reports:monitoringStates.overdue': 'red',
  'reports:monitoringStates.dueSoon': 'orange',
  'reports:monitoringStates.onTime': 'teal',
};

const text = (row: ReportRow, key: string) => (row.cells[key] == null ? '' : String(row.cells[key]));

/**
 * What a customs specialist acts on, on the start page: the declarations with the authority now, how many
 * are overdue or due soon against their term, and the most pressing of them; read from the customs
 * monitoring (the same figures and permission) and linking to it. Shown only to whoever may read it.
 */
export function CustomsFigures() {
  const { t } = useTranslation(['dashboard', 'reports']);
  const system = useSystemData();
  const monitoring = useQuery({
    queryKey: ['report', customsMonitoringReport.key, 'dashboard'],
    queryFn: ({ signal }) =>
      api.get<ReportAnswer>(`/reports/${customsMonitoringReport.key}`, { signal, suppressPopup: true }),
    enabled: hasRole(system, customsMonitoringReport.permission),
    staleTime: 60_000,
  });
  if (!monitoring.data) return null;
  const rows = monitoring.data.rows;
  const count = (state: string) =>
    rows.filter((row) => row.cells.state === `reports:monitoringStates.${state}`).length;
  const figures = [
    { key: 'open', value: rows.length },
    { key: 'overdue', value: count('overdue') },
    { key: 'dueSoon', value: count('dueSoon') },
  ];

  return (
    <Stack gap="sm" data-testid="customs-dashboard">
      <Title order={3} size="h5" c="dimmed" tt="uppercase" fw={600}>
        {t('dashboard:customs.heading')}
      </Title>
      <Block
        title={t('dashboard:customs.withAuthority')}
        to={customsMonitoringReport.path}
        open={t('dashboard:customs.openMonitoring')}
        testId="customs-open"
      >
        <SimpleGrid cols={3} spacing="md" mb={rows.length ? 'sm' : 0}>
          {figures.map((figure) => (
            <Stack key={figure.key} gap={0}>
              <Text size="sm" c="dimmed">
                {t(`dashboard:customs.${figure.key}`)}
              </Text>
              <Text
                fz={24}
                fw={700}
                c={figure.key === 'overdue' && figure.value > 0 ? 'red.9' : undefined}
                data-testid={`customs-${figure.key}-count`}
              >
                {figure.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dashboard:customs.noneOpen')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} fz="sm" data-testid="customs-pressing">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports:columns.declarationNumber')}</Table.Th>
                  <Table.Th>{t('reports:groups.customsPoint')}</Table.Th>
                  <Table.Th>{t('reports:columns.state')}</Table.Th>
                  <Table.Th ta="right">{t('reports:columns.leftHours')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, PRESSING).map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={row.href ?? customsMonitoringReport.path}
                        size="sm"
                        ff="monospace"
                      >
                        {text(row, 'number')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate maw={260}>
                        {text(row, 'customsPoint')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.cells.state ? (
                        <Badge variant="light" color={STATE_COLORS[text(row, 'state')] ?? 'gray'}>
                          {t(text(row, 'state'))}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t(text(row, 'status'))}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{text(row, 'leftHours')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {rows.length > PRESSING && (
          <Group justify="flex-end" mt="xs">
            <Text size="xs" c="dimmed">
              {t('dashboard:customs.more', { count: rows.length - PRESSING })}
            </Text>
          </Group>
        )}
      </Block>
    </Stack>
  );
}
