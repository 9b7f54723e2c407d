import { DECLARATION_MESSAGES as M } from '@tms/domain';
import { ErrorCollector } from '../../../../platform/errors';
import { AUTHORITY_ROLES, defineDeclarationMove } from '../move';
import { withMarkingCodes } from '../service';

/**
 * The declarant files the draft (ESADout_CU): it needs its items and its declarant; its items take the
 * order's marking codes of their cargo lines.
 */
export const submitDeclaration = defineDeclarationMove({
  move: 'submit',
  roles: ['ROLE_CUSTOMS_DECLARATION_EDIT', ...AUTHORITY_ROLES],
  extra: {},
  async apply(ctx, before, at) {
    const errors = new ErrorCollector();
    if (before.items.length === 0) errors.add(['items'], M.itemsRequired);
    if (before.declarantId === null) errors.add(['declarantId'], M.peopleRequired);
    errors.throwIfAny();
    // The items as filed carry the order's marking codes as they are now.
    return { submittedAt: at, items: await withMarkingCodes(ctx.tx, before.orderId, before.items) };
  },
});
