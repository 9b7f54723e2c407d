import { z } from 'zod';
import { MESSAGES } from './validation';

/**
 * Saved filters ("list views") and the column choice of every resource list, kept per user on the server
 * (`/api/list-views/{resource}`), so they follow the user to any browser.
 */

/** Saved filters one user may keep for one list. */
export const MAX_LIST_VIEWS = 50;
export const LIST_VIEW_NAME_MAX = 100;
/** Filter parameters one saved filter may hold (a list has far fewer filterable fields). */
export const MAX_LIST_VIEW_FILTERS = 100;
/** Columns of one list's choice. */
export const MAX_LIST_COLUMNS = 200;

/** Stable English messages of saved filters; the web translates them (locales/*\/messages.json). */
export const LIST_VIEW_MESSAGES = {
  duplicateName: 'A saved filter with this name already exists.',
  tooMany: `A list keeps at most ${MAX_LIST_VIEWS} saved filters.`,
} as const;

/**
 * What a saved filter restores: the list's filter parameters (as the list query takes them), free-text
 * search and sort. Paging is left out: a filter always opens on its first page.
 */
export const listViewQuerySchema = z
  .object({
    filters: z
      .record(z.string().min(1).max(64), z.string().max(2000))
      .refine((filters) => Object.keys(filters).length <= MAX_LIST_VIEW_FILTERS, MESSAGES.tooBig)
      .default({}),
    search: z.string().trim().max(200).default(''),
    sort: z.string().max(64).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type ListViewQuery = z.infer<typeof listViewQuerySchema>;

const viewName = z.string().trim().min(1).max(LIST_VIEW_NAME_MAX);

export const listViewSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  query: listViewQuerySchema,
  /** Applied when the user opens the list without any filter in its address. */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListView = z.infer<typeof listViewSchema>;

export const listViewCreateSchema = z
  .object({ name: viewName, query: listViewQuerySchema, isDefault: z.boolean().default(false) })
  .strict();
export type ListViewCreate = z.input<typeof listViewCreateSchema>;

/** Any subset of the create body; `version`, when sent, must be the current one (else 409). */
export const listViewUpdateSchema = z
  .object({
    name: viewName.optional(),
    query: listViewQuerySchema.optional(),
    isDefault: z.boolean().optional(),
    version: z.number().int().positive().optional(),
  })
  .strict();
export type ListViewUpdate = z.input<typeof listViewUpdateSchema>;

export const listColumnsSchema = z
  .object({ columns: z.array(z.string().min(1).max(64)).min(1).max(MAX_LIST_COLUMNS) })
  .strict();

/** `GET /api/list-views/{resource}`: the user's saved filters by name, and their column choice (null: none yet). */
export const listViewsAnswerSchema = z.object({
  views: z.array(listViewSchema),
  columns: z.array(z.string()).nullable(),
});
export type ListViewsAnswer = z.infer<typeof listViewsAnswerSchema>;
