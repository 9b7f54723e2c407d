import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { counterpartyResource } from '../counterparties/counterparty';
import { operationCommonFields as C } from './order';

/**
 * Ready orders (`/reports/ready-orders`, spec §2; DOMAIN.md "Ready orders"): orders finance control has to
 * check (READY, not archived), each with its income, cost and profit in the base currency from the ledger
 * entries of its bills and of its jobs' bills. A view for reading: list, filters, export.
 */
export const readyOrderResource = declareResource({
  name: 'readyOrder',
  path: '/reports/ready-orders',
  title: 'operations.readyOrders.title',
  itemTitle: 'operations.readyOrders.item',
  keys: 'operations.fields',
  fields: {
    number: C.number,
    clientId: f.reference(counterpartyResource).filterable().shownBy('clientName'),
    clientName: f.text().readOnly().listed().searchable().sortable(),
    serviceOfficeId: C.serviceOfficeId,
    forwarderId: C.forwarderId,
    dispatchDate: C.dispatchDate,
    completionDate: f.date().readOnly().optional().listed().filterable().sortable(),
    /** When the order became READY. */
    financeControlChangedAt: f.datetime().readOnly().optional().listed().sortable(),
    income: f.money().readOnly().listed(),
    cost: f.money().readOnly().listed(),
    profit: f.money().readOnly().listed(),
  },
  roles: { view: ['ROLE_REPORT_READY_ORDERS'], edit: [] },
  labelField: 'clientName',
  defaultSort: { field: 'financeControlChangedAt', order: 'asc' },
  readOnly: true,
});
export type ReadyOrder = z.infer<typeof readyOrderResource.entity>;
