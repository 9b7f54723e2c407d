import type { OrderTnvedCheck } from '../../operations';
import { dayOf, tnvedCodeIssues } from './library';

/**
 * An order's cargo codes against the classifier (docs/customs.md "TNVED control"): each must be valid on the
 * declaration date, today until the order has a declaration. With no classifier loaded every code passes.
 */
export const tnvedOrderChecks: OrderTnvedCheck = (ctx, { codes }) =>
  tnvedCodeIssues(ctx.tx, codes, dayOf(ctx.clock?.() ?? new Date()));
