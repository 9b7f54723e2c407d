import { DECISION_CODES } from '@tms/domain';
import { AUTHORITY_ROLES, defineDeclarationMove } from '../move';

/** The authority deems the declaration not filed (code 82). */
export const markDeclarationNotFiled = defineDeclarationMove({
  move: 'notFiled',
  roles: AUTHORITY_ROLES,
  extra: {},
  // No release time: no decision on the goods was taken.
  apply: (_ctx, _before, at) => ({
    controlKind: null,
    decisionCode: DECISION_CODES.NOT_FILED[0],
    decisionAt: at,
  }),
});
