import {
  MARKING_MESSAGES as M,
  MARKED_CODE_STATUSES,
  MARKING_REQUEST_KIND_LABELS,
  type MarkingCodeStatus,
  type MarkingRequestKind,
  padId,
  parseMarkingCode,
} from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Tx } from '../../db/connection';
import { JobFailure } from '../../platform/jobs/queue';
import { defineTask } from '../../platform/jobs/tasks';
import type { TaskContext } from '../../platform/modules';
import type { UseCaseContext } from '../../platform/resources/use-case';
import { httpMarkingAdapter, type MarkingAdapter, MarkingAdapterError } from './adapter';
import { type MarkingRequestRow, requestEntity } from './read';
import { markingCodes, markingRequests } from './tables';

/** The adapter of an app's configuration, or null where no address of Честный ЗНАК is set. */
export function markingAdapterOf(
  config: Pick<Config, 'markingApiUrl' | 'markingApiToken'>,
): MarkingAdapter | null {
  return config.markingApiUrl
    ? httpMarkingAdapter({ baseUrl: config.markingApiUrl, token: config.markingApiToken })
    : null;
}

/** Retries: 5 attempts, 30 s before the second, doubling (the queue's backoff), so about a quarter hour. */
const MAX_ATTEMPTS = 5;

/**
 * One call to Честный ЗНАК of an order (a `marking_requests` row), made by the queue outside any
 * transaction; its outcome is written on the row. A failure that may pass (no answer, an answer that is none,
 * codes not issued yet) is written and thrown, so the queue tries again after its backoff; a refusal, a
 * missing configuration or the last attempt fail the row for good. Nothing reaches a user as a 500: they read
 * the row's state and error on the marking page.
 */
export const markingCallTask = defineTask({
  name: 'marking-call',
  payload: z.object({ requestId: z.number().int() }),
  maxAttempts: MAX_ATTEMPTS,
  async run(ctx, { requestId }) {
    const db = ctx.database.db;
    const [request] = await db.select().from(markingRequests).where(eq(markingRequests.id, requestId));
    if (request?.state !== 'queued') return undefined;
    const adapter = markingAdapterOf(ctx.config);
    const last = ctx.job.attempt >= ctx.job.maxAttempts;
    try {
      if (!adapter) throw new MarkingAdapterError('refused', M.notConfigured);
      const summary = await perform(ctx, adapter, request);
      await db
        .update(markingRequests)
        .set({
          ...summary,
          state: 'done',
          error: null,
          errorDetail: null,
          attempts: ctx.job.attempt,
          updatedAt: ctx.clock(),
        })
        .where(eq(markingRequests.id, request.id));
      return undefined;
    } catch (error) {
      const failure =
        error instanceof MarkingAdapterError
          ? error
          : new MarkingAdapterError('unreachable', M.unreachable, String(error));
      if (failure.kind === 'garbage')
        ctx.log.warn({ request: request.id, answer: failure.detail }, 'Честный ЗНАК answered garbage');
      const final = !failure.retryable || last;
      await db
        .update(markingRequests)
        .set({
          state: final ? 'failed' : 'queued',
          error: failure.message,
          errorDetail: failure.detail?.slice(0, 1000) ?? null,
          attempts: ctx.job.attempt,
          updatedAt: ctx.clock(),
        })
        .where(eq(markingRequests.id, request.id));
      throw new JobFailure(failure.message, { retry: !final });
    }
  },
});

type Outcome = Partial<Pick<MarkingRequestRow, 'externalId' | 'codeCount'>>;

