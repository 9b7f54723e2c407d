import { eq } from 'drizzle-orm';
import { resourceInitiator } from '../workflows';
import { billService } from './bills';
import { billAudience } from './notifications';
import { bills } from './tables';

const label = (ru: string, en: string) => ({ ru, en });

/** The bill's fields a workflow condition may name ("must be filled" / "must be empty"), by column. */
const BILL_FIELDS = [
  { key: 'number', label: label('Номер', 'Number') },
  { key: 'paymentFormId', label: label('Форма оплаты', 'Payment form') },
  { key: 'paymentDate', label: label('Срок оплаты', 'Payment due') },
  { key: 'recognitionDate', label: label('Дата признания', 'Recognition date') },
  { key: 'orderIds', label: label('Заказы', 'Orders') },
  { key: 'jobIds', label: label('Работы', 'Jobs') },
  { key: 'budgetItemId', label: label('Статья бюджета', 'Budget item') },
  { key: 'comment', label: label('Комментарий', 'Comment') },
  { key: 'serviceOfficeId', label: label('Офис', 'Service office') },
] as const;

/**
 * Bills as the initiator of workflows (the workflows module's `workflowInitiators`): an approval of an
 * expense bill, say; bills have no custom fields.
 */
export const BILL_WORKFLOW_INITIATOR = resourceInitiator({
  service: billService,
  fields: BILL_FIELDS,
  title: (row) => row.number,
  link: (row) => `/finances/bills/${row.id}`,
  async audience(ctx, id) {
    const [row] = await ctx.tx.select().from(bills).where(eq(bills.id, id));
    return row ? billAudience(ctx, row) : null;
  },
});
