import { COMPANY_STRUCTURE_MESSAGES as M, moveStructureItemBody, structureItemSchema } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { checkPlacement, itemService } from '../items';
import { isWithin, lockStructure, movePaths } from '../paths';
import { structureHolders } from '../tables';

/**
 * Moves a node with everything under it to another parent (null: the top). The one way a node changes its
 * place: the move is refused when the new parent is the node itself or below it (a cycle) or when the node's
 * kind may not stand there; the closure follows in the same transaction, logged as `move`.
 */
export const moveStructureItem = defineUseCase({
  name: 'company-structure.move-item',
  roles: ['ROLE_COMPANY_STRUCTURE_EDIT'],
  input: moveStructureItemBody.extend({ id: z.number().int().positive() }),
  output: structureItemSchema,
  async run(ctx, input) {
    await lockStructure(ctx.tx);
    const before = await itemService.find(ctx, input.id, { lock: true });
    if (before.parentId === input.parentId) return itemService.toEntity(before, ctx) as never;
    if (input.parentId !== null && (await isWithin(ctx.tx, before.id, input.parentId)))
      throw fieldError(['parentId'], M.cycle);
    const holders = await ctx.tx
      .select({ userId: structureHolders.userId })
      .from(structureHolders)
      .where(eq(structureHolders.itemId, before.id));
    await checkPlacement(
      ctx.tx,
      {
        kind: before.kind,
        parentId: input.parentId,
        head: before.head,
        holders: holders.length,
      },
      before.id,
      'parentId',
    );
    await movePaths(ctx.tx, before.id, input.parentId);
    const after = await itemService.write(
      ctx,
      before,
      { parentId: input.parentId },
      { action: 'move', version: input.version },
    );
    return itemService.toEntity(after, ctx) as never;
  },
});
