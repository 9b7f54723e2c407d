import { Grid } from '@mantine/core';
import { type Job, jobFieldRole } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { type JobFormValues, jobBodyOf } from './logic';
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
            <Grid.Col span={span}>{field('jobTypeId', true)}</Grid.Col>
            <Grid.Col span={span}>{field('contractorId', false, { contractor: 'true' })}</Grid.Col>
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
