import { Anchor, Badge, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type OpsJob, padId, type RouteEndPoint } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../platform/format';
import { Empty, Pager, Rows, routeText } from '../CabinetKit';
import { OpsScreen, useOpsList } from './opsKit';

/** `/ops/jobs`: the jobs given to the contractor, each opened to its stages and documents. */
export function OpsJobsScreen() {
  const { t } = useTranslation('cabinets');
  const [params] = useSearchParams();
  const search = params.get('search');
  const { list, page, setPage, setParams } = useOpsList<OpsJob>('/ops/jobs', { search });
  return (
    <OpsScreen title={t('ops.jobs.title')}>
      <TextInput
        w={{ base: '100%', xs: 280 }}
        leftSection={<IconSearch size={16} />}
        placeholder={t('ops.jobs.search')}
        aria-label={t('ops.jobs.search')}
        defaultValue={search ?? ''}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          const value = event.currentTarget.value.trim();
          setParams((next) => {
            if (value) next.set('search', value);
            else next.delete('search');
            next.delete('page');
            return next;
          });
        }}
      />
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            {
              label: t('ops.jobs.fields.number'),
              value: (job) => (
                <Anchor component={Link} to={`/ops/jobs/${job.id}`} data-testid="ops-job-link">
                  {padId(job.number)}
                </Anchor>
              ),
            },
            { label: t('ops.jobs.fields.route'), value: (job) => routeText(job.route as RouteEndPoint[]) },
            { label: t('ops.jobs.fields.cargoDescription'), value: (job) => job.cargoDescription ?? '' },
            { label: t('ops.jobs.fields.dispatchDate'), value: (job) => formatDate(job.dispatchDate) },
            { label: t('ops.jobs.fields.deliveryDate'), value: (job) => formatDate(job.deliveryDate) },
            {
              label: t('ops.jobs.state'),
              value: (job) =>
                job.completionDate ? (
                  <Badge color="green" variant="light" style={{ overflow: 'visible' }}>
                    {t('ops.jobs.done', { date: formatDate(job.completionDate) })}
                  </Badge>
                ) : (
                  <Badge color="blue" variant="light" style={{ overflow: 'visible' }}>
                    {t('ops.jobs.inProgress')}
                  </Badge>
                ),
            },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
    </OpsScreen>
  );
}
