import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import { moneyAmountSchema } from '../company/material-assets';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { colleagueReference } from '../users';

/** Stable English messages of the budgets' rules (spec §8); the web translates them in messages.json. */
export const BUDGET_MESSAGES = {
  access: 'You may not put bills into this budget.',
  otherCompany: 'The budget belongs to another legal entity.',
  outsideYear: 'The recognition date is outside the budget year.',
  direction: 'The budget item is for bills of the other direction.',
  needsOperation: 'This budget item requires a link to an order or job.',
  overheadOnly: 'This budget item takes only bills without orders or jobs.',
  directOrder: 'An expenses bill cannot be linked directly to an order for this budget item.',
  paidBills: 'Bills with payments cannot go to this budget item.',
  itemInUse: 'The budget item has bills.',
  budgetInUse: 'The budget has items.',
  planMonth: 'The month is outside the budget year.',
} as const;

/** Direct items take bills of orders or jobs; overhead items (rent, salaries) bills of none. */
export const BUDGET_ITEM_KINDS = {
  DIRECT: { ru: 'Прямая', en: 'Direct' },
  OVERHEAD: { ru: 'Накладная', en: 'Overhead' },
} as const;
export type BudgetItemKind = keyof typeof BUDGET_ITEM_KINDS;

/** An item plans and counts either income (revenue) or expenses (cost), never both. */
export const BUDGET_ITEM_DIRECTIONS = {
  INCOME: { ru: 'Доходы', en: 'Income' },
  EXPENSE: { ru: 'Расходы', en: 'Expenses' },
} as const;
export type BudgetItemDirection = keyof typeof BUDGET_ITEM_DIRECTIONS;

/**
 * Whoever works with bills reads the budgets open to them (to choose an item); ROLE_BUDGET_EDIT sets up
 * budgets, their items, plans and access (docs/finance.md "Budgets").
 */
export const BUDGET_ROLES = {
  view: [
    'ROLE_BUDGET_EDIT',
    ...rolesOfScopedPermission('ROLE_BILL_VIEW'),
    ...rolesOfScopedPermission('ROLE_BILL_EDIT'),
    'ROLE_BILL_CREATE',
    'ROLE_DIRECT_BILL_CREATE',
    'ROLE_DIRECT_BILL_VIEW',
    'ROLE_OVERHEAD_BILL_CREATE',
    'ROLE_OVERHEAD_BILL_VIEW',
    'ROLE_BILL_BUDGET_CHANGE',
  ],
  edit: ['ROLE_BUDGET_EDIT'],
} as const satisfies Record<'view' | 'edit', readonly Role[]>;

const colleagues = () => f.references(colleagueReference, undefined, { max: 200 }).defaulted();

/**
 * A budget (`/budgets`, spec §3 "Budget"): a year's plan of one of our companies (or the whole group), and
 * who may put bills into it and read or change them there (spec §6 "Bills: access set in budgets").
 */
export const budgetResource = declareResource({
  name: 'budget',
  path: '/budgets',
  title: 'finance.budgets.title',
  itemTitle: 'finance.budgets.item',
  keys: 'finance.budgets.fields',
  fields: {
    name: f.name(),
    year: f.integer({ min: 2000, max: 2100 }).ungrouped().listed().filterable().sortable().width('short'),
    /** Bills of other companies stay out; none: the whole group. */
    legalEntityId: f.reference(legalEntityResource).optional().listed().filterable(),
    /** May put bills into the budget, read and change them there. */
    editorIds: colleagues(),
    /** May read the budget's bills and figures. */
    viewerIds: colleagues(),
    comment: f.textarea({ max: 2000 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: BUDGET_ROLES,
  labelField: 'name',
  defaultSort: { field: 'year', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type Budget = z.infer<typeof budgetResource.entity>;

/** A budget item (статья бюджета): what bills are classified by and planned for, month by month. */
export const budgetItemResource = declareResource({
  name: 'budget_item',
  path: '/budget-items',
  title: 'finance.budgetItems.title',
  itemTitle: 'finance.budgetItems.item',
  keys: 'finance.budgetItems.fields',
  fields: {
    budgetId: f.parent(budgetResource),
    code: f.text({ max: 30 }).listed().searchable().sortable().width('short'),
    name: f.text({ max: 255 }).listed().searchable().sortable(),
    direction: f.enum(BUDGET_ITEM_DIRECTIONS).listed().filterable().width('short'),
    kind: f.enum(BUDGET_ITEM_KINDS).listed().filterable().width('short'),
    /** Its expense bills reach orders only through jobs (spec §8). */
    noDirectOrderLink: f.boolean().defaulted().listed().width('short'),
    /** A bill with payments cannot be moved to it (spec §8). */
    noPaidBills: f.boolean().defaulted().listed().width('short'),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: BUDGET_ROLES,
  labelField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type BudgetItem = z.infer<typeof budgetItemResource.entity>;

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'This value is not a valid month.');

/** `PUT /budgets/{id}/plans`: plan amounts (base currency) per item and month; null or zero clears one. */
export const budgetPlansInputSchema = z.object({
  plans: z
    .array(
      z.object({
        itemId: z.number().int().positive(),
        month: monthSchema,
        amount: moneyAmountSchema.nullable(),
      }),
    )
    .min(1, MESSAGES.required)
    .max(2000),
});
export type BudgetPlansInput = z.infer<typeof budgetPlansInputSchema>;

/** Plan, fact (the ledger's base amounts) and deviation (fact − plan) of a month or a year. */
export const budgetFigureSchema = z.object({ plan: z.string(), fact: z.string(), deviation: z.string() });
export type BudgetFigure = z.infer<typeof budgetFigureSchema>;
const budgetRowSchema = budgetFigureSchema.extend({ months: z.array(budgetFigureSchema) });

/** `GET /budgets/{id}/figures`: each item's months and year, and totals per direction. */
export const budgetFiguresSchema = z.object({
  baseCurrency: z.string(),
  months: z.array(z.string()),
  items: z.array(
    budgetRowSchema.extend({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      direction: z.enum(['INCOME', 'EXPENSE']),
      kind: z.enum(['DIRECT', 'OVERHEAD']),
    }),
  ),
  totals: z.object({ INCOME: budgetRowSchema, EXPENSE: budgetRowSchema }),
});
export type BudgetFigures = z.infer<typeof budgetFiguresSchema>;

/** `PUT /finances/bills/{id}/budget-item` (ROLE_BILL_BUDGET_CHANGE): a saved bill moved to another item. */
export const billBudgetItemInputSchema = z.object({
  budgetItemId: z.number().int().positive().nullable(),
  version: z.number().int().optional(),
});
