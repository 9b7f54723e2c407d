import { declarationNumberSchema, DECLARATION_MESSAGES as M, parseDeclarationNumber } from '@tms/domain';
import { and, eq, ne } from 'drizzle-orm';
import { fieldError } from '../../../../platform/errors';
import { customsDeclarations, customsPoints } from '../../tables';
import { AUTHORITY_ROLES, defineDeclarationMove } from '../move';

/**
 * The authority registers the declaration (NotifGTDRegistration) and gives it its number: the customs code
 * of the declaration's customs point, the registration date, the serial; a number is given once.
 */
export const registerDeclaration = defineDeclarationMove({
  move: 'register',
  roles: AUTHORITY_ROLES,
  notification: 'declarationRegistered',
  extra: { number: declarationNumberSchema },
  async apply(ctx, before, at, input) {
    const parts = parseDeclarationNumber(input.number)!;
    const [point] = await ctx.tx
      .select({ code: customsPoints.code })
      .from(customsPoints)
      .where(eq(customsPoints.id, before.customsPointId));
    if (point && /^\d{8}$/.test(point.code) && point.code !== parts.customsCode)
      throw fieldError(['number'], M.numberPoint);
    const [taken] = await ctx.tx
      .select({ id: customsDeclarations.id })
      .from(customsDeclarations)
      .where(and(eq(customsDeclarations.number, input.number), ne(customsDeclarations.id, before.id)));
    if (taken) throw fieldError(['number'], M.numberTaken);
    return { number: input.number, registrationDate: parts.registrationDate, registeredAt: at };
  },
});
