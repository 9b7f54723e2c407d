import { z } from 'zod';

export const DEFAULT_ITEMS_PER_PAGE = 40;
export const MAX_ITEMS_PER_PAGE = 10000;
/** Largest id a record can have (ids are PostgreSQL integers). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A whole number in a query (a page, a size, a limit): decimal digits only, as strict as a path id, so `0x1`,
 * `1e0`, ` 1`, `+1` or `01` are refused rather than read as 1; then within `min`..`max`.
 */
export function queryInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** The list query of the HTTP contract; filters are added per resource. */
export const listQuerySchema = z.object({
  page: queryInteger(1, MAX_RECORD_ID).default(1),
  itemsPerPage: queryInteger(1, MAX_ITEMS_PER_PAGE).default(DEFAULT_ITEMS_PER_PAGE),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(200).optional(),
  after: z
    .string()
    .max(512)
    .optional()
    .describe(
      "The page after the row this cursor (a previous answer's nextCursor) names, read by the sort index",
    ),
  before: z
    .string()
    .max(512)
    .optional()
    .describe("The page before the row this cursor (a previous answer's previousCursor) names"),
  exactTotal: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('Count every match (slower on large tables) instead of an estimate or a capped count'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * How exact a list's `total` is: counted; at least that many (a filtered list counts up to a cap); or the
 * database's estimate (an unfiltered large table). Absent: exact.
 */
export const TOTAL_KINDS = ['exact', 'atLeast', 'estimate'] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

export interface ListResult<T> {
  collection: T[];
  total: number;
  totalKind?: TotalKind;
  /**
   * Where the next and previous pages start, when the sort allows reading them by the index from a row
   * (keyset paging): a deep page then costs what the first one does, whatever `page` says.
   */
  nextCursor?: string;
  previousCursor?: string;
  /**
   * The labels of the records the page's reference fields point to, by field and id, read with the page so
   * that names show with the rows; an id missing from its field's map is one the reader may not see.
   */
  labels?: Record<string, Record<string, string | null>>;
  /** The English twins of those labels (`nameEn` beside `name`), where the records have one. */
  labelsEn?: Record<string, Record<string, string>>;
}

function buildListResult<T extends z.ZodType>(item: T) {
  return z.object({
    collection: z.array(item),
    total: z.number().int(),
    totalKind: z.enum(TOTAL_KINDS).optional(),
    nextCursor: z.string().optional(),
    previousCursor: z.string().optional(),
    labels: z.record(z.string(), z.record(z.string(), z.string().nullable())).optional(),
    labelsEn: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  });
}

/**
 * Built once per item schema (schemas are immutable): the server declares a list's answer on every app it
 * builds, and building zod objects was a tenth of an app's start-up.
 */
const listResults = new WeakMap<z.ZodType, unknown>();

export function listResultSchema<T extends z.ZodType>(item: T): ReturnType<typeof buildListResult<T>> {
  let schema = listResults.get(item) as ReturnType<typeof buildListResult<T>> | undefined;
  if (!schema) {
    schema = buildListResult(item);
    listResults.set(item, schema);
  }
  return schema;
}

/** Success envelope of the contract. */
export function dataSchema<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

/**
 * A record id in a path or query: decimal digits only, no sign, space, exponent, hex or leading zero, so one
 * record has one spelling (`0x1`, `1e0`, ` 1`, `+1` name none); beyond the integer range it names no record.
 */
export const recordIdSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .max(10)
  .transform(Number)
  .pipe(z.number().max(MAX_RECORD_ID));

export const idParamSchema = z.object({ id: recordIdSchema });
