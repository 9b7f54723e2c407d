import { z } from 'zod';
import { declareResource } from '../common/declare';
import { type AnyField, f } from '../common/fields';
import type { RoutePoint } from '../operations/route';
import { routeEndPointSchema, routeEndPoints, routePointSchema } from '../operations/route';

/**
 * What the cabinets' views share: no staff role opens any of them (staff users read the same rows through
 * their own resources), a job's route as a cabinet reads it, a job's stage as the contractor's portal and
 * the carrier's cabinet show and close it (both under its OPS name), and the money documents (a client's
 * bills, a contractor's bills and payments) read in a cabinet.
 */
export const NO_STAFF = { view: [], edit: [] } as const;

/** A route a cabinet reads and never writes: its points, its two ends in a list. */
export const readOnlyRoute = f
  .of('json', z.array(routePointSchema), z.array(routePointSchema))
  .readOnly()
  .inList(z.array(routeEndPointSchema), (value) => routeEndPoints(value as RoutePoint[] | undefined));

/** A stage of a job as its contractor or carrier sees it: its OPS name, dates, whether closed, its version. */
export const cabinetStageSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  expectedDate: z.string().nullable(),
  actualDate: z.string().nullable(),
  closed: z.boolean(),
});
export type CabinetStage = z.infer<typeof cabinetStageSchema>;

/** Closing a job's stage from a cabinet: the date the stage was reached (default today), on his version. */
export const cabinetStageCloseSchema = z.strictObject({
  actualDate: z.iso.date().optional(),
  version: z.number().int().positive(),
});

const moneyDocumentHead = () => ({
  number: f.text().readOnly().listed().searchable().sortable(),
  date: f.date().readOnly().listed().filterable().sortable(),
  amount: f.money().readOnly().listed().sortable(),
});

/**
 * A money document read in a cabinet (`/pcc/bills`, `/ops/bills`, `/ops/payments`): its number, date,
 * amount and currency with what a kind adds (`afterAmount` before the currency, `after` behind it), newest
 * first, read only. `name` is the back office's resource whose rows it shows.
 */
export function cabinetMoneyDocument<
  const AfterAmount extends Record<string, AnyField> = Record<never, AnyField>,
  const After extends Record<string, AnyField> = Record<never, AnyField>,
>(
  spec: { name: string; path: string; title: string; itemTitle: string; keys: string },
  fields: { afterAmount?: AfterAmount; after?: After } = {},
) {
  return declareResource({
    ...spec,
    fields: {
      ...moneyDocumentHead(),
      ...(fields.afterAmount as AfterAmount),
      currencyCode: f.text().readOnly().listed(),
      ...(fields.after as After),
      createdAt: f.createdAt(),
      updatedAt: f.updatedAt(),
    },
    roles: NO_STAFF,
    labelField: 'number',
    defaultSort: { field: 'date', order: 'desc' },
    readOnly: true,
  });
}
