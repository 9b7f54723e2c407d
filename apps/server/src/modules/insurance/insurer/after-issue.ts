import { INSURANCE_MESSAGES as M } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { JobFailure } from '../../../platform/jobs/queue';
import { defineTask } from '../../../platform/jobs/tasks';
import type { TaskContext } from '../../../platform/modules';
import { policyOf } from '../quote';
import { insuranceCertificates, insuranceClaims } from '../tables';
import { INSURER_BACKOFF_MS, INSURER_MAX_ATTEMPTS, insurerAt, retryLater } from './send';

/** Where the insurer is, for a certificate: its number there and the linked policy's address. */
async function linkOf(ctx: TaskContext, certificateId: number) {
  const [row] = await ctx.database.db
    .select({ number: insuranceCertificates.number, policyId: insuranceCertificates.policyId })
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.id, certificateId));
  if (!row?.number) throw new JobFailure('The certificate is gone.');
  const policy = await policyOf(ctx.database.db, row.policyId);
  return policy.insurerUrl ? { number: row.number, insurer: insurerAt(policy.insurerUrl) } : null;
}

/**
 * Tells a linked insurer that an insured certificate was cancelled here (docs/insurance.md "Insurer link"):
 * retried with backoff while the insurer cannot be asked; an insurer that keeps the certificate is written on
 * it for the desk to settle.
 */
export const insurerCancelTask = defineTask({
  name: 'insurer-cancel',
  payload: z.object({ certificateId: z.number().int().positive() }),
  maxAttempts: INSURER_MAX_ATTEMPTS,
  backoffMs: INSURER_BACKOFF_MS,
  async run(ctx: TaskContext, { certificateId }) {
    const write = (values: Partial<typeof insuranceCertificates.$inferInsert>) =>
      ctx.database.db
        .update(insuranceCertificates)
        .set(values)
        .where(eq(insuranceCertificates.id, certificateId));
    const link = await linkOf(ctx, certificateId);
    if (!link) return { summary: { message: 'Nothing to send.' } };
    try {
      const answer = await link.insurer.cancel(link.number);
      await write(
        answer.cancelled
          ? { insurerState: 'done', insurerError: null, insurerNextAttemptAt: null }
          : { insurerState: 'failed', insurerError: M.insurerKeptCertificate, insurerNextAttemptAt: null },
      );
      return { summary: { message: 'The insurer answered.' } };
    } catch (error) {
      return retryLater(ctx, error, write, { certificateId });
    }
  },
});

/** Files a claim with the linked insurer of its certificate and keeps the insurer's number of it. */
export const insurerClaimTask = defineTask({
  name: 'insurer-claim',
  payload: z.object({ claimId: z.number().int().positive() }),
  maxAttempts: INSURER_MAX_ATTEMPTS,
  backoffMs: INSURER_BACKOFF_MS,
  async run(ctx: TaskContext, { claimId }) {
    const write = (values: Partial<typeof insuranceClaims.$inferInsert>) =>
      ctx.database.db.update(insuranceClaims).set(values).where(eq(insuranceClaims.id, claimId));
    const [claim] = await ctx.database.db
      .select()
      .from(insuranceClaims)
      .where(eq(insuranceClaims.id, claimId));
    if (!claim) throw new JobFailure('The claim is gone.');
    // Filed already (a repeated run after a lost acknowledgement of ours): not twice.
    if (claim.insurerClaimId) return { summary: { message: 'Nothing to send.' } };
    const link = await linkOf(ctx, claim.certificateId);
    if (!link) return { summary: { message: 'Nothing to send.' } };
    try {
      const answer = await link.insurer.claim(link.number, {
        lossDate: claim.lossDate,
        description: claim.description,
        amount: claim.claimedAmount,
      });
      await write({
        insurerState: 'done',
        insurerClaimId: answer.claimId,
        insurerError: null,
        insurerNextAttemptAt: null,
      });
      return { summary: { message: 'The insurer answered.' } };
    } catch (error) {
      return retryLater(ctx, error, write, { claimId });
    }
  },
});
