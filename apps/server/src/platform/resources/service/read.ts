import { and, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/context';
import { changeHistory } from '../../changelog/history';
import { deletedRecords } from '../../changelog/tables';
import { notFound } from '../../errors';
import { boundLater, tail } from '../statements';
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
  const labelTemplates = new WeakMap<Principal, Map<string, ((ids: number[]) => SQL) | null>>();
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
      if (!ids.length || !may(auth, 'read')) return null;
      const scope = readScope(auth);
      if (scope === false) return null;
      // Made and rendered once per principal (its scope), field and label; a page binds its ids.
      let made = labelTemplates.get(auth);
      if (!made) {
        made = new Map();
        labelTemplates.set(auth, made);
      }
      const key = `${field}\u0000${labelField}`;
      let template = made.get(key);
      if (template === undefined) {
        const columns = getTableColumns(table as PgTable) as Record<string, AnyPgColumn>;
        const column = columns[labelField];
        // The English twin of the label (`nameEn` beside `name`), for a reader of the English interface.
        const english = columns[`${labelField}En`];
        const labelEn = english ? sql`nullif(${english}::text, '')` : sql`NULL::text`;
        // The ids as one array parameter: a page's references are a few hundred ids, each its own
        // parameter to render, send and parse otherwise.
        template = column
          ? boundLater(
              (idsParam) =>
                sql`(SELECT ${field}::text AS field, ${idColumn}::int AS id, ${column}::text AS label, ${labelEn} AS label_en FROM ${table} WHERE ${and(sql`${idColumn} = ANY(${idsParam}::int[])`, scope)})`,
            )
          : null;
        made.set(key, template);
      }
      return template?.([...ids]) ?? null;
    },

    changeLogAccess(auth, entityId) {
      if (!may(auth, 'read')) return false;
      const scope = readScope(auth);
      if (scope === false) return false;
      if (scope === undefined) return true;
      // One index probe per entry: the stored row in the scope; once deleted, the scope asked of its last
      // row as the delete kept it (`deleted_records`, read under the table's name so the scope's columns name
      // it). A record gone without a kept row shows only to readers of every record.
      return sql`coalesce(
        (SELECT (${scope}) IS TRUE FROM ${table} WHERE ${idColumn} = ${entityId}),
        EXISTS (SELECT 1 FROM ${deletedRecords} kept CROSS JOIN LATERAL jsonb_populate_record(NULL::${table}, kept.row) AS ${table}
          WHERE kept.entity_type = ${descriptor.name} AND kept.entity_id = ${entityId} AND (${scope})))`;
    },

    async history({ tx, auth }, id, query) {
      authorize(auth, 'read');
      if (!(await findOne(tx, id, scopeOf(auth)))) throw notFound();
      return changeHistory(tx, { ...query, entityType: descriptor.name, entityId: id });
    },
  };
}
