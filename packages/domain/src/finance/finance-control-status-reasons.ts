import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** A reason chosen when an order's or job's finance control status is set ("a reason is required"). */
export const financeControlStatusReasonResource = declareResource({
  name: 'operation_finance_control_status_reason',
  path: DECLARED_SCREENS.financeControlStatusReasonResource.path,
  title: 'settings.financeControlStatusReasons.title',
  itemTitle: 'settings.financeControlStatusReasons.item',
  fields: {
    name: f.name(),
    nameEn: f.nameEn(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Whoever sets a finance control status picks a reason from this list.
  roles: {
    view: ['ROLE_ORDER_FINANCE_CONTROL_REASONS', 'ROLE_ORDER_FINANCE_CONTROL'],
    edit: ['ROLE_ORDER_FINANCE_CONTROL_REASONS'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const financeControlStatusReasonCreateSchema = financeControlStatusReasonResource.create;
export const financeControlStatusReasonSchema = financeControlStatusReasonResource.entity;
export type FinanceControlStatusReason = z.infer<typeof financeControlStatusReasonSchema>;
