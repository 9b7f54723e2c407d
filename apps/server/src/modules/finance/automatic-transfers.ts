import {
  AUTOMATIC_TRANSFER_MESSAGES,
  type AutomaticTransferRun,
  automaticTransferRuleResource,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  flattenTree,
  type LegalEntityRule,
  type LegalEntityRulesView,
} from '@tms/domain';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/connection';
import { actingUserId } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import type { Clock } from '../../platform/clock';
import { ErrorCollector, HttpError } from '../../platform/errors';
import type { Registries, ScheduledJob } from '../../platform/modules';
import { asSystem } from '../../platform/resources';
import {
  afterUpdate,
  type ResourceContext,
  type ResourceService,
  resourceService,
} from '../../platform/resources/service';
import { legalEntities } from '../company';
import { currencies } from '../reference-data';
import { commissionBankOf, commissionOf, postCommission } from './commissions';
import { internalTransferService } from './internal-transfers';
import {
  automaticTransferLegalEntityRules,
  automaticTransferRules,
  automaticTransferRunItems,
  automaticTransferRuns,
  bills,
  internalTransfers,
  paymentForms,
} from './tables';

export type AutomaticTransferRuleRow = typeof automaticTransferRules.$inferSelect;

// ---- Rules ----

/**
 * A payment form fits a side of a transfer when it belongs to that side's company and is in the currency;
 * `path` names the member the refusal goes under.
 */
async function checkForms(
  tx: Tx,
  errors: ErrorCollector,
  sides: { path: string; formId: number | null | undefined; legalEntityId: number; currencyId: number }[],
): Promise<void> {
  const ids = sides.map((side) => side.formId).filter((id): id is number => Boolean(id));
  const forms = ids.length ? await tx.select().from(paymentForms).where(inArray(paymentForms.id, ids)) : [];
  for (const side of sides) {
    if (!side.formId) continue;
    const form = forms.find((row) => row.id === side.formId);
    if (!form) continue; // the foreign key answers for an unknown id
    if (form.legalEntityId !== side.legalEntityId) {
      errors.add([side.path], AUTOMATIC_TRANSFER_MESSAGES.formCompany);
    } else if (form.currencyId !== side.currencyId) {
      errors.add([side.path], AUTOMATIC_TRANSFER_MESSAGES.formCurrency);
    }
  }
}

/** A rule's own checks: two different companies, its forms (when set) of their company and its currency. */
async function checkRule(
  ctx: ResourceContext,
  rule: {
    senderLegalEntityId: number;
    recipientLegalEntityId: number;
    currencyId: number;
    senderFormId?: number | null;
    recipientFormId?: number | null;
  },
): Promise<void> {
  const errors = new ErrorCollector();
  const { senderLegalEntityId: sender, recipientLegalEntityId: recipient, currencyId } = rule;
  if (sender === recipient) errors.add(['recipientLegalEntityId'], AUTOMATIC_TRANSFER_MESSAGES.sameCompany);
  await checkForms(ctx.tx, errors, [
    { path: 'senderFormId', formId: rule.senderFormId, legalEntityId: sender, currencyId },
    { path: 'recipientFormId', formId: rule.recipientFormId, legalEntityId: recipient, currencyId },
  ]);
  errors.throwIfAny();
}

/** Automatic transfer rules as a resource service (list, form, delete, history). */
export const automaticTransferRuleService: ResourceService<AutomaticTransferRuleRow> = resourceService(
  automaticTransferRuleResource,
  automaticTransferRules,
  {
    hooks: {
      async beforeCreate(ctx, values) {
        await checkRule(ctx, values);
        return { ...values, createdById: actingUserId(ctx.auth) };
      },
      async beforeUpdate(ctx, values, existing) {
        await checkRule(ctx, afterUpdate(values, existing));
        return values;
      },
    },
  },
);

// ---- Legal-entity rules ----

