import { DECISION_CODES, releaseMinutes } from '@tms/domain';
import { AUTHORITY_ROLES, decisionCodeInput, decisionCodeOf, defineDeclarationMove } from '../move';

/** The authority refuses the release (codes 90, 91); the release time runs from the registration to this decision. */
export const refuseDeclaration = defineDeclarationMove({
  move: 'refuse',
  roles: AUTHORITY_ROLES,
  notification: 'declarationRefused',
  extra: decisionCodeInput,
  apply: (_ctx, before, at, input) => ({
    controlKind: null,
    decisionCode: decisionCodeOf(DECISION_CODES.REFUSED, input.decisionCode),
    decisionAt: at,
    releaseMinutes: releaseMinutes(before.registeredAt, at),
  }),
});
