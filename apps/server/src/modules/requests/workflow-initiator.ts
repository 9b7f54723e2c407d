import { padId } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { customerRequestCustomFields } from '../custom-fields';
import { resourceInitiator } from '../workflows';
import { requestAudience } from './notifications';
import { requestService } from './requests';
import { customerRequests } from './tables';

const label = (ru: string, en: string) => ({ ru, en });

/** The request's fields a workflow condition may name ("must be filled" / "must be empty"), by column. */
const REQUEST_FIELDS = [
  { key: 'sellerId', label: label('Продавец', 'Seller') },
  { key: 'substituteId', label: label('Заместитель продавца', "Seller's substitute") },
  { key: 'forwarderId', label: label('Экспедитор', 'Forwarder') },
  { key: 'dispatchDate', label: label('Дата отправки', 'Dispatch date') },
  { key: 'deliveryDate', label: label('Дата доставки', 'Delivery date') },
  { key: 'cargoDescription', label: label('Описание груза', 'Cargo description') },
  { key: 'transportTypes', label: label('Виды транспорта', 'Transport types') },
  { key: 'serviceIds', label: label('Услуги', 'Services') },
  { key: 'executionComment', label: label('Комментарий к исполнению', 'Execution comment') },
  { key: 'tnvedComment', label: label('Комментарий ТН ВЭД', 'TNVED comment') },
  { key: 'declarantId', label: label('Декларант', 'Declarant') },
  { key: 'customsSpecialistId', label: label('Специалист по таможне', 'Customs specialist') },
  { key: 'serviceOfficeId', label: label('Офис', 'Service office') },
] as const;

/**
 * Customer requests as the initiator of workflows (the workflows module's `workflowInitiators`): the fields
 * above and the request custom fields in force, keyed `customFields.<code>`.
 */
export const REQUEST_WORKFLOW_INITIATOR = resourceInitiator({
  service: requestService,
  fields: REQUEST_FIELDS,
  async customFields(tx) {
    const rows = await tx
      .select({
        code: customerRequestCustomFields.code,
        description: customerRequestCustomFields.description,
        descriptionEn: customerRequestCustomFields.descriptionEn,
      })
      .from(customerRequestCustomFields)
      .where(eq(customerRequestCustomFields.enabled, true))
      .orderBy(customerRequestCustomFields.position);
    return rows.map((row) => ({
      key: `customFields.${row.code}`,
      label: label(row.description, row.descriptionEn || row.description),
    }));
  },
  title: (row) => padId(row.number),
  link: (row) => `/requests/${row.id}`,
  async audience(ctx, id) {
    const [row] = await ctx.tx.select().from(customerRequests).where(eq(customerRequests.id, id));
    return row ? requestAudience(ctx.tx, row) : null;
  },
});
