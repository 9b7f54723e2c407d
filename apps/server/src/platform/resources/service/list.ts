import { EXPORT_MESSAGES, type ListResult, MAX_EXPORT_ROWS, MESSAGES, RESOURCE_MESSAGES } from '@tms/domain';
import { and, asc, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { fieldError, HttpError } from '../../errors';
import type { ResourceContext } from '../context';
import { encodeCursor, type Keyset, keysetOf, pageFrom, SORT_KEY, SORT_VALUE, sortKeyOf } from '../cursor';
import { pgError } from '../db-errors';
import {
  COUNT_CAP,
  type Counted,
  columnOf,
  countRows,
  listOrder,
  listWhere,
  manyMatches,
  type PageReads,
  searchRank,
  totalOfPage,
  WALK_BUDGET,
  withPlanForMatches,
} from '../query';
import { preparedRows, type Selection, type TableSelect, tableSelect, tail } from '../statements';
import type { Kernel } from './kernel';
import type { ResourceService, Values } from './types';

export { MAX_EXPORT_ROWS };

/** An array index past any record id: set and deleted, it leaves an object's elements a hash table. */
const FAR_INDEX = 2 ** 31;

/**
 * An empty object for values by record id (a page's labels). Integer keys are an object's elements: added to a
 * plain object out of order and hundreds apart, they make V8 grow and copy a holey array as long as the
 * largest id (kilobytes per field and most of a page's label time, twice over in its JSON); a hash table from
 * the start takes each in place. The JSON is the same: integer keys in ascending order.
 */
export function byIdObject<T = string | null>(): Record<number, T> {
  const object: Record<number, T> = {};
  object[FAR_INDEX] = undefined as T;
  delete object[FAR_INDEX];
  return object;
}

/** Rows a prepared export reads at a time: its memory stays that of one page whatever the selection holds. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * The list and the export of a resource: authorize (read roles) → the selection (scope, filters, search,
 * order) → a page (counted or estimated, by cursor or offset) → entities → the labels of their references.
 */
export function listPipelines<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): Pick<ResourceService<Row, Input>, 'list' | 'exportRows' | 'exportSelection'> {
  const { descriptor, table, hooks, filters, authorize, scopeOf, toEntities } = kernel;
  // Every reference an entity shows, read-only ones (a job's orders) too.
  const labelledFields = descriptor.fields.filter(
    (field) =>
      (field.type === 'reference' || field.type === 'references') &&
      field.reference &&
      field.name in descriptor.entity.shape,
  );
  // A list reads the columns its entities show, not those kept for search and scopes (a custom
  // `toEntity` may need any of them, unless it names the ones it reads: `entityColumns`).
  const recordOnly = new Set(descriptor.fields.filter((f) => f.recordOnly).map((f) => f.name));
  const entityKeys = new Set(
    ['id', ...Object.keys(descriptor.entity.shape)].filter((key) => !recordOnly.has(key)),
  );
  const customEntity = Boolean(hooks.toEntity || hooks.toEntities);
  for (const key of hooks.entityColumns ?? []) entityKeys.add(key);
  const listColumns =
    customEntity && !hooks.entityColumns
      ? undefined
      : Object.fromEntries(
          Object.entries(getTableColumns(table as PgTable)).filter(([key]) => entityKeys.has(key)),
        );

  /** An entity as a list row answers it (`FieldDescriptor.recordOnly`, `listValue`): what the list shows. */
  const listValues = descriptor.fields.flatMap((f) => (f.listValue ? [[f.name, f.listValue] as const] : []));
  const toListRow =
    recordOnly.size || listValues.length
      ? (entity: Values): Values => {
          for (const key of recordOnly) delete entity[key];
          for (const [key, of] of listValues) if (key in entity) entity[key] = of(entity[key]);
          return entity;
        }
      : undefined;

  // The heads of the resource's selects, built once (statements.ts); a call renders only its tail.
  /** A list page's select: the listed columns, and the sort value a cursor names (by sort field). */
  type PageRow = Row & { id: number; [SORT_VALUE]?: string };
  const pageSelects = new Map<string, TableSelect<PageRow>>();
  const pageSelect = (keyset: Keyset | null) => {
    const sortKey = keyset && sortKeyOf(keyset);
    const name = sortKey ? keyset.sort : '';
    let select = pageSelects.get(name);
    if (!select) {
      const selection: Selection | undefined = sortKey
        ? { ...(listColumns ?? getTableColumns(table as PgTable)), [SORT_KEY]: sortKey }
        : listColumns;
      // Without a custom `toEntity` a page's rows come back as entities already (`defaultEntity`'s).
      select = tableSelect(table as PgTable, selection, {
        entityKeys: listColumns && !customEntity ? Object.keys(descriptor.entity.shape) : undefined,
        // A custom entity of named columns makes its dates ISO text anyway (`defaultEntity`): read as text,
        // a page's timestamps never become `Date`s.
        datesAsText: customEntity && Boolean(hooks.entityColumns),
        symbols: { [SORT_KEY]: SORT_VALUE },
      });
      pageSelects.set(name, select);
    }
    return select;
  };

  function selection({ tx, auth, registries }: ResourceContext, query: Values, narrower?: SQL) {
    const where = listWhere(descriptor, table, query, scopeOf(auth), filters, { tx, registries });
    return {
      where: narrower ? and(where, narrower) : where,
      ...listOrder(descriptor, table, query),
    };
  }

  /**
   * The labels of the records a page's references point to, read with the page (one query for every
   * reference column) so that names show with the rows; by field, then id. Ids the reader may not see are
   * left out.
   */
  async function referenceLabels(
    ctx: ResourceContext,
    entities: Values[],
  ): Promise<Pick<ListResult<unknown>, 'labels' | 'labelsEn'>> {
    if (!entities.length) return {};
    const parts: SQL[] = [];
    const labelled: string[] = [];
    for (const field of labelledFields) {
      const ids = new Set<number>();
      for (const entity of entities) {
        const value = entity[field.name];
        for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id);
      }
      const reach = ctx.registries.resources.reachAt(field.reference!.path);
      const part = ids.size
        ? reach?.labelsQuery(ctx.auth, field.name, [...ids], field.reference!.labelField)
        : null;
      if (!part) continue;
      parts.push(part);
      labelled.push(field.name);
    }
    if (!parts.length) return {};
    const labels: Record<string, Record<string, string | null>> = {};
    const labelsEn: Record<string, Record<string, string>> = {};
    for (const name of labelled) labels[name] = byIdObject();
    const found = await preparedRows<{
      field: string;
      id: number;
      label: string | null;
      label_en: string | null;
    }>(ctx.tx, sql.join(parts, sql` UNION ALL `));
    for (const { field, id, label, label_en } of found) {
      labels[field]![id] = label;
      if (label_en === null) continue;
      const english = labelsEn[field] ?? byIdObject<string>();
      english[id] = label_en;
      labelsEn[field] = english;
    }
    return Object.keys(labelsEn).length ? { labels, labelsEn } : { labels };
  }

  /** The fields an export writes: those asked for (`columns`, each a field of the resource), else the listed. */
  const knownFields = new Set(descriptor.fields.map((f) => f.name));
  function exportFields(columns: string | undefined) {
    const chosen = columns
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (chosen?.some((c) => !knownFields.has(c))) throw fieldError(['columns'], MESSAGES.choice);
    return chosen?.length
      ? chosen.map((name) => descriptor.fields.find((f) => f.name === name)!)
      : descriptor.fields.filter((f) => f.listed);
  }

  const idColumn = columnOf(table as PgTable, 'id');
  /** A prepared export's page: whole rows (an export may name any field) and the sort value of its keyset. */
  type ExportRow = Row & { id: number; [SORT_VALUE]?: string };
  const exportSelects = new Map<string, TableSelect<ExportRow>>();
  const exportSelect = (keyset: Keyset) => {
    let select = exportSelects.get(keyset.sort);
    if (!select) {
      const sortKey = sortKeyOf(keyset);
      select = tableSelect(
        table as PgTable,
        sortKey ? { ...getTableColumns(table as PgTable), [SORT_KEY]: sortKey } : undefined,
        { symbols: { [SORT_KEY]: SORT_VALUE } },
      );
      exportSelects.set(keyset.sort, select);
    }
    return select;
  };

  return {
    async list(ctx, query, narrower) {
      // A lookup of an action (`narrower`: the records the action may take) is authorized by the action's
      // roles, which its caller checked; the read scope still applies.
      if (!narrower) authorize(ctx.auth, 'read');
      const { tx } = ctx;
      const { where, order, keyset: sortKeyset } = selection(ctx, query, narrower);
      if (query.after && query.before) throw fieldError(['before'], RESOURCE_MESSAGES.staleCursor);
      const from = query.after
        ? pageFrom(sortKeyset, 'after', String(query.after))
        : query.before
          ? pageFrom(sortKeyset, 'before', String(query.before))
          : null;
      const offset = (query.page - 1) * query.itemsPerPage;
      const pageOffset = from ? 0 : offset;
      const rankable = searchRank(descriptor, table as PgTable, query);
      const readWith = (keyset: Keyset | null, order: SQL[], ranked = false) => {
        const select = pageSelect(keyset);
        const pageTail = tail({ where, order, limit: query.itemsPerPage, offset: pageOffset });
        const reads: PageReads<PageRow> = {
          query: (q) =>
            select.rows(
              q,
              tail({
                where: from ? and(where, from.where) : where,
                order,
                limit: query.itemsPerPage,
                offset: pageOffset,
              }),
            ),
          // The first rows of the list's order (from the cursor on), an index range, then the filter.
          walk: ranked
            ? undefined
            : (q, budget) =>
                select.rowsFrom(
                  q,
                  sql`(select * from ${table} ${tail({ where: from?.where, order, limit: budget })}) ${sql.identifier(getTableName(table as PgTable))}`,
                  pageTail,
                ),
          wanted: query.itemsPerPage,
        };
        return reads;
      };
      const refusedCursor = (error: unknown): never => {
        // A cursor whose value is no value of the sort column's type (a hand-made one).
        if (from && pgError(error)?.code?.startsWith('22')) throw from.refused();
        throw error;
      };

      const page = async (): Promise<{ counted: Counted; keyset: Keyset | null; read: PageRow[] }> => {
        const pageOrder = from?.order ?? order;
        // A search of a large table that matches many rows is not counted (its count reads every match
        // of the trigram index): its page is looked for along the sort index, and its total is the
        // planner's estimate (decision 011).
        const many =
          rankable || !where || !query.search || query.exactTotal
            ? undefined
            : await manyMatches(tx, table as PgTable, where, pageOffset + query.itemsPerPage);
        if (many !== undefined) {
          const found = await readWith(sortKeyset, pageOrder).walk!(tx, WALK_BUDGET).catch(refusedCursor);
          if (found.length >= query.itemsPerPage)
            return { counted: { total: many, kind: 'estimate' }, keyset: sortKeyset, read: found };
        }
        const counted = await countRows(tx, table as PgTable, where, { exact: query.exactTotal === true });
        // Ranking sorts every match, so it applies where they are counted (at most the count's cap); a page
        // read by the rank has no keyset, so it names no cursor.
        const rank = !from && counted.kind === 'exact' && counted.total <= COUNT_CAP ? rankable : undefined;
        const keyset = rank ? null : sortKeyset;
        // An estimate or a lower bound may be short of the real number: the page is read whatever it says.
        const read =
          from || counted.kind !== 'exact' || offset < counted.total
            ? await withPlanForMatches(
                tx,
                table as PgTable,
                Boolean(where),
                counted,
                rank ? readWith(null, [rank, ...order], true) : readWith(keyset, pageOrder),
              ).catch(refusedCursor)
            : [];
        return { counted, keyset, read };
      };
      const { counted, keyset, read } = await page();
      if (from?.reversed) read.reverse();
      const first = read[0];
      const last = read.at(-1);
      const cursors = {
        ...(keyset && last && read.length === query.itemsPerPage
          ? { nextCursor: encodeCursor(keyset, last) }
          : {}),
        ...(keyset && first && query.page > 1 ? { previousCursor: encodeCursor(keyset, first) } : {}),
      };
      // The sort value was the rows' last member: deleting it only steps their shape back.
      if (keyset && sortKeyOf(keyset)) for (const row of read) delete row[SORT_VALUE];
      const rows = read as Row[];
      const entities = customEntity ? await toEntities(rows, ctx) : (read as Values[]);
      const collection = toListRow ? entities.map(toListRow) : entities;
      const { total, kind } = totalOfPage(counted, offset, rows.length, query.itemsPerPage);
      const named = await referenceLabels(ctx, collection);
      return { collection, total, totalKind: kind, ...named, ...cursors };
    },

    async exportRows(ctx, query) {
      authorize(ctx.auth, 'read');
      const { where, order } = selection(ctx, query);
      const fields = exportFields(query.columns);
      // Counted up to one row past the cap first: a selection too large for the request is refused before
      // its rows are read and mapped.
      const counted = await countRows(ctx.tx, table as PgTable, where ?? sql`true`, { cap: MAX_EXPORT_ROWS });
      if (counted.kind !== 'exact') throw new HttpError(422, EXPORT_MESSAGES.tooManyRows);
      const rows = await kernel.rowSelect.rows(ctx.tx, tail({ where, order }));
      const entities = await toEntities(rows, ctx);
      return { fields, entities };
    },

    exportSelection(ctx, query) {
      authorize(ctx.auth, 'read');
      const { where, order, keyset } = selection(ctx, query);
      const fields = exportFields(query.columns);
      // A sort without a keyset (a column that may be NULL) is walked by id: an offset would read every
      // row before each page again.
      const walk = keyset ?? keysetOf('id', 'asc', idColumn, idColumn)!;
      const walkOrder = keyset ? order : [asc(idColumn)];
      const select = exportSelect(walk);
      return {
        fields,
        count: async () => (await countRows(ctx.tx, table as PgTable, where, { exact: true })).total,
        async *pages(pageRows = EXPORT_PAGE_ROWS) {
          let from: ReturnType<typeof pageFrom> | null = null;
          for (;;) {
            const rows = await select.rows(
              ctx.tx,
              tail({
                where: from ? and(where, from.where) : where,
                order: from?.order ?? walkOrder,
                limit: pageRows,
              }),
            );
            if (!rows.length) return;
            from = pageFrom(walk, 'after', encodeCursor(walk, rows.at(-1)!));
            for (const row of rows) delete row[SORT_VALUE];
            yield await toEntities(rows as Row[], ctx);
            if (rows.length < pageRows) return;
          }
        },
      };
    },
  };
}