/** The legal-entity rules with what their screen chooses from: our companies and their payment forms. */
export async function legalEntityRulesView(tx: Tx): Promise<LegalEntityRulesView> {
  // One after another: the queries may share the caller's transaction.
  const rules = await tx
    .select()
    .from(automaticTransferLegalEntityRules)
    .orderBy(
      asc(automaticTransferLegalEntityRules.senderLegalEntityId),
      asc(automaticTransferLegalEntityRules.recipientLegalEntityId),
    );
  const companies = await tx
    .select({ id: legalEntities.id, name: legalEntities.shortName })
    .from(legalEntities)
    .orderBy(asc(legalEntities.shortName), asc(legalEntities.id));
  const forms = await tx
    .select({
      id: paymentForms.id,
      name: paymentForms.name,
      legalEntityId: paymentForms.legalEntityId,
      currencyCode: currencies.code,
    })
    .from(paymentForms)
    .innerJoin(currencies, eq(currencies.id, paymentForms.currencyId))
    .where(eq(paymentForms.enabled, true))
    .orderBy(asc(paymentForms.name));
  return {
    rules: rules.map(({ updatedAt: _u, ...rule }) => rule),
    companies,
    forms,
  };
}

/**
 * Replaces the legal-entity rules with `rules` (the screen's whole table): each pair once, of two different
 * companies, the default forms of the pair's own companies. Every refusal at once, under `rules.<n>`.
 */
export async function saveLegalEntityRules(tx: Tx, rules: readonly LegalEntityRule[]): Promise<void> {
  const errors = new ErrorCollector();
  const seen = new Set<string>();
  const formIds = rules
    .flatMap((rule) => [rule.senderFormId, rule.recipientFormId])
    .filter((id): id is number => Boolean(id));
  const forms = formIds.length
    ? await tx
        .select({ id: paymentForms.id, legalEntityId: paymentForms.legalEntityId })
        .from(paymentForms)
        .where(inArray(paymentForms.id, formIds))
    : [];
  const companyOf = new Map(forms.map((form) => [form.id, form.legalEntityId]));
  for (const [index, rule] of rules.entries()) {
    const path = ['rules', index];
    const key = `${rule.senderLegalEntityId}:${rule.recipientLegalEntityId}`;
    if (rule.senderLegalEntityId === rule.recipientLegalEntityId) {
      errors.add([...path, 'recipientLegalEntityId'], AUTOMATIC_TRANSFER_MESSAGES.sameCompany);
    } else if (seen.has(key)) {
      errors.add([...path, 'recipientLegalEntityId'], AUTOMATIC_TRANSFER_MESSAGES.pairTwice);
    }
    seen.add(key);
    for (const [member, company] of [
      ['senderFormId', rule.senderLegalEntityId],
      ['recipientFormId', rule.recipientLegalEntityId],
    ] as const) {
      const formId = rule[member];
      if (formId && companyOf.get(formId) !== company) {
        errors.add([...path, member], AUTOMATIC_TRANSFER_MESSAGES.formCompany);
      }
    }
  }
  errors.throwIfAny();
  await tx.delete(automaticTransferLegalEntityRules);
  if (rules.length) await tx.insert(automaticTransferLegalEntityRules).values([...rules]);
}

// ---- The job ----

/** An order whose transfer plan needs money the rule moves, and how much is not covered yet. */
interface Need {
  orderId: number;
  amount: string;
}

/**
 * The orders a rule applies to: their first income bill is on the rule's sender company, they have expense
 * bills on its recipient company in its currency, whose sum the order's transfers to that company in that
 * currency do not cover yet, and the rule has not created a transfer for them before.
 */
