import { Grid } from '@mantine/core';
import { type Job, jobFieldRole } from '@tms/domain';
import { useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../platform/i18n';
import { FieldsView } from '../../platform/kit/ReadOnlyValues';
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
  const selects = useJobSelects(form.control);

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
 */
function useJobSelects(control: UseFormReturn<JobFormValues>['control']) {
  const orderIds = useWatch({ control, name: 'orderIds' });
  const orders = useOrdersOf(orderIds ?? []);
  const facts = orders.data ? jobOrderFacts(orders.data.collection) : null;
  const compatibleWith = facts?.productIds.join(',');
  const liquid = facts?.liquid ?? false;
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
