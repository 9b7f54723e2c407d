import { type Scope, type ScopedPermission, type ScopesOf, scopesHeld } from '@tms/domain';
import { or, type SQL, sql } from 'drizzle-orm';
import { type AuthContext, isStaff, type Principal, type SubordinatesOf } from '../auth/context';
import { forbidden } from '../errors';

/**
 * Record scopes (spec §6): a module states once, per scoped permission, which rows each scope reaches;
 * lists, search, exports and get-by-id then all apply the same condition. A module must describe every
 * scope its permission comes in (the type demands it); 'all' needs no description.
 */
export type ScopeUser = Pick<AuthContext, 'userId' | 'contactId' | 'serviceOfficeId' | 'roles'> & {
  /** The subordinates dimension of the user (`AuthContext.subordinates`); unset, the user alone. */
  subordinates?: SubordinatesOf;
};

export type { SubordinatesOf };

/** The subordinates dimension until the company structure provides one: the user alone. */
export const selfOnly: SubordinatesOf = (userId) => sql`ARRAY[${userId}]::integer[]`;

/** Scopes reached through the acting user's office; they reach nothing for a user without one. */
const OFFICE_SCOPES = new Set<Scope>(['office', 'managerOffice', 'paymentFormOffice']);
type OfficeScope = 'office' | 'managerOffice' | 'paymentFormOffice';

/**
 * own / related get the user's id; subordinates the users under him, himself included (an SQL integer
 * array, `SubordinatesOf`); office / managerOffice / paymentFormOffice get the user's service office id.
 */
export type ScopeBuilders<P extends ScopedPermission> = {
  [S in Exclude<ScopesOf<P>, 'all'>]: S extends OfficeScope
    ? (officeId: number, user: ScopeUser) => SQL
    : S extends 'subordinates'
      ? (userIds: SQL, user: ScopeUser) => SQL
      : (userId: number, user: ScopeUser) => SQL;
};

export type ScopeAccess =
  /** Holds no scope of the permission: the route answers 403. */
  | { access: 'none' }
  /** Sees every row. */
  | { access: 'all' }
  /** Sees the rows matching `where`: the union of every scope held. */
  | { access: 'restricted'; where: SQL; scopes: Scope[] };

type AnyBuilder = (of: number | SQL, user: ScopeUser) => SQL;

/**
 * What the user may reach under a permission. Every held scope counts, not only the widest: the
 * office-like scopes do not contain one another, so a user given two of them sees both sets of rows.
 */
export function resolveScope<P extends ScopedPermission>(
  principal: Principal | ScopeUser,
  permission: P,
  builders: ScopeBuilders<P>,
): ScopeAccess {
  // The system reaches every row; a cabinet none of a staff scope (its counterparty's rows are the
  // resource's cabinet access, `CabinetAccess`).
  if ('kind' in principal && principal.kind === 'system') return { access: 'all' };
  if ('kind' in principal && !isStaff(principal)) return { access: 'none' };
  const user = principal as ScopeUser;
  const held = scopesHeld(user.roles, permission);
  if (held.length === 0) return { access: 'none' };
  if (held.includes('all')) return { access: 'all' };
  const parts = held.map((scope) => {
    const build = (builders as unknown as Record<string, AnyBuilder>)[scope];
    if (!build) throw new Error(`No condition for scope ${scope} of ${permission}`);
    if (OFFICE_SCOPES.has(scope)) {
      return user.serviceOfficeId === null ? sql`false` : build(user.serviceOfficeId, user);
    }
    if (scope === 'subordinates') return build((user.subordinates ?? selfOnly)(user.userId), user);
    return build(user.userId, user);
  });
  const where = parts.length === 1 ? parts[0]! : or(...parts)!;
  return { access: 'restricted', where, scopes: held };
}

/**
 * The WHERE condition of a permission's scope: undefined for 'all' (no restriction), the scope's
 * condition otherwise; a user holding no scope at all gets 403.
 * Get-by-id: `where(and(eq(t.id, id), scopeCondition(...)))` and 404 when nothing comes back.
 */
export function scopeCondition<P extends ScopedPermission>(
  user: Principal | ScopeUser,
  permission: P,
  builders: ScopeBuilders<P>,
): SQL | undefined {
  const scope = resolveScope(user, permission, builders);
  if (scope.access === 'none') throw forbidden();
  return scope.access === 'all' ? undefined : scope.where;
}

/**
 * Like scopeCondition, but a user without the permission simply matches nothing: for places that combine
 * several kinds of records (global search, dashboards) where missing one permission is no error.
 */
export function scopeFilter<P extends ScopedPermission>(
  user: Principal | ScopeUser,
  permission: P,
  builders: ScopeBuilders<P>,
): SQL | undefined {
  const scope = resolveScope(user, permission, builders);
  if (scope.access === 'none') return sql`false`;
  return scope.access === 'all' ? undefined : scope.where;
}