async function needsOf(tx: Tx, rule: AutomaticTransferRuleRow): Promise<Need[]> {
  const rows = await rowsOf<{ order_id: number; need: string; covered: string }>(
    tx,
    sql`SELECT o.order_id, o.need::text AS need, coalesce(t.covered, 0)::text AS covered
      FROM (
        SELECT x AS order_id, sum(b.amount) AS need
        FROM ${bills} b, unnest(b.order_ids) AS x
        WHERE b.direction = 'EXPENSE' AND b.legal_entity_id = ${rule.recipientLegalEntityId}
          AND b.currency_id = ${rule.currencyId}
        GROUP BY x
      ) o
      LEFT JOIN LATERAL (
        SELECT sum(t.amount) AS covered FROM ${internalTransfers} t
        WHERE t.order_id = o.order_id AND t.recipient_legal_entity_id = ${rule.recipientLegalEntityId}
          AND t.currency_id = ${rule.currencyId}
      ) t ON true
      WHERE (
          SELECT i.legal_entity_id FROM ${bills} i
          WHERE i.direction = 'INCOME' AND i.order_ids @> ARRAY[o.order_id]::integer[]
          ORDER BY i.id LIMIT 1
        ) = ${rule.senderLegalEntityId}
        AND o.need > coalesce(t.covered, 0)
        AND NOT EXISTS (
          SELECT 1 FROM ${automaticTransferRunItems} r
          WHERE r.rule_id = ${rule.id} AND r.order_id = o.order_id AND r.status = 'created'
        )
      ORDER BY o.order_id`,
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    amount: decimalFixed(decimalSubtract(row.need, row.covered), 2),
  }));
}

/** The first message of a refusal, as the run log keeps it (stable English; the web translates it). */
function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const first = error.tree ? Object.values(flattenTree(error.tree))[0]?.[0] : undefined;
    return first ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export interface AutomaticTransferRunContext {
  database: Database;
  registries: Registries;
  clock?: Clock;
  /** Who asked for the run ("Run now"); null: the schedule. */
  startedById: number | null;
}

/**
 * One run of the automatic transfers: every enabled rule between companies whose legal-entity rule is on
 * creates, per order it applies to, an internal transfer of what the order still needs (through the
 * transfers' own service, so its payments and postings are theirs) dated today, with the rule's bank
 * commission posted on the sender form. Each order's transfer is one transaction with its log item, keyed
 * by rule and order, so a second run creates nothing twice; a refusal rolls that item back and is logged as
 * its error, and the run goes on. Answers the run's id.
 */
export async function runAutomaticTransfers(ctx: AutomaticTransferRunContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock?.() ?? new Date();
  const date = calendarDay(now);
  const [run] = await db
    .insert(automaticTransferRuns)
    .values({ startedAt: now, startedById: ctx.startedById })
    .returning({ id: automaticTransferRuns.id });
  const runId = run!.id;
  let created = 0;
  let failed = 0;
  const rules = await db
    .select()
    .from(automaticTransferRules)
    .where(eq(automaticTransferRules.enabled, true))
    .orderBy(asc(automaticTransferRules.id));
  const pairs = await db
    .select()
    .from(automaticTransferLegalEntityRules)
    .where(eq(automaticTransferLegalEntityRules.enabled, true));
  for (const rule of rules) {
    const pair = pairs.find(
      (row) =>
        row.senderLegalEntityId === rule.senderLegalEntityId &&
        row.recipientLegalEntityId === rule.recipientLegalEntityId,
    );
    const userId = rule.createdById ?? ctx.startedById;
    if (!pair || userId === null) continue;
    const senderFormId = rule.senderFormId ?? pair.senderFormId;
    const recipientFormId = rule.recipientFormId ?? pair.recipientFormId;
    const item = { runId, ruleId: rule.id, ruleName: rule.name, currencyId: rule.currencyId };
    for (const need of await needsOf(db, rule)) {
      const commission = commissionOf(need.amount, rule);
      try {
        await db.transaction(async (tx) => {
          const errors = new ErrorCollector();
          if (!senderFormId || !recipientFormId) throw new HttpError(400, AUTOMATIC_TRANSFER_MESSAGES.noForm);
          await checkForms(tx, errors, [
            {
              path: 'senderFormId',
              formId: senderFormId,
              legalEntityId: rule.senderLegalEntityId,
              currencyId: rule.currencyId,
            },
            {
              path: 'recipientFormId',
              formId: recipientFormId,
              legalEntityId: rule.recipientLegalEntityId,
              currencyId: rule.currencyId,
            },
          ]);
          errors.throwIfAny();
          const hasCommission = decimalCompare(commission, '0') > 0;
          const bank = hasCommission ? await commissionBankOf(tx, senderFormId) : null;
          // The rule acts, as the system, in the name of its author (the transfers are his).
          const transferCtx = asSystem({ tx, registries: ctx.registries }, 'automatic transfers', userId);
          const transfer = await internalTransferService.create(transferCtx, {
            date,
            senderFormId,
            recipientFormId,
            amount: need.amount,
            orderId: need.orderId,
            comment: rule.name,
          });
          const transferId = transfer.id as number;
          if (hasCommission) {
            await postCommission(transferCtx, {
              source: { type: 'transfer_commission', id: transferId },
              date,
              paymentFormId: senderFormId,
              legalEntityId: rule.senderLegalEntityId,
              currencyId: rule.currencyId,
              amount: commission,
              bankCounterpartyId: bank,
            });
          }
          await tx.insert(automaticTransferRunItems).values({
            ...item,
            orderId: need.orderId,
            status: 'created',
            transferId,
            amount: need.amount,
            commission: hasCommission ? commission : null,
          });
        });
        created++;
      } catch (error) {
        failed++;
        await db.insert(automaticTransferRunItems).values({
          ...item,
          orderId: need.orderId,
          status: 'error',
          amount: need.amount,
          commission: decimalCompare(commission, '0') > 0 ? commission : null,
          message: messageOf(error),
        });
      }
    }
  }
  await db
    .update(automaticTransferRuns)
    .set({ finishedAt: ctx.clock?.() ?? new Date(), created, errors: failed })
    .where(eq(automaticTransferRuns.id, runId));
  // An hourly job would pile up runs that did nothing; those older than a month go (runs with items stay:
  // their created items are what keeps a rule from entering an order's transfer twice).
  const monthAgo = new Date(now.getTime() - EMPTY_RUN_RETENTION_MS);
  await db
    .delete(automaticTransferRuns)
    .where(
      and(
        eq(automaticTransferRuns.created, 0),
        eq(automaticTransferRuns.errors, 0),
        lt(automaticTransferRuns.startedAt, monthAgo),
      ),
    );
  return runId;
}

