import { TNVED_MESSAGES as M, VOID_DECLARATION_STATUSES } from '@tms/domain';
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { OrderTnvedCheck } from '../../operations';
import { customsDeclarations } from '../tables';
import { dayOf, tnvedCodeIssues } from './library';

/**
 * An order's declaration date (docs/customs.md "TNVED control"): the registration date of its latest
 * registered declaration that still declares (not withdrawn nor deemed not filed); null while it has none.
 */
export async function declarationDateOf(tx: Tx, orderId: number): Promise<string | null> {
  const [row] = await tx
    .select({ date: sql<string | null>`max(${customsDeclarations.registrationDate})::text` })
    .from(customsDeclarations)
    .where(
      and(
        eq(customsDeclarations.orderId, orderId),
        isNotNull(customsDeclarations.registrationDate),
        notInArray(customsDeclarations.status, [...VOID_DECLARATION_STATUSES]),
      ),
    );
  return row?.date ?? null;
}

/**
 * An order's cargo codes against the classifier (docs/customs.md "TNVED control"): each must be valid on the
 * declaration date, today until the order has a registered declaration. With no classifier loaded every
 * code passes. A code known but not valid on a declaration's date says so ("not valid on the declaration
 * date"), on today "no longer valid".
 */
export const tnvedOrderChecks: OrderTnvedCheck = async (ctx, { id, codes }) => {
  const declared = id === null ? null : await declarationDateOf(ctx.tx, id);
  const issues = await tnvedCodeIssues(ctx.tx, codes, declared ?? dayOf(ctx.clock?.() ?? new Date()));
  if (declared === null) return issues;
  return issues.map((issue) =>
    issue.message === M.expiredCode ? { ...issue, message: M.notValidOnDeclarationDate } : issue,
  );
};