async function perform(
  ctx: TaskContext,
  adapter: MarkingAdapter,
  request: MarkingRequestRow,
): Promise<Outcome> {
  const db = ctx.database.db;
  const kind = request.kind;
  if (kind === 'emission') {
    const gtin = request.gtin as string;
    const quantity = request.quantity as number;
    let orderId = request.externalId;
    if (!orderId) {
      ({ orderId } = await adapter.orderCodes({ reference: `marking-${request.id}`, gtin, quantity }));
      // Kept at once: a retry fetches this order's codes instead of ordering again.
      await db.update(markingRequests).set({ externalId: orderId }).where(eq(markingRequests.id, request.id));
    }
    const issued = await adapter.fetchCodes({ orderId, gtin, quantity });
    if (!issued.ready) throw new MarkingAdapterError('pending', M.codesPending);
    const parsed = issued.codes.map((raw) => parseMarkingCode(raw));
    const codes = parsed.flatMap((result) => (result.ok && result.code.gtin === gtin ? [result.code] : []));
    if (codes.length !== parsed.length)
      throw new MarkingAdapterError('garbage', M.garbage, 'malformed or foreign codes among those issued');
    await db.transaction(async (tx) => {
      await tx
        .insert(markingCodes)
        .values(
          codes.map((code) => ({
            orderId: request.orderId,
            tnvedCode: request.tnvedCode as string,
            gtin: code.gtin,
            serial: code.serial,
            cis: code.cis,
            code: code.code,
            printed: code.printed,
            status: 'EMITTED' as const,
            source: 'ordered',
          })),
        )
        .onConflictDoNothing({ target: markingCodes.cis });
    });
    return { externalId: orderId, codeCount: codes.length };
  }
  const rows = await db.select().from(markingCodes).where(inArray(markingCodes.id, request.codeIds));
  if (kind === 'report') {
    const { reportId } = await adapter.sendApplicationReport(rows.map((row) => row.code));
    // Where the reported codes stand now: applied once Честный ЗНАК processed the report.
    await db.update(markingRequests).set({ externalId: reportId }).where(eq(markingRequests.id, request.id));
    await updateStatuses(ctx, adapter, rows);
    return { externalId: reportId, codeCount: rows.length };
  }
  await updateStatuses(ctx, adapter, rows);
  return { codeCount: rows.length };
}

/** Asks where the codes stand and writes what changed; an answer about other codes is garbage. */
async function updateStatuses(
  ctx: TaskContext,
  adapter: MarkingAdapter,
  rows: readonly (typeof markingCodes.$inferSelect)[],
): Promise<void> {
  if (!rows.length) return;
  const answer = await adapter.codeStatuses(rows.map((row) => row.cis));
  const byCis = new Map(rows.map((row) => [row.cis, row]));
  if (answer.some(({ cis }) => !byCis.has(cis)))
    throw new MarkingAdapterError('garbage', M.garbage, 'statuses of codes not asked about');
  await ctx.database.db.transaction(async (tx) => {
    for (const { cis, status } of answer) {
      const row = byCis.get(cis)!;
      if (row.status === status) continue;
      await tx
        .update(markingCodes)
        .set({ status, statusChangedAt: ctx.clock(), updatedAt: ctx.clock() })
        .where(eq(markingCodes.id, row.id));
    }
  });
}

/** Files a call to Честный ЗНАК for the order in the caller's transaction and queues its job. */
export async function requestMarkingCall(
  ctx: UseCaseContext,
  values: {
    orderId: number;
    kind: MarkingRequestKind;
    tnvedCode?: string;
    gtin?: string;
    quantity?: number;
    codeIds?: number[];
  },
) {
  const [row] = await ctx.tx
    .insert(markingRequests)
    .values({ ...values, codeCount: values.codeIds?.length ?? 0 })
    .returning();
  await markingCallTask.enqueue(
    ctx,
    { requestId: row!.id },
    { label: `${MARKING_REQUEST_KIND_LABELS[values.kind].ru} ${padId(values.orderId)}` },
  );
  return requestEntity(row!);
}

/** The order's codes in these statuses (all without). */
export function orderCodesIn(tx: Tx, orderId: number, statuses?: readonly MarkingCodeStatus[]) {
  return tx
    .select()
    .from(markingCodes)
    .where(
      and(
        eq(markingCodes.orderId, orderId),
        statuses ? inArray(markingCodes.status, [...statuses]) : undefined,
      ),
    );
}

/** The order's codes not yet marked (CZ_MARKING_COMPLETED waits for none). */
export async function unmarkedCodeCount(
  tx: Tx,
  orderId: number,
): Promise<{ total: number; unmarked: number }> {
  const rows = await orderCodesIn(tx, orderId);
  return {
    total: rows.length,
    unmarked: rows.filter((row) => !MARKED_CODE_STATUSES.includes(row.status)).length,
  };
}