const EMPTY_RUN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The last runs, newest first, with what each did. */
export async function automaticTransferRunsOf(
  tx: Tx,
  options: { limit?: number; runId?: number } = {},
): Promise<AutomaticTransferRun[]> {
  const runs = await tx
    .select()
    .from(automaticTransferRuns)
    .where(options.runId ? eq(automaticTransferRuns.id, options.runId) : undefined)
    .orderBy(desc(automaticTransferRuns.startedAt), desc(automaticTransferRuns.id))
    .limit(options.limit ?? 20);
  if (!runs.length) return [];
  const items = await tx
    .select({
      id: automaticTransferRunItems.id,
      runId: automaticTransferRunItems.runId,
      ruleId: automaticTransferRunItems.ruleId,
      ruleName: automaticTransferRunItems.ruleName,
      orderId: automaticTransferRunItems.orderId,
      status: automaticTransferRunItems.status,
      transferId: automaticTransferRunItems.transferId,
      amount: automaticTransferRunItems.amount,
      currencyCode: currencies.code,
      commission: automaticTransferRunItems.commission,
      message: automaticTransferRunItems.message,
    })
    .from(automaticTransferRunItems)
    .innerJoin(currencies, eq(currencies.id, automaticTransferRunItems.currencyId))
    .where(
      and(
        inArray(
          automaticTransferRunItems.runId,
          runs.map((run) => run.id),
        ),
      ),
    )
    .orderBy(asc(automaticTransferRunItems.id));
  return runs.map((run) => ({
    id: run.id,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    startedById: run.startedById,
    created: run.created,
    errors: run.errors,
    items: items
      .filter((row) => row.runId === run.id)
      .map(({ runId: _r, ...row }) => ({ ...row, status: row.status as 'created' | 'error' })),
  }));
}

/**
 * The automatic transfers (spec issue 18): every hour, in one instance; "Run now" runs an occurrence at once
 * as its user (`startedById`). Answers the run's id.
 */
export const automaticTransfersJob: ScheduledJob = {
  name: 'automatic-transfers',
  intervalMs: 60 * 60 * 1000,
  run: ({ database, registries, clock, job }) =>
    runAutomaticTransfers({ database, registries, clock, startedById: job.userId }),
};
