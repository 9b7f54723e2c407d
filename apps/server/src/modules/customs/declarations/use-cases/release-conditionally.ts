import { DECISION_CODES, releaseMinutes } from '@tms/domain';
import { AUTHORITY_ROLES, decisionCodeInput, decisionCodeOf, defineDeclarationMove } from '../move';

/** The authority releases the goods conditionally (codes 20, 21, 23, 34); the release time runs from the registration to this decision. */
export const releaseDeclarationConditionally = defineDeclarationMove({
  move: 'releaseConditionally',
  roles: AUTHORITY_ROLES,
  notification: 'declarationReleased',
  extra: decisionCodeInput,
  apply: (_ctx, before, at, input) => ({
    controlKind: null,
    decisionCode: decisionCodeOf(DECISION_CODES.RELEASED_CONDITIONALLY, input.decisionCode),
    decisionAt: at,
    releaseMinutes: releaseMinutes(before.registeredAt, at),
  }),
});
