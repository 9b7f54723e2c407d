import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { changeHistory } from '../../changelog/history';
import { notFound } from '../../errors';
import { tail } from '../statements';
import type { Kernel } from './kernel';
import type { ResourceService } from './types';

/**
 * The reads of one record and of the reach of the read scope: get and history (authorize → the row in
 * the scope → the entity), find (the use cases' primitive, in the principal's scope or a `where`), and
 * what references, files, topics and the change log ask of the scope.
 */
export function readPipelines<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): Pick<
  ResourceService<Row, Input>,
  'get' | 'find' | 'reaches' | 'canRead' | 'outsideReadScope' | 'labelsQuery' | 'changeLogAccess' | 'history'
> {
  const { descriptor, table, idColumn, may, authorize, scopeOf, readScope, findOne, reaches } = kernel;
  return {
    async get(ctx, id) {
      authorize(ctx.auth, 'read');
      const row = await findOne(ctx.tx, id, scopeOf(ctx.auth));
      if (!row) throw notFound();
      return kernel.toEntity(row, ctx);
    },

    async find({ tx, auth }, id, findOptions = {}) {
      const where = 'where' in findOptions ? findOptions.where : scopeOf(auth, findOptions.access);
      const row = await findOne(tx, id, where, findOptions.lock);
      if (!row) throw notFound();
      return row;
    },

    reaches,

    async canRead({ tx, auth }, id) {
      if (!may(auth, 'read')) return false;
      const scope = readScope(auth);
      return scope !== false && reaches(tx, id, scope);
    },

    async outsideReadScope({ tx, auth }, ids) {
      const scope = readScope(auth);
      if (scope === undefined || !ids.length) return new Set();
      if (scope === false) return new Set(ids);
      const reached = await kernel.idSelect.rows(
        tx,
        tail({ where: and(inArray(idColumn, [...ids]), scope) }),
      );
      const inside = new Set(reached.map((row) => row.id));
      return new Set(ids.filter((id) => !inside.has(id)));
    },

    labelsQuery(auth, field, ids, labelField) {
      const columns = getTableColumns(table as PgTable) as Record<string, AnyPgColumn>;
      const column = columns[labelField];
      if (!column || !ids.length || !may(auth, 'read')) return null;
      const scope = readScope(auth);
      if (scope === false) return null;
      // The English twin of the label (`nameEn` beside `name`), for a reader of the English interface.
      const english = columns[`${labelField}En`];
      const labelEn = english ? sql`nullif(${english}::text, '')` : sql`NULL::text`;
      // The ids as one array parameter: a page's references are a few hundred ids, each its own
      // parameter to render, send and parse otherwise.
      const reached = sql`${idColumn} = ANY(${sql.param([...ids])}::int[])`;
      return sql`(SELECT ${field}::text AS field, ${idColumn}::int AS id, ${column}::text AS label, ${labelEn} AS label_en FROM ${table} WHERE ${and(reached, scope)})`;
    },

    changeLogAccess(auth, entityId) {
      if (!may(auth, 'read')) return false;
      const scope = readScope(auth);
      if (scope === false) return false;
      if (scope === undefined) return true;
      // One index probe per entry: no stored row outside the scope (in it, or deleted).
      return sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${idColumn} = ${entityId} AND (${scope}) IS NOT TRUE)`;
    },

    async history({ tx, auth }, id, query) {
      authorize(auth, 'read');
      if (!(await findOne(tx, id, scopeOf(auth)))) throw notFound();
      return changeHistory(tx, { ...query, entityType: descriptor.name, entityId: id });
    },
  };
}
