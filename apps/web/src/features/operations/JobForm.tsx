import { Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Job, type JobType, jobFieldRole } from '@tms/domain';
import { useEffect, useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { translateServerMessage } from '../../platform/i18n';
import { useOrdersOf } from './api';
import type { ReferenceSelectOptions } from './fields';
import { contractorRefusal, type JobFormValues, jobBodyOf, jobOrderFacts } from './logic';
import {
  COLUMN_SPAN,
  CustomFieldsSection,
  OperationBlock,
  OperationFormFrame,
  type OperationFormProps,
  OutcomeSection,
  RouteSection,
  useOperationForm,
} from './operationForm';
import { FieldsView } from './ReadOnlyViews';

const span = COLUMN_SPAN.third;

/**
 * The job's form: type, contractor, orders and cost with the custom fields in the main block, the route
 * in its own block (a new job shows both). An archived job, or one accepted by finance control, is read-only;
 * fields needing a role the user lacks are disabled (JOB_FIELD_ROLES).
 */
export function JobForm(props: OperationFormProps<Job, JobFormValues>) {
  const { t } = useTranslation('operations');
  const { record, form, descriptor, texts } = props;
  const operation = useOperationForm({ ...props, fieldRole: (name) => jobFieldRole(name, record) });
  const { field, showMain, showRoute, save } = operation;
  const selects = useJobSelects(form);

  return (
    <OperationFormFrame
      operation={operation}
      onSubmit={form.handleSubmit((values) => save.mutate(jobBodyOf(values, record !== null)))}
      archivedText={t('lock.archived')}
    >
      {showMain && (
        <OperationBlock
          operation={operation}
          name="main"
          testId="section-job"
          title={t('sections.job')}
          view={(job) => (
            <FieldsView
              descriptor={descriptor}
              texts={texts}
              record={job}
              names={['jobTypeId', 'contractorId', 'orderIds', 'serviceOfficeId', 'forwarderId', 'tracking']}
            />
          )}
        >
          <Grid gap="md">
            <Grid.Col span={span}>{field('jobTypeId', true, undefined, selects.jobType)}</Grid.Col>
            <Grid.Col span={span}>
              {field('contractorId', false, { contractor: 'true' }, selects.contractor)}
            </Grid.Col>
            <Grid.Col span={span}>{field('orderIds', true)}</Grid.Col>
            <Grid.Col span={span}>{field('serviceOfficeId')}</Grid.Col>
            <Grid.Col span={span}>{field('forwarderId')}</Grid.Col>
            <Grid.Col span={span}>{field('tracking')}</Grid.Col>
          </Grid>
        </OperationBlock>
      )}
      {showMain && (
        <OperationBlock
          operation={operation}
          name="cost"
          testId="section-cost"
          title={t('sections.cost')}
          view={(job) => (
            <FieldsView
              descriptor={descriptor}
              texts={texts}
              record={job}
              names={['costAmount', 'costCurrencyId']}
            />
          )}
        >
          <Grid gap="md">
            <Grid.Col span={span}>{field('costAmount')}</Grid.Col>
            <Grid.Col span={span}>{field('costCurrencyId')}</Grid.Col>
          </Grid>
        </OperationBlock>
      )}
      {showRoute && <RouteSection operation={operation} />}
      {showMain && <CustomFieldsSection operation={operation} />}
      {showMain && record && <OutcomeSection operation={operation} />}
    </OperationFormFrame>
  );
}

/**
 * What the job's selects offer, from its orders: job types compatible with all their products, and
 * contractors the server would take, the others disabled with the reason (black list, no liquid access).
 * Orders the user changes so that the chosen job type no longer fits them clear the job type.
 */
function useJobSelects(form: UseFormReturn<JobFormValues>) {
  const { control } = form;
  const orderIds = useWatch({ control, name: 'orderIds' });
  const jobTypeId = useWatch({ control, name: 'jobTypeId' });
  const orders = useOrdersOf(orderIds ?? []);
  const facts = orders.data ? jobOrderFacts(orders.data.collection) : null;
  const compatibleWith = facts?.productIds.join(',');
  const liquid = facts?.liquid ?? false;
  const jobType = useQuery({
    queryKey: ['resource', 'job_type', 'record', jobTypeId],
    queryFn: ({ signal }) => api.get<JobType>(`/tms/job-types/${jobTypeId}`, { signal, suppressPopup: true }),
    enabled: typeof jobTypeId === 'number',
  });
  const fits =
    !facts || !jobType.data || facts.productIds.every((id) => jobType.data.productIds.includes(id));
  useEffect(() => {
    if (!fits && form.getFieldState('orderIds').isDirty) {
      form.setValue('jobTypeId', null, { shouldDirty: true });
    }
  }, [fits, form]);
  return useMemo(
    (): { jobType: ReferenceSelectOptions; contractor: ReferenceSelectOptions } => ({
      jobType: { query: { compatibleWith } },
      contractor: {
        optionDisabled: (row) => {
          const refusal = contractorRefusal(row, liquid);
          return refusal ? translateServerMessage(refusal) : false;
        },
      },
    }),
    [compatibleWith, liquid],
  );
}
