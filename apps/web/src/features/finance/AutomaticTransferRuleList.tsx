import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomaticTransferRun } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime, formatMoney, padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { BlockTable } from '../../platform/kit/blocks';
import type { ResourceScreenProps } from '../../platform/resources';
import { ResourceList } from '../../platform/resources/ResourceList';
import { notify, notifySaved } from '../../platform/snackbar';

const RUNS_KEY = ['finance', 'automatic-transfer-runs'];

/** One run: when, who, what it created or could not (an error's message, translated). */
function RunItems({ run }: { run: AutomaticTransferRun }) {
  const { t, i18n } = useTranslation('finance');
  return (
    <BlockTable
      rows={run.items}
      loading={false}
      none={t('automaticTransfers.runs.nothing')}
      minWidth={720}
      head={
        <>
          <Table.Th>{t('automaticTransfers.runs.rule')}</Table.Th>
          <Table.Th>{t('automaticTransfers.runs.order')}</Table.Th>
          <Table.Th>{t('automaticTransfers.runs.amount')}</Table.Th>
          <Table.Th>{t('automaticTransfers.runs.commission')}</Table.Th>
          <Table.Th>{t('automaticTransfers.runs.result')}</Table.Th>
        </>
      }
    >
      {(item) => (
        <Table.Tr key={item.id}>
          <Table.Td>
            {item.ruleId ? (
              <Anchor component={Link} to={`/finances/automatic-transfers/rules/${item.ruleId}`} size="sm">
                {item.ruleName}
              </Anchor>
            ) : (
              item.ruleName
            )}
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/tms/orders/${item.orderId}`} size="sm">
              {padId(item.orderId)}
            </Anchor>
          </Table.Td>
          <Table.Td>{formatMoney(item.amount, item.currencyCode, i18n.language)}</Table.Td>
          <Table.Td>
            {item.commission ? formatMoney(item.commission, item.currencyCode, i18n.language) : '—'}
          </Table.Td>
          <Table.Td>
            {item.status === 'error' ? (
              <Text size="sm" c="red.8">
                {translateServerMessage(item.message ?? '')}
              </Text>
            ) : item.transferId ? (
              <Anchor component={Link} to={`/finances/internal-transfers/${item.transferId}`} size="sm">
                {t('automaticTransfers.runs.transfer', { id: item.transferId })}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {t('automaticTransfers.runs.transferDeleted')}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </BlockTable>
  );
}

/** The job's log, newest run first, and "Run now" for those who manage the rules. */
export function AutomaticTransferRuns() {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: RUNS_KEY,
    queryFn: ({ signal }) =>
      api.get<AutomaticTransferRun[]>('/finances/automatic-transfers/runs', { query: { limit: 10 }, signal }),
  });
  const runNow = useMutation({
    mutationFn: () =>
      api.post<{ ran: boolean; run: AutomaticTransferRun | null }>('/finances/automatic-transfers/runs'),
    onSuccess: (result) => {
      if (result.run) {
        notifySaved(
          String(
            t('automaticTransfers.runs.ranNow', { created: result.run.created, errors: result.run.errors }),
          ),
        );
      } else notify({ text: String(t('automaticTransfers.runs.busy')), color: 'warning' });
      void client.invalidateQueries({ queryKey: RUNS_KEY });
      void client.invalidateQueries({ queryKey: ['resource', 'internal_transfer'] });
    },
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="automatic-transfer-runs">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('automaticTransfers.runs.title')}
          </Title>
          {hasRole(system, ['ROLE_AUTOMATIC_TRANSFER_RULES']) && (
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              loading={runNow.isPending}
              onClick={() => runNow.mutate()}
            >
              {t('automaticTransfers.runs.runNow')}
            </Button>
          )}
        </Group>
        {runs.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('automaticTransfers.runs.empty')}
          </Text>
        )}
        {runs.data?.map((run) => (
          <Stack key={run.id} gap={4} data-testid={`automatic-transfer-run-${run.id}`}>
            <Group gap="md">
              <Text size="sm" fw={500}>
                {formatDateTime(run.startedAt)}
              </Text>
              <Badge variant="light" color={run.startedById ? 'blue' : 'gray'}>
                {run.startedById ? t('automaticTransfers.runs.user') : t('automaticTransfers.runs.schedule')}
              </Badge>
              {run.finishedAt ? (
                <>
                  <Text size="sm">
                    {t('automaticTransfers.runs.created')}: {run.created}
                  </Text>
                  <Text size="sm" c={run.errors ? 'red.8' : undefined}>
                    {t('automaticTransfers.runs.errors')}: {run.errors}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('automaticTransfers.runs.running')}
                </Text>
              )}
            </Group>
            {run.items.length > 0 && <RunItems run={run} />}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Automatic transfer rules: what a rule does, the engine's list, and the job's runs below it. */
export function AutomaticTransferRuleList(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  return (
    <Stack gap="md">
      <ResourceList {...props} />
      <Text size="sm" c="dimmed" maw={900}>
        {t('automaticTransfers.intro')}
      </Text>
      <AutomaticTransferRuns />
    </Stack>
  );
}
