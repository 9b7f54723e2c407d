import { z } from 'zod';
import { TRANSPORT_TYPES } from '../reference-data/transport-types';
import {
  ASSIGNMENT_KINDS,
  type AssignmentStrategy,
  CUSTOMS_ASSIGNEES,
  CUSTOMS_PROCEDURE_LABELS,
} from './rules';

const id = z.number().int().positive();

/**
 * What a rule is asked about a new record: its client, product, office, the countries of its dispatch and
 * delivery points, its transport types and (customs) its customs point and procedure. A fact the record
 * does not have is left out; a rule with a condition on it does not match.
 */
export const assignmentFactsSchema = z.object({
  clientId: id.nullish(),
  productId: id.nullish(),
  serviceOfficeId: id.nullish(),
  dispatchCountryIds: z.array(id).max(50).default([]),
  deliveryCountryIds: z.array(id).max(50).default([]),
  transportTypes: z.array(z.enum(TRANSPORT_TYPES)).max(TRANSPORT_TYPES.length).default([]),
  customsPointId: id.nullish(),
  procedure: z.enum(Object.keys(CUSTOMS_PROCEDURE_LABELS) as [string, ...string[]]).nullish(),
  /**
   * Not a fact of the record but the question (customs rules): whom a rule must give it, the customs
   * specialist (the default) or the declarant; only rules giving that person are asked.
   */
  assigns: z.enum(CUSTOMS_ASSIGNEES).optional(),
});
export type AssignmentFacts = z.input<typeof assignmentFactsSchema>;

/** The "who would get this" question of the rules screen, and its answer. */
export const assignmentPreviewSchema = z.object({
  kind: z.enum(ASSIGNMENT_KINDS),
  facts: assignmentFactsSchema,
});
export const assignmentOutcomeSchema = z.object({
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
});
export type AssignmentOutcome = z.infer<typeof assignmentOutcomeSchema>;

/** The conditions of a rule as stored; an empty list is no condition. */
export interface RuleConditions {
  clientIds: readonly number[];
  productIds: readonly number[];
  serviceOfficeIds: readonly number[];
  dispatchCountryIds: readonly number[];
  deliveryCountryIds: readonly number[];
  transportTypes: readonly string[];
  customsPointIds?: readonly number[] | null;
  procedures?: readonly string[] | null;
}

const one = <T>(allowed: readonly T[] | null | undefined, value: T | null | undefined) =>
  !allowed?.length || (value != null && allowed.includes(value));
const any = <T>(allowed: readonly T[] | null | undefined, values: readonly T[] | undefined) =>
  !allowed?.length || (values ?? []).some((value) => allowed.includes(value));

/** Whether every condition of the rule holds for the record (a route country: any point of that end). */
export function ruleMatches(rule: RuleConditions, facts: AssignmentFacts): boolean {
  return (
    one(rule.clientIds, facts.clientId) &&
    one(rule.productIds, facts.productId) &&
    one(rule.serviceOfficeIds, facts.serviceOfficeId) &&
    any(rule.dispatchCountryIds, facts.dispatchCountryIds) &&
    any(rule.deliveryCountryIds, facts.deliveryCountryIds) &&
    any(rule.transportTypes, facts.transportTypes) &&
    one(rule.customsPointIds, facts.customsPointId) &&
    one(rule.procedures, facts.procedure)
  );
}

/** A rule's target: one user, or its group taken in turn or by the least load. */
export interface RuleTarget {
  strategy: AssignmentStrategy;
  userId: number | null;
  userIds: readonly number[];
  lastAssignedUserId: number | null;
}

/** The group member after `last` in the group's order, going round, skipping those who may not take work. */
export function nextInTurn(
  group: readonly number[],
  last: number | null,
  available: ReadonlySet<number>,
): number | null {
  const start = last === null ? -1 : group.indexOf(last);
  for (let step = 1; step <= group.length; step++) {
    const candidate = group[(start + step) % group.length]!;
    if (available.has(candidate)) return candidate;
  }
  return null;
}

/** The available member with the fewest open records; a tie goes to the one listed first in the group. */
export function leastLoaded(
  group: readonly number[],
  loads: ReadonlyMap<number, number>,
  available: ReadonlySet<number>,
): number | null {
  let best: number | null = null;
  for (const user of group) {
    if (!available.has(user)) continue;
    if (best === null || (loads.get(user) ?? 0) < (loads.get(best) ?? 0)) best = user;
  }
  return best;
}

/** The members of the facts that describe a route, from its points (`kind`, `countryId`). */
export function routeFacts(
  points: readonly { kind: string; countryId?: number | null }[],
): Pick<AssignmentFacts, 'dispatchCountryIds' | 'deliveryCountryIds'> {
  const countries = (kind: string) => [
    ...new Set(points.flatMap((p) => (p.kind === kind && p.countryId ? [p.countryId] : []))),
  ];
  return { dispatchCountryIds: countries('dispatch'), deliveryCountryIds: countries('delivery') };
}

/** The reorder action of the rules screen: one place up or down (the keyboard's way to reorder). */
export const assignmentRuleMoveSchema = z.object({ direction: z.enum(['up', 'down']) });
