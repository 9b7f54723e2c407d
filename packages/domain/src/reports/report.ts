import { z } from 'zod';
import { recordIdSchema } from '../common/list';
import { MESSAGES } from '../common/validation';
import {
  isScopedPermission,
  type Role,
  rolesOfScopedPermission,
  type ScopedPermission,
} from '../permissions';

/**
 * The reports framework (`/reports/...`, spec §1-2, docs/reports.md): a report is declared once here — its
 * path, title, role, filters, chart and what its figures drill down to — and the server adds one use case
 * computing its answer; the screen, the URL-kept filters, the drill-down and the XLSX export are the
 * framework's. The answer carries its columns (a report's columns may depend on its filters: the ageing
 * buckets), its rows, its totals and its chart, in the shape the screen and the export both read.
 */

/** A filter of the report's screen, kept in the URL under `name`, which is also its query parameter. */
export type ReportFilter =
  | { name: string; kind: 'date'; label: string }
  | { name: string; kind: 'reference'; label: string; path: string; labelField: string }
  | { name: string; kind: 'enum'; label: string; options: readonly string[]; optionsKey: string }
  | { name: string; kind: 'text'; label: string; placeholder?: string }
  | { name: string; kind: 'boolean'; label: string };

/** The common filters (spec: period, office, legal entity, payment form, product, client, seller, forwarder, currency). */
export const REPORT_FILTERS = {
  from: { name: 'from', kind: 'date', label: 'reports:filters.from' },
  to: { name: 'to', kind: 'date', label: 'reports:filters.to' },
  asOf: { name: 'asOf', kind: 'date', label: 'reports:filters.asOf' },
  office: {
    name: 'serviceOfficeId',
    kind: 'reference',
    label: 'reports:filters.office',
    path: '/settings/service-offices',
    labelField: 'name',
  },
  legalEntity: {
    name: 'legalEntityId',
    kind: 'reference',
    label: 'reports:filters.legalEntity',
    path: '/settings/legal-entities',
    labelField: 'name',
  },
  paymentForm: {
    name: 'paymentFormId',
    kind: 'reference',
    label: 'reports:filters.paymentForm',
    path: '/finances/payment-forms',
    labelField: 'name',
  },
  product: {
    name: 'productId',
    kind: 'reference',
    label: 'reports:filters.product',
    path: '/tms/products',
    labelField: 'name',
  },
  client: {
    name: 'clientId',
    kind: 'reference',
    label: 'reports:filters.client',
    path: '/counterparties',
    labelField: 'name',
  },
  seller: {
    name: 'sellerId',
    kind: 'reference',
    label: 'reports:filters.seller',
    path: '/users/colleagues',
    labelField: 'contactName',
  },
  forwarder: {
    name: 'forwarderId',
    kind: 'reference',
    label: 'reports:filters.forwarder',
    path: '/users/colleagues',
    labelField: 'contactName',
  },
  currency: {
    name: 'currencyId',
    kind: 'reference',
    label: 'reports:filters.currency',
    path: '/settings/currencies',
    labelField: 'code',
  },
} as const satisfies Record<string, ReportFilter>;

/**
 * How a cell reads: money is a decimal string; a share is a decimal string of percent; a month `YYYY-MM`;
 * `days` a decimal string of days to one place (DSO); `hours` a decimal string of hours to one place (a
 * declaration's release time, negative when overdue); `label` a text key, read in the reader's language
 * (a bill or a payment, yes or no).
 */
