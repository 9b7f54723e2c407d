import { DECISION_CODES } from '@tms/domain';
import { AUTHORITY_ROLES, defineDeclarationMove } from '../move';

/** The declarant withdraws the declaration and the authority agrees (code 81). */
export const withdrawDeclaration = defineDeclarationMove({
  move: 'withdraw',
  roles: AUTHORITY_ROLES,
  extra: {},
  // No release time: no decision on the goods was taken.
  apply: (_ctx, _before, at) => ({
    controlKind: null,
    decisionCode: DECISION_CODES.WITHDRAWN[0],
    decisionAt: at,
  }),
});
