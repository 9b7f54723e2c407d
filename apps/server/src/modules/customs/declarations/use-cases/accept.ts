import { customsDeclarationSchema, isFinalDeclarationStatus, DECLARATION_MESSAGES as M } from '@tms/domain';
import { z } from 'zod';
import { fieldError, forbidden } from '../../../../platform/errors';
import { hasAnyRole } from '../../../../platform/permissions/check';
import { defineUseCase, userOf } from '../../../../platform/resources';
import { declarationService } from '../service';

const ROLE_OF = {
  declarant: 'ROLE_ORDER_DECLARANT_ACCEPTANCE',
  specialist: 'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
} as const;

/**
 * The declarant or the customs specialist accepts the declaration's work (spec §6 "declarant acceptance",
 * "customs specialist acceptance"): with the role of that part, the person named on it, or anyone with the
 * role when nobody is named (then named by the acceptance); a handed-over declaration is accepted anew.
 */
export const acceptDeclaration = defineUseCase({
  name: 'customs.declaration-accept',
  roles: Object.values(ROLE_OF),
  input: z.object({
    id: z.number().int().positive(),
    as: z.enum(['declarant', 'specialist']),
    version: z.number().int().nonnegative(),
  }),
  output: customsDeclarationSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    if (!hasAnyRole(auth, [ROLE_OF[input.as]])) throw forbidden();
    const before = await declarationService.find(ctx, input.id, { lock: true });
    if (isFinalDeclarationStatus(before.status)) throw fieldError(['status'], M.locked);
    const [person, acceptedAt] =
      input.as === 'declarant'
        ? (['declarantId', 'declarantAcceptedAt'] as const)
        : (['customsSpecialistId', 'customsSpecialistAcceptedAt'] as const);
    const named = before[person];
    if (named !== null && named !== auth.userId) throw fieldError([person], M.notYours);
    const now = (ctx as { clock?: () => Date }).clock?.() ?? new Date();
    const after = await declarationService.write(
      ctx,
      before,
      { [person]: auth.userId, [acceptedAt]: now },
      { action: 'accept', version: input.version },
    );
    return (await declarationService.toEntity(after, ctx)) as never;
  },
});