export const REPORT_CELL_KINDS = [
  'text',
  'date',
  'month',
  'money',
  'count',
  'percent',
  'days',
  'hours',
  'label',
] as const;
export type ReportCellKind = (typeof REPORT_CELL_KINDS)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  /** A text key (`reports:columns.open`) with its values (`{{from}}`). */
  label: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  kind: z.enum(REPORT_CELL_KINDS),
  /** Its figures open the bills or orders behind them. */
  drill: z.boolean().optional(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportRowSchema = z.object({
  /** Which group the row is (its drill-down names it back). */
  key: z.string(),
  cells: z.record(z.string(), reportCellSchema),
  /** A drill-down row: the record it is (`/finances/bills/12`). */
  href: z.string().optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportChartSchema = z.object({
  /**
   * Stacked bars (ageing by client), grouped bars (per month), or a waterfall: each category a step of one
   * series `value`, a change from the running figure, or with `total: 1` a subtotal standing on zero.
   */
  kind: z.enum(['stacked', 'grouped', 'waterfall']),
  /** The category of each bar (a client, a month), as its data's `category`. */
  series: z.array(z.object({ key: z.string(), label: z.string(), params: reportColumnSchema.shape.params })),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** The currency of the figures (the base one). */
  currency: z.string(),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportAnswerSchema = z.object({
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** Totals: one row per currency where the report keeps currencies apart, never one adding them. */
  totals: z.array(reportRowSchema),
  chart: reportChartSchema.nullable(),
  baseCurrency: z.string(),
  /**
   * A report of one row per document (the finance registry) shows the first `shown` of its `total` rows on
   * the screen; its totals count them all, and its export writes every row.
   */
  shownRows: z.object({ shown: z.number().int(), total: z.number().int() }).optional(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

/** The rows a report of one row per document shows on the screen (`shownRows`); its export has them all. */
export const REPORT_SCREEN_ROWS = 2000;

/**
 * A drill-down: the bills, orders or payments behind a figure, summing to it (the books' figures: ledger
 * entries; the customs reports': declarations).
 */
export const reportDrillSchema = reportAnswerSchema.extend({
  kind: z.enum(['bills', 'orders', 'payments', 'entries', 'declarations']),
});
export type ReportDrill = z.infer<typeof reportDrillSchema>;

/** Which figure a drill-down opens: the row's key and the column's. */
export const reportCellQuerySchema = z.object({ row: z.string().max(200), column: z.string().max(100) });

export const REPORT_MESSAGES = {
  periodOrder: 'The period must not end before it starts.',
  periodTooLong: 'The period may be at most five years.',
  buckets: 'Enter ascending whole days separated by commas, e.g. 30,60,90.',
  unknownFigure: 'This figure has no drill-down.',
  year: 'Enter a year, e.g. 2026.',
  month: 'Enter a month from 1 to 12.',
  money: 'Enter an amount in roubles, e.g. 10000 or 2500.50.',
  exportQueued: 'The export is being prepared: it will appear in your background jobs.',
  preparing: 'Computing the report',
  writing: 'Writing {{count}} rows',
} as const;

export interface ReportDefinition {
  /** The last part of its path (`accounts-receivable`): its API at `/api/reports/<key>`. */
  key: string;
  path: string;
  /** Text key of its title (page, export sheet and file). */
  title: string;
  /** Its menu entry's `nav.*` key (nav.json) and icon. */
  nav: string;
  icon: string;
  /**
   * Who reads it: spec §6 gives each report its own permission, scoped: the reader's scope of it (own,
   * related, manager office, payment-form office, subordinates, all) narrows the rows. A few reports (plan-fact,
   * the finance registry) have a plain role in spec §6: whoever holds it reads all.
   */
  permission: ScopedPermission | Role;
  /**
   * Who may export it, when that is a role of its own (VAT 0 %: preview and export are separate, spec §6);
   * otherwise whoever reads it exports it.
   */
  exportPermission?: Role;
  filters: readonly ReportFilter[];
  /**
   * A live report (the customs monitoring): the real-time topic whose messages say its records changed;
   * the screen follows it and asks for the answer again, and refreshes it every minute besides (the
   * elapsed times it shows grow with the clock).
   */
  live?: string;
  /** The filters' values an address without them stands for (dates relative to `today`, YYYY-MM-DD). */
  defaults: (today: string) => Record<string, string>;
}

/** A report declared: its definition and the schema of its query (its filters as the URL carries them). */
export function defineReport<S extends z.ZodObject, P extends ScopedPermission | Role = ScopedPermission>(
  definition: ReportDefinition & { permission: P },
  query: S,
) {
  const roles = (
    isScopedPermission(definition.permission)
      ? rolesOfScopedPermission(definition.permission)
      : [definition.permission]
  ) as readonly Role[];
  const exportRoles = (
    definition.exportPermission ? [definition.exportPermission] : roles
  ) as readonly Role[];
  return { ...definition, roles, exportRoles, query };
}
export type DeclaredReport = ReturnType<typeof defineReport<z.ZodObject, ScopedPermission | Role>>;

// As strict as a path id: `0x1` or `1e0` name no record (the API's query rule).
const id = recordIdSchema;
const day = z.iso.date({ error: MESSAGES.date });

/** The query schema of the common filters, all optional: a report picks those it has. */
export const reportQueryParts = {
  serviceOfficeId: id.optional(),
  legalEntityId: id.optional(),
  paymentFormId: id.optional(),
  productId: id.optional(),
  clientId: id.optional(),
  sellerId: id.optional(),
  forwarderId: id.optional(),
  currencyId: id.optional(),
  day,
};

const MAX_PERIOD_DAYS = 5 * 366;

/** The period `from`..`to` (both included) of a report's query: at most five years, not ending before it starts. */
export function checkPeriod(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.periodOrder });
  else if (days > MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.periodTooLong });
}

/** A report's query over a period: `from`..`to` (checked by `checkPeriod`) and the report's own filters. */
export const periodQuery = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object({ from: reportQueryParts.day, to: reportQueryParts.day, ...shape })
    .superRefine((value, ctx) => checkPeriod(value as { from: string; to: string }, ctx));

/** First day of `today`'s year. */
export const yearStart = (today: string) => `${today.slice(0, 4)}-01-01`;
