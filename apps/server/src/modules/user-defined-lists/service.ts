import {
  type UserDefinedListField,
  type UserDefinedListItem,
  type UserDefinedListRow,
  userDefinedListResource,
  userDefinedListRowIssues,
  userDefinedListRowLabel,
} from '@tms/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { diff, recordChange } from '../../platform/changelog/service';
import type { FieldChanges } from '../../platform/changelog/tables';
import { ErrorCollector, forbidden, notFound } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { containsPattern } from '../../platform/resources';
import { userDefinedListRows, userDefinedLists } from './tables';

type ListRow = typeof userDefinedLists.$inferSelect;

export async function findUserDefinedList(tx: Tx, id: number): Promise<ListRow | undefined> {
  const [row] = await tx.select().from(userDefinedLists).where(eq(userDefinedLists.id, id));
  return row;
}

async function listOr404(tx: Tx, id: number): Promise<ListRow> {
  const list = await findUserDefinedList(tx, id);
  if (!list) throw notFound();
  return list;
}

function itemOf(
  fields: readonly UserDefinedListField[],
  row: UserDefinedListRow,
  only?: ReadonlySet<string>,
): UserDefinedListItem {
  const values = only
    ? Object.fromEntries(Object.entries(row.fields).filter(([code]) => only.has(code)))
    : row.fields;
  return { id: row.id, label: userDefinedListRowLabel(fields, row), fields: values };
}

const searchTextOf = (fields: Record<string, string | null>) =>
  Object.values(fields)
    .filter((value): value is string => typeof value === 'string')
    .join('\n')
    .toLowerCase();

export interface ContentQuery {
  page: number;
  itemsPerPage: number;
  term?: string;
  search?: string;
  additionalFields?: string;
}

/**
 * A page of a list's rows for the lazy select (spec §7): oldest first, matched by `term` in any field. The
 * label is the first field's value; `additionalFields` narrows the other values answered.
 */
export async function listContent(
  tx: Tx,
  listId: number,
  query: ContentQuery,
): Promise<UserDefinedListItem[]> {
  const list = await listOr404(tx, listId);
  const term = (query.term ?? query.search ?? '').trim();
  const where = and(
    eq(userDefinedListRows.listId, listId),
    term ? sql`${userDefinedListRows.searchText} LIKE lower(${containsPattern(term)})` : undefined,
  );
  const rows = await tx
    .select()
    .from(userDefinedListRows)
    .where(where)
    .orderBy(asc(userDefinedListRows.createdAt), asc(userDefinedListRows.rowId))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const only = query.additionalFields
    ? new Set(
        query.additionalFields
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean),
      )
    : undefined;
  return rows.map((row) => itemOf(list.fields, { id: row.rowId, fields: row.fields }, only));
}

export async function contentRow(tx: Tx, listId: number, rowId: string): Promise<UserDefinedListItem> {
  const list = await listOr404(tx, listId);
  const [row] = await tx
    .select()
    .from(userDefinedListRows)
    .where(and(eq(userDefinedListRows.listId, listId), eq(userDefinedListRows.rowId, rowId)));
  if (!row) throw notFound();
  return itemOf(list.fields, { id: row.rowId, fields: row.fields });
}

/**
 * Adds (or replaces, by row id) rows of a list. Any signed-in user adds rows from the forms they fill (spec
 * §3); replacing a row that exists takes the list's edit role (403 otherwise). Every row is checked first;
 * errors are answered per row and field (`<rowId>.fields.<code>`) and nothing is written. The change is one
 * entry of the list's change log, `content.<rowId>` for each row that changed.
 */
export async function addContent(
  tx: Tx,
  listId: number,
  rows: Record<string, UserDefinedListRow>,
  auth: AuthContext,
): Promise<Record<string, UserDefinedListItem>> {
  const list = await listOr404(tx, listId);
  const errors = new ErrorCollector();
  for (const issue of userDefinedListRowIssues(list.fields, rows)) errors.add(issue.path, issue.message);
  errors.throwIfAny();
  const stored = new Map(
    (
      await tx
        .select({ rowId: userDefinedListRows.rowId, fields: userDefinedListRows.fields })
        .from(userDefinedListRows)
        .where(
          and(
            eq(userDefinedListRows.listId, listId),
            inArray(
              userDefinedListRows.rowId,
              Object.values(rows).map((row) => row.id),
            ),
          ),
        )
        .for('update')
    ).map((row) => [row.rowId, row.fields]),
  );
  if (stored.size && !hasAnyRole(auth, userDefinedListResource.roles.edit)) throw forbidden();
  const out: Record<string, UserDefinedListItem> = {};
  const changes: FieldChanges = {};
  const now = new Date();
  for (const [key, row] of Object.entries(rows)) {
    // Blank optional values are kept as null, so a row reads the same whichever client added it.
    const fields = Object.fromEntries(
      list.fields.map((field) => [
        field.code,
        row.fields[field.code]?.trim() ? row.fields[field.code]!.trim() : null,
      ]),
    );
    await tx
      .insert(userDefinedListRows)
      .values({ listId, rowId: row.id, fields, searchText: searchTextOf(fields), createdBy: auth.userId })
      .onConflictDoUpdate({
        target: [userDefinedListRows.listId, userDefinedListRows.rowId],
        set: { fields, searchText: searchTextOf(fields), updatedAt: now },
      });
    // Compared in the list's field order: jsonb keeps keys in its own order.
    const before = stored.get(row.id);
    const member = `content.${row.id}`;
    const old = before ? Object.fromEntries(list.fields.map((f) => [f.code, before[f.code] ?? null])) : null;
    Object.assign(changes, diff({ [member]: old }, { [member]: fields }));
    out[key] = itemOf(list.fields, { id: row.id, fields });
  }
  if (Object.keys(changes).length) {
    await recordChange(tx, {
      entityType: userDefinedListResource.name,
      entityId: listId,
      action: 'update',
      auth,
      changes,
    });
  }
  return out;
}

/** Which of these row ids a list does not have (for custom field values that refer to rows). */
export async function missingListRows(
  tx: Tx,
  listId: number,
  rowIds: readonly string[],
): Promise<Set<string>> {
  if (rowIds.length === 0) return new Set();
  const found = await tx
    .select({ rowId: userDefinedListRows.rowId })
    .from(userDefinedListRows)
    .where(and(eq(userDefinedListRows.listId, listId), inArray(userDefinedListRows.rowId, [...rowIds])));
  const present = new Set(found.map((row) => row.rowId));
  return new Set(rowIds.filter((id) => !present.has(id)));
}
