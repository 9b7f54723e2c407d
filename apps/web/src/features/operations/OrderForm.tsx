import { Grid } from '@mantine/core';
import { type Order, orderFieldRole } from '@tms/domain';
import { useMemo } from 'react';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { FieldsView } from '../../platform/kit/ReadOnlyValues';
import { CargoEditor } from './CargoEditor';
import { CreditWarning } from './CreditWarning';
import type { ReferenceSelectOptions } from './fields';
import { CARGO_MEASURE_ERROR, type OrderFormValues, orderBodyOf, serviceLeavesProduct } from './logic';
import {
  CustomFieldsSection,
  OperationBlock,
  OperationFormFrame,
  type OperationFormProps,
  OutcomeSection,
  RouteSection,
  COLUMN_SPAN as span,
  useOperationForm,
} from './operationForm';
import { CargoView } from './ReadOnlyViews';

/**
 * The order's form: client and service with the planned income (and a warning when the client's credit runs
 * out), transport and terms, cargo and custom fields in the main block,
 * the route in its own block (a new order shows every part on one page). Fields the user may not change
 * are disabled (ORDER_FIELD_ROLES, the edit lock of an archived or accepted order).
 */
export function OrderForm(props: OperationFormProps<Order, OrderFormValues>) {
  const { t } = useTranslation('operations');
  const system = useSystemData();
  const { record, form, descriptor, texts } = props;
  const creating = record === null;
  const operation = useOperationForm({ ...props, fieldRole: (name) => orderFieldRole(name, creating) });
  const { field, showMain, showRoute, save } = operation;
  const selects = useOrderSelects(form);

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

  return (
    <OperationFormFrame
      operation={operation}
      onSubmit={submit}
      archivedText={hasRole(system, 'ROLE_ORDER_ARCHIVE') ? t('lock.archivedUnarchive') : t('lock.archived')}
    >
      {showMain && (
        <OperationBlock
          operation={operation}
          name="main"
          testId="section-client"
          title={t('sections.client')}
          view={(order) => (
            <FieldsView
              descriptor={descriptor}
              texts={texts}
              record={order}
              names={[
                'clientId',
                'productId',
                'serviceId',
                'serviceOfficeId',
                'forwarderId',
                'sellerId',
                'curatorIds',
                'plannedIncome',
              ]}
            />
          )}
        >
          <Grid gap="md">
            <Grid.Col span={span.third}>{field('clientId', true, { client: 'true' })}</Grid.Col>
            <Grid.Col span={span.third}>{field('productId', true, undefined, selects.product)}</Grid.Col>
            <Grid.Col span={span.third}>{field('serviceId', false, undefined, selects.service)}</Grid.Col>
            <Grid.Col span={span.third}>{field('serviceOfficeId')}</Grid.Col>
            <Grid.Col span={span.third}>{field('forwarderId')}</Grid.Col>
            <Grid.Col span={span.third}>{field('sellerId')}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>{field('curatorIds')}</Grid.Col>
            <Grid.Col span={span.third}>{field('plannedIncome')}</Grid.Col>
          </Grid>
          <CreditWarning control={form.control} record={record} />
        </OperationBlock>
      )}
      {showMain && (
        <OperationBlock
          operation={operation}
          name="terms"
          testId="section-terms"
          title={t('sections.terms')}
          view={(order) => (
            <FieldsView
              descriptor={descriptor}
              texts={texts}
              record={order}
              names={['transportType', 'shipmentTermId', 'paymentTermsBasis', 'paymentTermsDays']}
            />
          )}
        >
          <Grid gap="md">
            <Grid.Col span={span.quarter}>{field('transportType')}</Grid.Col>
            <Grid.Col span={span.quarter}>{field('shipmentTermId')}</Grid.Col>
            <Grid.Col span={span.quarter}>{field('paymentTermsBasis')}</Grid.Col>
            <Grid.Col span={span.quarter}>{field('paymentTermsDays')}</Grid.Col>
          </Grid>
        </OperationBlock>
      )}
      {showRoute && <RouteSection operation={operation} />}
      {showMain && (
        <OperationBlock
          operation={operation}
          name="cargo"
          testId="section-cargo"
          title={t('sections.cargo')}
          view={(order) => <CargoView cargo={(order as Order).cargo} />}
        >
          <CargoEditor
            control={form.control as unknown as Control<Pick<OrderFormValues, 'cargo'>>}
            disabled={!operation.canWrite}
          />
        </OperationBlock>
      )}
      {showMain && <CustomFieldsSection operation={operation} />}
      {showMain && record && <OutcomeSection operation={operation} />}
    </OperationFormFrame>
  );
}

/** The order's service is one of its product's: offered only those, cleared when a new product lacks it. */
function useOrderSelects(form: UseFormReturn<OrderFormValues>) {
  const productId = useWatch({ control: form.control, name: 'productId' });
  return useMemo(
    (): { product: ReferenceSelectOptions; service: ReferenceSelectOptions } => ({
      product: {
        onPick: (product) => {
          if (serviceLeavesProduct(form.getValues('serviceId'), product))
            form.setValue('serviceId', null, { shouldDirty: true });
        },
      },
      service: {
        query: { productId: productId === null ? undefined : String(productId) },
        unavailable: productId === null,
      },
    }),
    [form, productId],
  );
}
