import { DECISION_CODES, releaseMinutes } from '@tms/domain';
import { AUTHORITY_ROLES, decisionCodeInput, decisionCodeOf, defineDeclarationMove } from '../move';

/** The authority releases the goods (GTDoutCustomsMark, codes 10, 11, 22); the release time runs from the registration to this decision. */
export const releaseDeclaration = defineDeclarationMove({
  move: 'release',
  roles: AUTHORITY_ROLES,
  notification: 'declarationReleased',
  extra: decisionCodeInput,
  apply: (_ctx, before, at, input) => ({
    controlKind: null,
    decisionCode: decisionCodeOf(DECISION_CODES.RELEASED, input.decisionCode),
    decisionAt: at,
    releaseMinutes: releaseMinutes(before.registeredAt, at),
  }),
});
