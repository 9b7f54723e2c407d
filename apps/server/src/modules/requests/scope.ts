import { REQUEST_CUSTOMS_ROLES } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { isStaff, type Principal } from '../../platform/auth/context';
import { forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeAccess, type ScopeBuilders } from '../../platform/permissions/scope';
import { customerRequests } from './tables';

/** The scopes of docs/requests.md "Who reaches a request". */
const builders: ScopeBuilders<'ROLE_REQUEST_VIEW'> = {
  /** own: I am its seller, the seller's substitute or its forwarder, or I created it. */
  own: (userId) =>
    sql`(${customerRequests.sellerId} = ${userId} OR ${customerRequests.substituteId} = ${userId} OR ${customerRequests.forwarderId} = ${userId} OR ${customerRequests.createdById} = ${userId})`,
  /** office: my office serves it. */
  office: (officeId) => sql`${customerRequests.serviceOfficeId} = ${officeId}`,
};

export type Access = 'read' | 'write';

/** The requests a holder of the create role reaches without a view scope: their own. */
function created(auth: Principal): ScopeAccess {
  if (!isStaff(auth) || !hasAnyRole(auth, ['ROLE_REQUEST_CREATE'])) return { access: 'none' };
  return { access: 'restricted', where: builders.own(auth.userId, auth), scopes: ['own'] };
}

/**
 * The customs team works on every customs request, whichever office serves it: reads it, moves its
 * customs status and edits it (the TNVED codes and comment; the field roles hold the rest).
 */
function customsTeam(auth: Principal): ScopeAccess {
  if (!hasAnyRole(auth, REQUEST_CUSTOMS_ROLES)) return { access: 'none' };
  return { access: 'restricted', where: sql`${customerRequests.customs}`, scopes: ['all'] };
}

/** Several scopes together: the rows either reaches. */
function union(a: ScopeAccess, b: ScopeAccess): ScopeAccess {
  if (a.access === 'all' || b.access === 'all') return { access: 'all' };
  if (a.access === 'none') return b;
  if (b.access === 'none') return a;
  return { access: 'restricted', where: sql`(${a.where} OR ${b.where})`, scopes: [...a.scopes, ...b.scopes] };
}

/**
 * Reads: the view scope, and for holders of the create (working) role their own requests too. Writes: the
 * same requests, for holders of the create role only. The customs team reads and writes customs requests.
 */
export function requestAccess(auth: Principal, access: Access, withCustomsTeam = true): ScopeAccess {
  const customs: ScopeAccess = withCustomsTeam ? customsTeam(auth) : { access: 'none' };
  if (access === 'write' && !hasAnyRole(auth, ['ROLE_REQUEST_CREATE'])) return customs;
  return union(union(resolveScope(auth, 'ROLE_REQUEST_VIEW', builders), created(auth)), customs);
}

/**
 * The condition on `customer_requests` a user reaches: undefined for all; 403 without any scope, or
 * (`strict` false: whether the edit scope reaches a readable request) nothing reached. Without
 * `withCustomsTeam` the customs team's reach does not count (the request's own editors' decisions).
 */
export function requestScope(auth: Principal, access: Access, strict = true, withCustomsTeam = true) {
  const scope = requestAccess(auth, access, withCustomsTeam);
  if (scope.access === 'none') {
    if (strict) throw forbidden();
    return sql`false`;
  }
  return scope.access === 'all' ? undefined : scope.where;
}
