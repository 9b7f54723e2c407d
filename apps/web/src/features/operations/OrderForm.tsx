import { Alert, Grid, Group, Paper, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import {
  type Order,
  operationEditLock,
  orderFieldRole,
  type ResourceDescriptor,
  ROLE_ORDER_ARCHIVE,
} from '@tms/domain';
import type { Control, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasRole, useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { accessOf } from '../../platform/resources/logic';
import type { ResourceTexts } from '../../platform/resources/texts';
import { CargoEditor } from './CargoEditor';
import { CustomFieldsBlock } from './CustomFieldsBlock';
import { DescribedField } from './fields';
import { SectionTitle } from './formParts';
import { CARGO_MEASURE_ERROR, type OrderFormValues, orderBodyOf } from './logic';
import { RouteEditor } from './RouteEditor';
import { FormAlerts, FormFooter, useOperationSave } from './save';

/** Which part of the order the form shows: all of it (a new order), the main block or the route block. */
export type OrderFormPart = 'all' | 'main' | 'route';

interface OrderFormProps {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Order | null;
  form: UseFormReturn<OrderFormValues>;
  part: OrderFormPart;
  reload: () => Promise<unknown>;
  /** Told when a refused save has errors on the route, so the page can show the route block. */
  onRouteErrors?: () => void;
}

const span = { third: { base: 12, sm: 6, md: 4 }, quarter: { base: 12, sm: 6, md: 3 } };

/**
 * The order's form: client and service, transport and terms, cargo and custom fields in the main block,
 * the route in its own block (a new order shows every part on one page). Fields the user may not change
 * are disabled (ORDER_FIELD_ROLES, the edit lock of an archived or accepted order).
 */
export function OrderForm({ descriptor, texts, record, form, part, reload, onRouteErrors }: OrderFormProps) {
  const { t } = useTranslation('operations');
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const creating = record === null;
  const lock = record ? operationEditLock(record) : null;
  const canWrite = (creating ? access.create : access.edit) && lock === null;
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const disabled = (name: string) => {
    if (!canWrite) return true;
    const role = orderFieldRole(name, creating);
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

  const submit = form.handleSubmit((values) => {
    const { body, invalid } = orderBodyOf(values, !creating);
    if (invalid.length > 0) {
      for (const name of invalid)
        form.setError(`cargo.${name}`, {
          type: 'client',
          message: translateServerMessage(CARGO_MEASURE_ERROR),
        });
      return;
    }
    save.mutate(body);
  });

  const showMain = part !== 'route';
  const showRoute = part !== 'main';
  const canArchive = hasRole(system, ROLE_ORDER_ARCHIVE);

  return (
    <form onSubmit={submit} noValidate data-testid="resource-form">
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
            {record?.archived
              ? canArchive
                ? t('lock.archivedUnarchive')
                : t('lock.archived')
              : translateServerMessage(lock)}
          </Alert>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-client">
            <SectionTitle>{t('sections.client')}</SectionTitle>
            <Grid gap="md">
              <Grid.Col span={span.third}>{field('clientId', true, { client: 'true' })}</Grid.Col>
              <Grid.Col span={span.third}>{field('productId', true)}</Grid.Col>
              <Grid.Col span={span.third}>{field('serviceId')}</Grid.Col>
              <Grid.Col span={span.third}>{field('serviceOfficeId')}</Grid.Col>
              <Grid.Col span={span.third}>{field('forwarderId')}</Grid.Col>
              <Grid.Col span={span.third}>{field('sellerId')}</Grid.Col>
              <Grid.Col span={12}>{field('curatorIds')}</Grid.Col>
            </Grid>
          </Paper>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-terms">
            <SectionTitle>{t('sections.terms')}</SectionTitle>
            <Grid gap="md">
              <Grid.Col span={span.quarter}>{field('transportType')}</Grid.Col>
              <Grid.Col span={span.quarter}>{field('shipmentTermId')}</Grid.Col>
              <Grid.Col span={span.quarter}>{field('paymentTermsBasis')}</Grid.Col>
              <Grid.Col span={span.quarter}>{field('paymentTermsDays')}</Grid.Col>
            </Grid>
          </Paper>
        )}
        {showRoute && (
          <Paper withBorder p="lg" data-testid="section-route">
            <SectionTitle>{t('sections.route')}</SectionTitle>
            <RouteEditor
              control={control as unknown as Control<Pick<OrderFormValues, 'route'>>}
              disabled={!canWrite}
            />
          </Paper>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-cargo">
            <SectionTitle>{t('sections.cargo')}</SectionTitle>
            <CargoEditor
              control={control as unknown as Control<Pick<OrderFormValues, 'cargo'>>}
              disabled={!canWrite}
            />
          </Paper>
        )}
        {showMain && (
          <Paper withBorder p="lg" data-testid="section-custom-fields">
            <SectionTitle>{t('sections.customFields')}</SectionTitle>
            <CustomFieldsBlock
              control={
                control as unknown as Control<Pick<OrderFormValues, 'customFieldGroupId' | 'customFields'>>
              }
              disabled={!canWrite}
            />
          </Paper>
        )}
        {showMain && record && (
          <Paper withBorder p="lg" data-testid="section-outcome">
            <SectionTitle>{t('sections.outcome')}</SectionTitle>
            <Grid gap="md" align="flex-end">
              <Grid.Col span={span.third}>{field('completionDate')}</Grid.Col>
              <Grid.Col span={span.third}>
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
