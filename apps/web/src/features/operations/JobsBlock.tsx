import { Anchor, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { jobResource, type Order } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemData } from '../../platform/auth/system';
import { formatMoney, padId } from '../../platform/format';
import { BlockTable } from '../../platform/kit/blocks';
import { accessOf } from '../../platform/resources/logic';
import { useReferenceLabels } from '../../platform/resources/references';
import { useOrderJobs } from './api';
import { StagesBlock } from './StagesBlock';

const referenceFields = jobResource.fields.filter(
  (f) => f.name === 'jobTypeId' || f.name === 'costCurrencyId',
);

/**
 * The jobs of an order, each opening its job page, and the way to a new job of the order; below them the
 * order's own stages (the milestones of the whole shipment the archiver waits for).
 */
export function JobsBlock({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('operations');
  const system = useSystemData();
  const canCreate = accessOf(jobResource, system.roles).create;
  const jobs = useOrderJobs(order.id);
  const rows = jobs.data?.collection ?? [];
  const label = useReferenceLabels(referenceFields, rows, jobs.data);
  const [jobType, currency] = referenceFields;
  return (
    <Stack gap="md" data-testid="order-jobs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('blocks.jobs')}
        </Title>
        {canCreate && !order.archived && (
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            component={Link}
            to={`/tms/orders/${order.id}/jobs/new`}
            data-testid="order-new-job"
          >
            {t('jobs.new')}
          </Button>
        )}
      </Group>
      <BlockTable
        rows={rows}
        loading={jobs.isLoading}
        none={t('jobs.none')}
        minWidth={640}
        highlightOnHover
        verticalSpacing="sm"
        head={
          <>
            <Table.Th>{t('fields.number')}</Table.Th>
            <Table.Th>{t('fields.jobTypeId')}</Table.Th>
            <Table.Th>{t('fields.contractorId')}</Table.Th>
            <Table.Th ta="right">{t('fields.costAmount')}</Table.Th>
            <Table.Th>{t('fields.financeControlStatus')}</Table.Th>
          </>
        }
      >
        {(job) => (
          <Table.Tr key={job.id} data-testid="order-job-row">
            <Table.Td>
              <Anchor component={Link} to={`/tms/jobs/${job.id}`} size="sm" fw={500}>
                {padId(job.number)}
              </Anchor>
              {job.tracking && (
                <Badge ml="xs" size="xs" variant="outline" color="gray" tt="none">
                  {t('fields.tracking')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{jobType && label(jobType, job.jobTypeId)}</Table.Td>
            <Table.Td>{job.contractorName}</Table.Td>
            <Table.Td ta="right">
              {job.costAmount && currency
                ? formatMoney(job.costAmount, label(currency, job.costCurrencyId), i18n.language)
                : ''}
            </Table.Td>
            <Table.Td>{t(`statuses.financeControl.values.${job.financeControlStatus}`)}</Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
      <Title order={3} size="h5" mt="sm">
        {t('orderStages')}
      </Title>
      <StagesBlock path="/tms/orders" operationId={order.id} />
    </Stack>
  );
}
