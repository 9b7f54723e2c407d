import {
  CUSTOMS_DECLARATIONS_TOPIC,
  customsDeclarationResource,
  DECLARATION_ROLES,
  rolesOfScopedPermission,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { isStaff, type Principal } from '../../../platform/auth/context';
import { forbidden } from '../../../platform/errors';
import { users } from '../../../platform/identity/tables';
import type { EventSubscriber } from '../../../platform/modules';
import { hasAnyRole } from '../../../platform/permissions/check';
import { resolveScope, type ScopeBuilders } from '../../../platform/permissions/scope';
import { publish, type TopicRule } from '../../../platform/realtime/hub';
import { orders } from '../../operations';
import { customsDeclarations as dt } from '../tables';

/**
 * The customs report's scopes (ROLE_CUSTOMS_REPORT: own, office, all; docs/reports.md "Customs report"):
 * own = I am its declarant or customs specialist; office = its order is served by my office, or its
 * declarant or customs specialist works in my office (the customs staff of an office clear the goods of
 * other offices' orders too).
 */
const builders: ScopeBuilders<'ROLE_CUSTOMS_REPORT'> = {
  own: (userId) => sql`(${dt.declarantId} = ${userId} OR ${dt.customsSpecialistId} = ${userId})`,
  office: (officeId) =>
    sql`(EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${dt.orderId} AND o.service_office_id = ${officeId})
      OR EXISTS (SELECT 1 FROM ${users} u WHERE u.id IN (${dt.declarantId}, ${dt.customsSpecialistId}) AND u.service_office_id = ${officeId}))`,
};

/**
 * The condition on `customs_declarations` of the reader's customs report scope: undefined for all of them,
 * 403 without the permission. The report's use case has checked its role.
 */
export function declarationReportScope(auth: Principal): SQL | undefined {
  const scope = resolveScope(auth, 'ROLE_CUSTOMS_REPORT', builders);
  if (scope.access === 'none') throw forbidden();
  return scope.access === 'all' ? undefined : scope.where;
}

const FOLLOWERS = [...rolesOfScopedPermission('ROLE_CUSTOMS_REPORT'), ...DECLARATION_ROLES.view];

/**
 * Who may follow the declarations' topic: the customs report's readers and the declarations' readers. A
 * message says only which declaration changed; the screen then asks the report, which keeps to the scope.
 */
export const declarationsTopicRule: TopicRule = (auth, id) =>
  isStaff(auth) && id === undefined && hasAnyRole(auth, FOLLOWERS);

/**
 * Announces every committed change of a declaration (created, edited, moved, deleted) on the declarations'
 * topic, after it committed: the customs monitoring refreshes on it.
 */
export const declarationChangesPublisher: EventSubscriber = {
  entities: [customsDeclarationResource.name],
  async handle(ctx, events) {
    for (const event of events)
      await publish(ctx.tx, CUSTOMS_DECLARATIONS_TOPIC, { id: event.entityId, kind: event.kind });
  },
};
