import { ROLE_FORWARDER_STAGES } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeAccess, type ScopeBuilders } from '../../platform/permissions/scope';
import { jobs, orders } from './tables';

/** own: I am its forwarder, seller or one of its curators; office: my office serves it. */
const ownOrder = (userId: number) =>
  sql`(${orders.forwarderId} = ${userId} OR ${orders.sellerId} = ${userId} OR ${orders.curatorIds} @> ARRAY[${userId}]::integer[])`;

const orderBuilders: ScopeBuilders<'ROLE_ORDER_VIEW' | 'ROLE_ORDER_EDIT' | 'ROLE_STAGE_MANAGE'> = {
  own: ownOrder,
  office: (officeId) => sql`${orders.serviceOfficeId} = ${officeId}`,
};

/** own: I am its forwarder, or one of its orders is mine; office: my office serves it. */
const jobBuilders: ScopeBuilders<'ROLE_JOB_VIEW' | 'ROLE_JOB_EDIT' | 'ROLE_STAGE_MANAGE'> = {
  own: (userId) =>
    sql`(${jobs.forwarderId} = ${userId} OR EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ANY(${jobs.orderIds}) AND ${ownOrder(userId)}))`,
  office: (officeId) => sql`${jobs.serviceOfficeId} = ${officeId}`,
};

/** Both scopes together: whoever may change a record may read it. */
function union(a: ScopeAccess, b: ScopeAccess): ScopeAccess {
  if (a.access === 'all' || b.access === 'all') return { access: 'all' };
  const parts = [a, b].flatMap((s) => (s.access === 'restricted' ? [s] : []));
  if (!parts.length) return { access: 'none' };
  if (parts.length === 1) return parts[0]!;
  return {
    access: 'restricted',
    where: sql`(${parts[0]!.where} OR ${parts[1]!.where})`,
    scopes: parts.flatMap((p) => p.scopes),
  };
}

function conditionOf(scope: ScopeAccess, strict: boolean): SQL | undefined {
  if (scope.access === 'none') {
    if (strict) throw forbidden();
    return sql`false`;
  }
  return scope.access === 'all' ? undefined : scope.where;
}

export type Access = 'read' | 'write';

export function orderAccess(auth: AuthContext, access: Access): ScopeAccess {
  const edit = resolveScope(auth, 'ROLE_ORDER_EDIT', orderBuilders);
  return access === 'write' ? edit : union(resolveScope(auth, 'ROLE_ORDER_VIEW', orderBuilders), edit);
}

export function jobAccess(auth: AuthContext, access: Access): ScopeAccess {
  const edit = resolveScope(auth, 'ROLE_JOB_EDIT', jobBuilders);
  return access === 'write' ? edit : union(resolveScope(auth, 'ROLE_JOB_VIEW', jobBuilders), edit);
}

/**
 * The condition on `orders` a user reaches: undefined for all; 403 without any scope, or (`strict` false,
 * for places such as the dashboard) nothing reached.
 */
export function orderScope(auth: AuthContext, access: Access, strict = true): SQL | undefined {
  return conditionOf(orderAccess(auth, access), strict);
}

export function jobScope(auth: AuthContext, access: Access, strict = true): SQL | undefined {
  return conditionOf(jobAccess(auth, access), strict);
}

/**
 * Operations whose stages the user may manage: the scope of ROLE_STAGE_MANAGE, and with the forwarder's
 * stages permission the operations they forward.
 */
export function stageManageScope(
  auth: AuthContext,
  operation: 'order' | 'job',
  strict = true,
): SQL | undefined {
  const manage =
    operation === 'order'
      ? resolveScope(auth, 'ROLE_STAGE_MANAGE', orderBuilders)
      : resolveScope(auth, 'ROLE_STAGE_MANAGE', jobBuilders);
  const forwarder: ScopeAccess = hasAnyRole(auth, [ROLE_FORWARDER_STAGES])
    ? {
        access: 'restricted',
        where: sql`${operation === 'order' ? orders.forwarderId : jobs.forwarderId} = ${auth.userId}`,
        scopes: ['own'],
      }
    : { access: 'none' };
  return conditionOf(union(manage, forwarder), strict);
}
