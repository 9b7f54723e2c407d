import { z } from 'zod';
import {
  dictionaryName,
  dictionaryNameEn,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** A reason chosen when an order's or job's finance control status is set ("a reason is required"). */
export const financeControlStatusReasonCreateSchema = z.object({
  name: dictionaryName,
  nameEn: dictionaryNameEn,
});
export const financeControlStatusReasonSchema = z.object({
  ...entityBase,
  name: z.string(),
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});
export type FinanceControlStatusReason = z.infer<typeof financeControlStatusReasonSchema>;

export const financeControlStatusReasonResource = defineResource({
  name: 'operation_finance_control_status_reason',
  path: '/settings/operation-finance-control-status-reasons',
  title: 'settings.financeControlStatusReasons.title',
  itemTitle: 'settings.financeControlStatusReasons.item',
  titles: { ru: 'Причины статусов финансового контроля', en: 'Finance control status reasons' },
  entity: financeControlStatusReasonSchema,
  create: financeControlStatusReasonCreateSchema,
  fields: [nameField, nameEnField, enabledField, updatedAtField],
  // Whoever sets a finance control status picks a reason from this list.
  roles: {
    view: ['ROLE_ORDER_FINANCE_CONTROL_REASONS', 'ROLE_ORDER_FINANCE_CONTROL'],
    edit: ['ROLE_ORDER_FINANCE_CONTROL_REASONS'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
