import { padId } from '@tms/domain';
import { operationCustomFieldGroups } from '../custom-fields';
import type { WorkflowInitiatorSource } from '../workflows';
import { operationAudienceOf } from './notifications';
import { orderService } from './operation';
import type { OrderRow } from './orders';

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

/**
 * Orders as the initiator of workflows (the workflows module's `workflowInitiators`): the fields above, the
 * custom fields of every operation group (keyed `customFields.<code>`), and the order locked in the
 * user's scope for a move.
 */
export const ORDER_WORKFLOW_INITIATOR: WorkflowInitiatorSource = {
  fields: ORDER_FIELDS,
  async customFields(tx) {
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
  },
  async load(ctx, id, { lock, access }) {
    const row = (await orderService.find(ctx, id, { lock, access })) as OrderRow;
    const values: Record<string, unknown> = {};
    for (const { key } of ORDER_FIELDS) values[key] = row[key];
    for (const [code, value] of Object.entries(row.customFields)) values[`customFields.${code}`] = value;
    return { title: padId(row.number), link: `/tms/orders/${row.id}`, values };
  },
  async audience(ctx, id) {
    const audience = await operationAudienceOf(ctx, 'order', id);
    return audience && { direct: audience.direct, related: audience.related, offices: audience.offices };
  },
};
