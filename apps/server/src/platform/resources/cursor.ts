import { RESOURCE_MESSAGES } from '@tms/domain';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fieldError } from '../errors';

/** The position of a row in a list's order: its sort value (as PostgreSQL prints it) and its id. */
interface Position {
  sort: string;
  order: 'asc' | 'desc';
  value: string | null;
  id: number;
}

/** How a list reads a page from a row: by its sort column and the id, both in the list's direction. */
export interface Keyset {
  sort: string;
  order: 'asc' | 'desc';
  column: PgColumn;
  id: PgColumn;
}

/** The column a page's query reads its rows' sort values in, for the cursor; not a field of the entity. */
export const SORT_KEY = '__sortKey';
/** Where a page's row keeps that value: a symbol, left out of the entity's JSON without copying the row. */
export const SORT_VALUE: unique symbol = Symbol('sort value');

/**
 * The keyset of a sort, when it has one: by the id, or by a column that is never NULL (a NULL compares as
 * unknown, so a row comparison could not step over it); any other sort pages by offset.
 */
export function keysetOf(sort: string, order: 'asc' | 'desc', column: PgColumn, id: PgColumn): Keyset | null {
  if (sort !== 'id' && !column.notNull) return null;
  return { sort, order, column, id };
}

/** Made once per keyset (a list's keysets are made once per sort: `listOrder`). */
const sortKeys = new WeakMap<Keyset, SQL<string> | null>();

export function sortKeyOf(keyset: Keyset): SQL<string> | null {
  let key = sortKeys.get(keyset);
  if (key === undefined) {
    key = keyset.sort === 'id' ? null : sql<string>`${keyset.column}::text`;
    sortKeys.set(keyset, key);
  }
  return key;
}

export function encodeCursor(keyset: Keyset, row: { id: number; [SORT_VALUE]?: unknown }): string {
  const position: Position = {
    sort: keyset.sort,
    order: keyset.order,
    value: keyset.sort === 'id' ? null : String(row[SORT_VALUE]),
    id: row.id,
  };
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decode(cursor: string, param: 'after' | 'before', keyset: Keyset): Position {
  const refused = () => fieldError([param], RESOURCE_MESSAGES.staleCursor);
  let position: Partial<Position>;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const valid =
    position !== null &&
    typeof position === 'object' &&
    position.sort === keyset.sort &&
    position.order === keyset.order &&
    Number.isSafeInteger(position.id) &&
    (keyset.sort === 'id' ? position.value === null : typeof position.value === 'string');
  if (!valid) throw refused();
  return position as Position;
}

/**
 * The condition and order of a page read from a cursor: after a row, the rows past it in the list's order;
 * before a row, the rows ahead of it read backwards (`reversed`: the caller turns them round).
 */
export function pageFrom(
  keyset: Keyset | null,
  param: 'after' | 'before',
  cursor: string,
): { where: SQL; order: SQL[]; reversed: boolean; refused: () => Error } {
  const refused = () => fieldError([param], RESOURCE_MESSAGES.staleCursor);
  if (!keyset) throw refused();
  const position = decode(cursor, param, keyset);
  const forward = (keyset.order === 'asc') === (param === 'after');
  const direction = forward ? asc : desc;
  const compare = forward ? sql`>` : sql`<`;
  if (keyset.sort === 'id') {
    return {
      where: sql`${keyset.id} ${compare} ${position.id}`,
      order: [direction(keyset.id)],
      reversed: param === 'before',
      refused,
    };
  }
  const value = sql`${position.value}::${sql.raw(keyset.column.getSQLType())}`;
  return {
    where: sql`(${keyset.column}, ${keyset.id}) ${compare} (${value}, ${position.id})`,
    order: [direction(keyset.column), direction(keyset.id)],
    reversed: param === 'before',
    refused,
  };
}
