import { padId } from '@tms/domain';
import type { Tx } from '../../db/connection';
import { operationCustomFieldGroups } from '../custom-fields';
import { resourceInitiator, type WorkflowInitiatorSource } from '../workflows';
import { operationAudienceOf } from './notifications';
import { jobService, orderService } from './operation';

const label = (ru: string, en: string) => ({ ru, en });

/** The order's fields a workflow condition may name ("must be filled" / "must be empty"), by column. */
const ORDER_FIELDS = [
  { key: 'forwarderId', label: label('Экспедитор', 'Forwarder') },
  { key: 'sellerId', label: label('Продавец', 'Seller') },
  { key: 'curatorIds', label: label('Кураторы', 'Curators') },
  { key: 'serviceId', label: label('Услуга', 'Service') },
  { key: 'transportType', label: label('Вид транспорта', 'Transport type') },
  { key: 'shipmentTermId', label: label('Условия поставки', 'Shipment terms') },
  { key: 'paymentTermsDays', label: label('Отсрочка платежа, дней', 'Payment terms, days') },
  { key: 'plannedIncome', label: label('Плановый доход', 'Planned income') },
  { key: 'dispatchCountryId', label: label('Страна отправки', 'Dispatch country') },
  { key: 'deliveryCountryId', label: label('Страна доставки', 'Delivery country') },
  { key: 'dispatchDate', label: label('Дата отправки', 'Dispatch date') },
  { key: 'deliveryDate', label: label('Дата доставки', 'Delivery date') },
  { key: 'completionDate', label: label('Дата завершения', 'Completion date') },
  { key: 'cargoDescription', label: label('Описание груза', 'Cargo description') },
  { key: 'serviceOfficeId', label: label('Офис', 'Service office') },
] as const;

/** The job's fields a condition may name. */
const JOB_FIELDS = [
  { key: 'forwarderId', label: label('Экспедитор', 'Forwarder') },
  { key: 'contractorId', label: label('Подрядчик', 'Contractor') },
  { key: 'costAmount', label: label('Стоимость', 'Cost') },
  { key: 'costCurrencyId', label: label('Валюта стоимости', 'Cost currency') },
  { key: 'dispatchDate', label: label('Дата отправки', 'Dispatch date') },
  { key: 'deliveryDate', label: label('Дата доставки', 'Delivery date') },
  { key: 'serviceOfficeId', label: label('Офис', 'Service office') },
] as const;

/** The custom fields of every operation group (orders and jobs share them), keyed `customFields.<code>`. */
async function operationCustomFields(tx: Tx) {
  const groups = await tx
    .select({ definitions: operationCustomFieldGroups.definitions })
    .from(operationCustomFieldGroups);
  const byCode = new Map<string, { ru: string; en: string }>();
  for (const definition of groups.flatMap((group) => group.definitions)) {
    if (!byCode.has(definition.code)) {
      byCode.set(
        definition.code,
        label(definition.description, definition.descriptionEn || definition.description),
      );
    }
  }
  return [...byCode].map(([code, text]) => ({ key: `customFields.${code}`, label: text }));
}

/** Who hears of a move: the operation's people directly, related people and the office as subscribed. */
const audienceOf =
  (type: 'order' | 'job') => async (ctx: Parameters<WorkflowInitiatorSource['audience']>[0], id: number) => {
    const audience = await operationAudienceOf(ctx, type, id);
    return audience && { direct: audience.direct, related: audience.related, offices: audience.offices };
  };

/** Orders as the initiator of workflows (the workflows module's `workflowInitiators`). */
export const ORDER_WORKFLOW_INITIATOR: WorkflowInitiatorSource = resourceInitiator({
  service: orderService,
  fields: ORDER_FIELDS,
  customFields: operationCustomFields,
  title: (row) => padId(row.number),
  link: (row) => `/tms/orders/${row.id}`,
  audience: audienceOf('order'),
});

/** Jobs likewise, with the same custom fields. */
export const JOB_WORKFLOW_INITIATOR: WorkflowInitiatorSource = resourceInitiator({
  service: jobService,
  fields: JOB_FIELDS,
  customFields: operationCustomFields,
  title: (row) => padId(row.number),
  link: (row) => `/tms/jobs/${row.id}`,
  audience: audienceOf('job'),
});
