import {
  claimDeadlines,
  insuranceClaimResource,
  INSURANCE_MESSAGES as M,
  MESSAGES,
  overdueClaimSteps,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import { defaultEntity, type ResourceService, resourceService } from '../../platform/resources';
import { statusOf } from './certificates';
import { insurerClaimTask } from './insurer/after-issue';
import { policyOf } from './quote';
import { insuranceCertificates, insuranceClaims } from './tables';

type ClaimRow = typeof insuranceClaims.$inferSelect;

/** The terms of the policy the claim's certificate was issued under. */
async function termsOf(tx: Tx, certificateId: number) {
  const [certificate] = await tx
    .select({ policyId: insuranceCertificates.policyId })
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.id, certificateId));
  if (!certificate) throw fieldError(['certificateId'], MESSAGES.invalid);
  return policyOf(tx, certificate.policyId);
}

const today = (clock: (() => Date) | undefined) => (clock?.() ?? new Date()).toISOString().slice(0, 10);

/**
 * Claims as a sub-resource of certificates: every save reckons the deadlines again from the policy
 * (`claimDeadlines`); a read says whether a step is overdue today. Reading them follows the certificates'
 * roles (the descriptor's); removing one is "case removal".
 */
export const claimService: ResourceService<ClaimRow> = resourceService(
  insuranceClaimResource,
  insuranceClaims,
  {
    hooks: {
      async beforeCreate(ctx, values) {
        const [certificate] = await ctx.tx
          .select({ orderId: insuranceCertificates.orderId })
          .from(insuranceCertificates)
          .where(eq(insuranceCertificates.id, values.certificateId));
        if (!certificate || (await statusOf(ctx.tx, certificate.orderId)) !== 'INSURED')
          throw fieldError(['certificateId'], M.claimNotInsured);
        const terms = await termsOf(ctx.tx, values.certificateId);
        return {
          ...values,
          ...claimDeadlines(values, terms),
          // A linked insurer gets the claim through the queue once it is saved (afterWrite).
          ...(terms.insurerUrl ? { insurerState: 'sending' as const, insurerAttempts: 0 } : {}),
        };
      },
      async afterWrite(ctx, event) {
        if (event.action !== 'create' || !event.after?.insurerState) return;
        await insurerClaimTask.enqueue(
          { ...ctx, clock: (ctx as { clock?: () => Date }).clock },
          { claimId: event.after.id },
          { label: event.after.lossDate },
        );
      },
      async beforeUpdate(ctx, values, existing) {
        const merged = { ...existing, ...values };
        return { ...values, ...claimDeadlines(merged, await termsOf(ctx.tx, existing.certificateId)) };
      },
      async toEntities(rows, ctx) {
        const day = today((ctx as { clock?: () => Date }).clock);
        return rows.map((row) => ({
          ...defaultEntity(insuranceClaimResource, row),
          overdue: overdueClaimSteps(row, day)[0] ?? 'no',
        }));
      },
    },
  },
);
