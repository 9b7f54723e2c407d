import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../platform/auth/context';
import { forbidden } from '../../platform/errors';
import { resolveScope, type ScopeAccess, type ScopeBuilders } from '../../platform/permissions/scope';
import { counterparties } from './tables';

type Permission = 'ROLE_COUNTERPARTY_VIEW' | 'ROLE_COUNTERPARTY_EDIT';

/** own: I curate or manage it; office: it is served by my office. */
const builders: ScopeBuilders<Permission> = {
  own: (userId) =>
    sql`(${counterparties.curatorIds} @> ARRAY[${userId}]::integer[] OR ${counterparties.managerIds} @> ARRAY[${userId}]::integer[])`,
  office: (officeId) => sql`${counterparties.serviceOfficeId} = ${officeId}`,
};

function access(auth: Principal, permission: Permission): ScopeAccess {
  return resolveScope(auth, permission, builders);
}

/**
 * Counterparties a user may see: those of the view scope and, since whoever may change a record may read
 * it, those of the edit scope. `none`: the user holds neither.
 */
export function readAccess(auth: Principal): ScopeAccess {
  const view = access(auth, 'ROLE_COUNTERPARTY_VIEW');
  const edit = access(auth, 'ROLE_COUNTERPARTY_EDIT');
  if (view.access === 'all' || edit.access === 'all') return { access: 'all' };
  const parts = [view, edit].flatMap((a) => (a.access === 'restricted' ? [a] : []));
  if (!parts.length) return { access: 'none' };
  const where = parts.length === 1 ? parts[0]!.where : sql`(${parts[0]!.where} OR ${parts[1]!.where})`;
  return { access: 'restricted', where, scopes: parts.flatMap((p) => p.scopes) };
}

/** Counterparties a user may change. */
export function writeAccess(auth: Principal): ScopeAccess {
  return access(auth, 'ROLE_COUNTERPARTY_EDIT');
}

function conditionOf(scope: ScopeAccess, strict: boolean): SQL | undefined {
  if (scope.access === 'none') {
    if (strict) throw forbidden();
    return sql`false`;
  }
  return scope.access === 'all' ? undefined : scope.where;
}

/**
 * The condition on `counterparties` for reads or writes: undefined for all; 403 without any scope, or
 * (`strict` false, for routes guarded by another permission such as merge or API keys) nothing reached.
 */
export function counterpartyScope(auth: Principal, kind: 'read' | 'write', strict = true): SQL | undefined {
  return conditionOf(kind === 'read' ? readAccess(auth) : writeAccess(auth), strict);
}

/** The same scope for a record kept under a counterparty (its `counterparty_id` column). */
export function underCounterpartyScope(
  auth: Principal,
  kind: 'read' | 'write',
  counterpartyIdColumn: PgColumn,
): SQL | undefined {
  const scope = counterpartyScope(auth, kind);
  if (!scope) return undefined;
  return sql`${counterpartyIdColumn} IN (SELECT ${counterparties.id} FROM ${counterparties} WHERE ${scope})`;
}
