import { customsBehaviourOf } from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { ResourceContext } from '../../platform/resources';
import { notifyStageMoved } from './notifications';
import { OPERATION_KINDS } from './operation';
import { applyEffects, lockedStage, runStageHandlers, saveStage, stagesOf } from './stages';
import { orders, products } from './tables';

/**
 * The customs module's release of an order's goods closes its customs stages (docs/customs.md
 * "Declarations"), as the system: the open stages carrying `CUSTOMS_<the order's product>`, or, when none
 * of the order's stages names its product, those carrying `CUSTOMS_OTHER`. Closure checks are not asked (the
 * authority's decision is the fact the stage waits for); each closed stage has its behaviours' effects,
 * handlers and news as a user's closing has. An archived order stays as it is. Answers the stages closed.
 */
export async function closeCustomsStages(
  ctx: ResourceContext,
  orderId: number,
  actualDate: string,
): Promise<number> {
  const kind = OPERATION_KINDS.order;
  const [facts] = await ctx.tx
    .select({ archived: orders.archived, productCode: products.code })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  if (!facts || facts.archived) return 0;
  const stages = await stagesOf(ctx.tx, 'order', orderId);
  const product = facts.productCode ? customsBehaviourOf(facts.productCode) : null;
  const ofProduct = stages.filter((stage) => product !== null && stage.behaviours.includes(product));
  const targets = (
    ofProduct.length ? ofProduct : stages.filter((stage) => stage.behaviours.includes('CUSTOMS_OTHER'))
  ).filter((stage) => !stage.closed);
  if (!targets.length) return 0;
  const operation = await kind.service.find(ctx, orderId, { lock: true });
  const closedById = 'userId' in ctx.auth ? (ctx.auth.userId ?? null) : null;
  for (const target of targets) {
    const before = await lockedStage(ctx.tx, kind, orderId, target.id);
    if (before.closed) continue;
    const set = { closed: true, actualDate, closedAt: new Date(), closedById };
    const after = await saveStage(ctx.tx, ctx.auth, kind, operation, before, set, 'close', before.version);
    await applyEffects(ctx, operation, kind, before.behaviours, 'close', actualDate);
    await runStageHandlers(ctx, before, 'close');
    await notifyStageMoved(ctx, 'order', operation, after.name, 'Closed');
  }
  return targets.length;
}
