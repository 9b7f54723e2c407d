import {
  customsDeclarationResource,
  DECLARATION_FIELDS_AFTER_FILING,
  DECLARATION_ROLES,
  type DeclarationItem,
  DECLARATION_MESSAGES as M,
  MESSAGES,
  routeFacts,
} from '@tms/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { Principal } from '../../../platform/auth/context';
import { fieldError, forbidden } from '../../../platform/errors';
import { hasAnyRole } from '../../../platform/permissions/check';
import { resolveScope, type ScopeBuilders } from '../../../platform/permissions/scope';
import { type ResourceContext, type ResourceService, resourceService } from '../../../platform/resources';
import { assignByRules, notifyCustomsUnassigned } from '../../assignment';
import { markingCodesByLine } from '../../marking';
import { orders } from '../../operations';
import { customerRequests } from '../../requests';
import { customsDeclarations } from '../tables';

export type DeclarationRow = typeof customsDeclarations.$inferSelect;

/** What a declaration takes from its order, read once: the client kept with it, the facts rules look at. */
async function orderOf(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({
      clientId: orders.clientId,
      clientName: orders.clientName,
      productId: orders.productId,
      serviceOfficeId: orders.serviceOfficeId,
      route: orders.route,
      transportType: orders.transportType,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw fieldError(['orderId'], MESSAGES.invalid);
  return order;
}
type DeclarationOrder = Awaited<ReturnType<typeof orderOf>>;

/** The order's client, kept with the declaration so the list filters, sorts and searches by it. */
const clientOf = ({ clientId, clientName }: DeclarationOrder) => ({ clientId, clientName });

/**
 * The people of a declaration created without them, from the customs auto-assignment rules asked about its
 * order (client, product, office, route, transport type), customs point and procedure: the customs
 * specialist from the rules giving specialists, the declarant from those giving declarants, each with the
 * rule that named them kept beside. No rule matching leaves that person unassigned (the office's customs
 * group hears of it, `onChange`).
 */
async function assignedPeople(
  ctx: ResourceContext,
  order: DeclarationOrder,
  values: {
    customsPointId: number;
    direction: string;
    declarantId?: number | null;
    customsSpecialistId?: number | null;
  },
) {
  const facts = {
    clientId: order.clientId,
    productId: order.productId,
    serviceOfficeId: order.serviceOfficeId,
    ...routeFacts(order.route),
    transportTypes: order.transportType ? [order.transportType] : [],
    customsPointId: values.customsPointId,
    procedure: values.direction,
  };
  const specialist = values.customsSpecialistId
    ? null
    : await assignByRules(ctx, 'customs', { ...facts, assigns: 'specialist' });
  const declarant = values.declarantId
    ? null
    : await assignByRules(ctx, 'customs', { ...facts, assigns: 'declarant' });
  return {
    ...(specialist
      ? {
          customsSpecialistId: specialist.userId,
          assignmentRuleId: specialist.ruleId,
          assignmentRuleName: specialist.ruleName,
        }
      : {}),
    ...(declarant
      ? {
          declarantId: declarant.userId,
          declarantRuleId: declarant.ruleId,
          declarantRuleName: declarant.ruleName,
        }
      : {}),
  };
}

/** A declaration's request must be a customs request (the one it came from). */
async function checkRequest(tx: Tx, requestId: number | null | undefined) {
  if (requestId == null) return;
  const [request] = await tx
    .select({ customs: customerRequests.customs })
    .from(customerRequests)
    .where(eq(customerRequests.id, requestId));
  if (!request?.customs) throw fieldError(['requestId'], MESSAGES.invalid);
}

/**
 * Each item carries the marking codes of the order's cargo line with its TNVED code (docs/marking.md), read
 * when the items are saved and again when the DT is filed; codes sent with an item are not taken.
 */
export async function withMarkingCodes(
  tx: Tx,
  orderId: number,
  items: readonly DeclarationItem[],
): Promise<DeclarationItem[]> {
  const lines = items.length ? await markingCodesByLine(tx, orderId) : new Map<string, string[]>();
  return items.map(({ markingCodes: _sent, ...item }) => {
    const codes = lines.get(item.tnvedCode);
    return codes?.length ? { ...item, markingCodes: codes } : item;
  });
}

const FREE_AFTER_FILING = new Set<string>(DECLARATION_FIELDS_AFTER_FILING);

/** own: I am its declarant or its customs specialist; office: my office serves its order. */
const declarationBuilders: ScopeBuilders<'ROLE_CUSTOMS_DECLARATION_VIEW'> = {
  own: (userId) =>
    sql`(${customsDeclarations.declarantId} = ${userId} OR ${customsDeclarations.customsSpecialistId} = ${userId})`,
  office: (officeId) =>
    sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${customsDeclarations.orderId} AND ${orders.serviceOfficeId} = ${officeId})`,
};

/**
 * The declarations a reader reaches (docs/customs.md "Who does what"), for every door (list, search,
 * export, id, the moves, the document generator): the scope of `ROLE_CUSTOMS_DECLARATION_VIEW`; a holder of
 * the edit or status role without any view scope works on every declaration, as the customs office does.
 * Undefined for all.
 */
export function declarationScope(auth: Principal): SQL | undefined {
  const view = resolveScope(auth, 'ROLE_CUSTOMS_DECLARATION_VIEW', declarationBuilders);
  return view.access === 'restricted' ? view.where : undefined;
}

/**
 * Customs declarations as a resource: created as drafts (the order's client kept with them), edited while
 * drafts; once filed only the people and the comment change here, the rest by the authority's messages
 * (the use cases); a new declarant or specialist has to accept it again; only a draft is deleted.
 */
export const declarationService: ResourceService<DeclarationRow> = resourceService(
  customsDeclarationResource,
  customsDeclarations,
  {
    hooks: {
      // Whoever reaches a declaration by another door (a use case, the document generator) holds a
      // declaration role: the kernel's role checks guard its own actions only.
      scope(auth) {
        if (!hasAnyRole(auth, DECLARATION_ROLES.view)) throw forbidden();
        return declarationScope(auth);
      },
      async beforeCreate(ctx, values) {
        await checkRequest(ctx.tx, values.requestId);
        const order = await orderOf(ctx.tx, values.orderId);
        return {
          ...values,
          ...(values.items ? { items: await withMarkingCodes(ctx.tx, values.orderId, values.items) } : {}),
          ...clientOf(order),
          ...(await assignedPeople(ctx, order, values)),
          statusChangedAt: new Date(),
        };
      },
      async onChange(ctx, event) {
        // Whatever door created it: a person of a declaration that no rule named waits for the office's
        // customs group (the specialist) or its declarants.
        if (event.action !== 'create' || !event.after) return;
        const { after } = event;
        const missing = (
          [
            ['specialist', after.customsSpecialistId],
            ['declarant', after.declarantId],
          ] as const
        ).filter(([, id]) => id === null);
        if (!missing.length) return;
        const [order] = await ctx.tx
          .select({ serviceOfficeId: orders.serviceOfficeId })
          .from(orders)
          .where(eq(orders.id, after.orderId));
        for (const [person] of missing) {
          await notifyCustomsUnassigned(
            ctx,
            {
              serviceOfficeId: order?.serviceOfficeId ?? null,
              link: { link: `/tms/customs/${after.id}`, text: after.number ?? `#${after.id}` },
            },
            person,
          );
        }
      },
      guardUpdate(_ctx, existing, changed) {
        if (existing.status === 'DRAFT') return;
        if (changed.some((name) => !FREE_AFTER_FILING.has(name))) throw fieldError([], M.locked);
      },
      async beforeUpdate(ctx, values, existing) {
        const set: Record<string, unknown> = { ...values };
        if (values.requestId !== undefined) await checkRequest(ctx.tx, values.requestId);
        if (values.orderId !== undefined && values.orderId !== existing.orderId)
          Object.assign(set, clientOf(await orderOf(ctx.tx, values.orderId)));
        if (
          values.items !== undefined ||
          (values.orderId !== undefined && values.orderId !== existing.orderId)
        )
          set.items = await withMarkingCodes(
            ctx.tx,
            values.orderId ?? existing.orderId,
            values.items ?? existing.items,
          );
        // Handing over: the new person accepts the work again.
        if (values.declarantId !== undefined && values.declarantId !== existing.declarantId)
          set.declarantAcceptedAt = null;
        if (
          values.customsSpecialistId !== undefined &&
          values.customsSpecialistId !== existing.customsSpecialistId
        )
          set.customsSpecialistAcceptedAt = null;
        return set as typeof values;
      },
      beforeDelete(_ctx, row) {
        if (row.status !== 'DRAFT') throw fieldError([], M.notDraft);
      },
    },
  },
);
