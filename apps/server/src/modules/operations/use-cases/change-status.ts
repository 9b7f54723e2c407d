import {
  jobSchema,
  MESSAGES,
  markingStageClosed,
  OPERATION_STATUS_KINDS,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  orderSchema,
  statusTransition,
  type TransitionFacts,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { fieldError } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { financeControlStatusReasons } from '../../finance';
import { billsComplete } from '../bills-complete';
import { cargoInsuranceOwnedBy } from '../cargo-insurance-status';
import { OPERATION_KINDS, type OperationKind, type OperationRow } from '../operation';
import { actorOf, type OrderRow } from '../orders';
import { orderAndJobStages } from '../stages';
import { assertTnvedCodesValid } from '../tnved-issues';

/** Facts the status transitions look at, from the stored operation. */
export async function transitionFacts(
  tx: Tx,
  kind: OperationKind,
  row: OperationRow,
): Promise<TransitionFacts> {
  const facts: TransitionFacts = {
    operation: kind.type,
    archived: row.archived,
    billsComplete: await billsComplete(tx, kind.type, row.id),
  };
  if (kind.type !== 'order') return facts;
  const order = row as OrderRow;
  return {
    ...facts,
    // The order keeps no separate insurance form: the declared value is the insured amount, the route's
    // dates the period.
    insuranceDetailsComplete: Boolean(
      order.cargo.declaredValue && order.dispatchDate && order.deliveryDate && order.cargo.description,
    ),
    cargoCoded: order.cargo.tnvedCodes.length > 0,
    markingStageClosed: markingStageClosed(await orderAndJobStages(tx, order.id)),
  };
}

export const changeStatusInput = z.object({
  operation: z.enum(OPERATION_TYPES),
  id: z.number().int().positive(),
  /** Which status: financeControl, cargoInsurance, tnvedControl, transfers, marking. */
  kind: z.enum(OPERATION_STATUS_KINDS),
  status: z.string(),
  /** A finance control status reason (required for REJECTED, kept when given for the others). */
  reasonId: z.number().int().positive().nullable().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().positive(),
});

/**
 * A user moves one status of an order or a job by the transitions of docs/operations.md: the record in
 * their read scope, the move allowed to them (the edit scope reaching it counts), the reason known; the
 * same status again changes nothing; an order's cargo insurance kept by a certificate moves on the certificate
 * only. Logged as `status` with the comment; announced in real time.
 */
export const changeStatus = defineUseCase({
  name: 'operations.change-status',
  roles: [],
  input: changeStatusInput,
  output: z.union([orderSchema, jobSchema]),
  async run(ctx, input) {
    const auth = userOf(ctx);
    const kind = OPERATION_KINDS[input.operation];
    const { tx } = ctx;
    const before = await kind.service.find(ctx, input.id, { access: 'read', lock: true });
    if (input.reasonId) {
      const [reason] = await tx
        .select({ id: financeControlStatusReasons.id })
        .from(financeControlStatusReasons)
        .where(eq(financeControlStatusReasons.id, input.reasonId))
        .limit(1);
      if (!reason) throw fieldError(['reasonId'], MESSAGES.invalid);
    }
    if (input.kind === 'cargoInsurance' && kind.type === 'order') {
      const refusal = await cargoInsuranceOwnedBy(ctx, input.id);
      if (refusal) throw fieldError(['status'], refusal);
    }
    const canEdit = await kind.service.reaches(tx, input.id, kind.scope(auth, 'write', false));
    const field = OPERATION_STATUSES[input.kind].field;
    const from = (before as Record<string, unknown>)[field] as string;
    const result = statusTransition(input.kind, from, input.status, actorOf(auth, canEdit), {
      ...(await transitionFacts(tx, kind, before)),
      reasonId: input.reasonId ?? null,
    });
    if (!result.ok) throw fieldError(result.path, result.error);
    if (from === input.status) return (await kind.service.toEntity(before, ctx)) as never;
    // READY and VERIFIED need every cargo line's code valid on the declaration date (docs/customs.md).
    if (input.kind === 'tnvedControl' && input.status !== 'NOT_READY') {
      const order = before as OrderRow;
      await assertTnvedCodesValid(ctx, { id: order.id, codes: order.cargo.tnvedCodes });
    }
    const set: Record<string, unknown> = { [field]: input.status };
    if (input.kind === 'financeControl') {
      set.financeControlReasonId = input.reasonId ?? null;
      set.financeControlChangedAt = new Date();
    }
    const after = await kind.service.write(ctx, before, set, {
      action: 'status',
      version: input.version,
      changes: input.comment ? { comment: { old: null, new: input.comment } } : {},
    });
    return (await kind.service.toEntity(after, ctx)) as never;
  },
});
