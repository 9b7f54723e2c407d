import { Alert, Grid, Group, Paper, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type Job, jobFieldRole, operationEditLock, type ResourceDescriptor } from '@tms/domain';
import type { Control, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasRole, useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { accessOf } from '../../platform/resources/logic';
import type { ResourceTexts } from '../../platform/resources/texts';
import { CustomFieldsBlock } from './CustomFieldsBlock';
import { DescribedField } from './fields';
import { SectionTitle } from './formParts';
import { type JobFormValues, jobBodyOf } from './logic';
import { RouteEditor } from './RouteEditor';
import { FormAlerts, FormFooter, useOperationSave } from './save';

interface JobFormProps {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Job | null;
  form: UseFormReturn<JobFormValues>;
  part: 'all' | 'main' | 'route';
  reload: () => Promise<unknown>;
  onRouteErrors?: () => void;
}

const span = { base: 12, sm: 6, md: 4 };

/**
 * The job's form: type, contractor, orders and cost with the custom fields in the main block, the route
 * in its own block (a new job shows both). An archived job, or one accepted by finance control, is read-only;
 * fields needing a role the user lacks are disabled (JOB_FIELD_ROLES).
 */
export function JobForm({ descriptor, texts, record, form, part, reload, onRouteErrors }: JobFormProps) {
  const { t } = useTranslation('operations');
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const creating = record === null;
  const lock = record ? operationEditLock(record) : null;
  const canWrite = (creating ? access.create : access.edit) && lock === null;
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const disabled = (name: string) => {
    if (!canWrite) return true;
    const role = jobFieldRole(name, record);
    return role !== undefined && !hasRole(system, role);
  };
  const { save, remove, conflict, setConflict } = useOperationSave({
    descriptor,
    texts,
    record,
    form,
    onInvalid: (paths) => {
      if (part === 'main' && paths.some((path) => path === 'route' || path.startsWith('route.')))
        onRouteErrors?.();
    },
  });
  const control = form.control;
  const field = (name: string, required = false, query?: Record<string, string>) => (
    <DescribedField
      field={fields.get(name)}
      control={control}
      texts={texts}
      disabled={disabled(name)}
      required={required}
      query={query}
    />
  );
  const showMain = part !== 'route';
  const showRoute = part !== 'main';

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(jobBodyOf(values, !creating)))}
      noValidate
      data-testid="resource-form"
    >
      <Stack gap="md">
        <FormAlerts
          texts={texts}
          conflict={conflict}
          rootError={form.formState.errors.root?.server?.message}
          onReload={async () => {
            await reload();
            setConflict(false);
          }}
        />
        {lock && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="edit-lock">
            {record?.archived ? t('lock.archived') : translateServerMessage(lock)}
          </Alert>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-job">
            <SectionTitle>{t('sections.job')}</SectionTitle>
            <Grid gap="md">
              <Grid.Col span={span}>{field('jobTypeId', true)}</Grid.Col>
              <Grid.Col span={span}>{field('contractorId', false, { contractor: 'true' })}</Grid.Col>
              <Grid.Col span={span}>{field('orderIds', true)}</Grid.Col>
              <Grid.Col span={span}>{field('serviceOfficeId')}</Grid.Col>
              <Grid.Col span={span}>{field('forwarderId')}</Grid.Col>
              <Grid.Col span={span}>{field('tracking')}</Grid.Col>
            </Grid>
          </Paper>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-cost">
            <SectionTitle>{t('sections.cost')}</SectionTitle>
            <Grid gap="md">
              <Grid.Col span={span}>{field('costAmount')}</Grid.Col>
              <Grid.Col span={span}>{field('costCurrencyId')}</Grid.Col>
            </Grid>
          </Paper>
        )}
        {showRoute && (
          <Paper withBorder p="lg" data-testid="section-route">
            <SectionTitle>{t('sections.route')}</SectionTitle>
            <RouteEditor
              control={control as unknown as Control<Pick<JobFormValues, 'route'>>}
              disabled={!canWrite}
            />
          </Paper>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-custom-fields">
            <SectionTitle>{t('sections.customFields')}</SectionTitle>
            <CustomFieldsBlock
              control={
                control as unknown as Control<Pick<JobFormValues, 'customFieldGroupId' | 'customFields'>>
              }
              disabled={!canWrite}
            />
          </Paper>
        )}
        {showMain && record && (
          <Paper withBorder p="lg" data-testid="section-outcome">
            <SectionTitle>{t('sections.outcome')}</SectionTitle>
            <Grid gap="md" align="flex-end">
              <Grid.Col span={span}>{field('completionDate')}</Grid.Col>
              <Grid.Col span={span}>
                <Group gap="xl">
                  {field('failure')}
                  {field('damaged')}
                </Group>
              </Grid.Col>
            </Grid>
          </Paper>
        )}
        <FormFooter
          descriptor={descriptor}
          texts={texts}
          canWrite={canWrite}
          canDelete={record !== null && access.delete && lock === null}
          saving={save.isPending}
          deleting={remove.isPending}
          onDelete={() => remove.mutate()}
        />
      </Stack>
    </form>
  );
}
