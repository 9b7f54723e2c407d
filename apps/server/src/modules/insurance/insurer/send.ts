import { type CargoInsuranceStatus, INSURANCE_MESSAGES as M } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../../../db/connection';
import type { Clock } from '../../../platform/clock';
import { backoffAfter, JobFailure } from '../../../platform/jobs/queue';
import { defineTask } from '../../../platform/jobs/tasks';
import type { Registries, TaskContext } from '../../../platform/modules';
import { asSystem } from '../../../platform/resources';
import { currencies } from '../../reference-data';
import { type CertificateRow, statusOf } from '../certificates';
import { systemMove } from '../move';
import { policyOf } from '../quote';
import { insuranceCertificates } from '../tables';
import { issueMove } from '../use-cases/issue';
import { rejectMove } from '../use-cases/reject';
import type { InsurerAdapter, InsurerApplication } from './adapter';
import { InsurerUnavailable } from './adapter';
import { HttpInsurer } from './http-insurer';

/** Calls a certificate's application gets before it waits for the desk to send it again. */
export const INSURER_MAX_ATTEMPTS = 6;
/** The wait before the first retry; each further one doubles (platform/jobs backoff). */
export const INSURER_BACKOFF_MS = 60_000;

/** The adapter of a policy's insurer URL; tests reach the sandbox through the same client. */
export const insurerAt = (url: string): InsurerAdapter => new HttpInsurer(url);

async function applicationOf(tx: Tx, row: CertificateRow, policyNumber: string): Promise<InsurerApplication> {
  const [currency] = row.currencyId
    ? await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, row.currencyId))
    : [];
  return {
    // One application per sending (the accept bumps the version; the terms are locked while it is out):
    // a repeated call after a lost answer finds the same application at the insurer.
    reference: `TMS-${row.id}-${row.version}`,
    policyNumber,
    insuredName: row.insuredName,
    cargoDescription: row.cargoDescription,
    insuredAmount: row.insuredAmount ?? '0',
    currency: currency?.code ?? '',
    premium: row.premium,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    dispatchAddress: row.dispatchAddress,
    deliveryAddress: row.deliveryAddress,
  };
}

const note = (db: Database, id: number, set: Partial<CertificateRow>) =>
  db.db.update(insuranceCertificates).set(set).where(eq(insuranceCertificates.id, id));

/**
 * What the system does with one answer of the insurer, in one transaction: an issued number makes the
 * certificate INSURED (the issue's own rules: a number not taken, the premium at the day's rates), a
 * rejection REJECTED with the insurer's reason.
 */
async function decide(
  base: { database: Database; registries: Registries; clock: Clock },
  id: number,
  decision: { number: string } | { reason: string },
) {
  await base.database.db.transaction(async (tx) => {
    const ctx = asSystem({ tx, registries: base.registries, clock: base.clock }, 'insurer link');
    await tx
      .update(insuranceCertificates)
      .set({ insurerState: 'done', insurerError: null, insurerNextAttemptAt: null })
      .where(eq(insuranceCertificates.id, id));
    if ('number' in decision) await systemMove(ctx, issueMove, id, { number: decision.number });
    else await systemMove(ctx, rejectMove, id, { reason: decision.reason });
  });
}

/**
 * Sends an accepted certificate's application to its policy's insurer and asks for its decision
 * (docs/insurance.md "Insurer link"). The insurer unreachable, failing, undecided or answering what cannot be
 * read: logged, written on the certificate (attempts, the failure, when it is tried again) and retried with
 * backoff by the queue; never taken as an answer.
 */
export const insurerSendTask = defineTask({
  name: 'insurer-send',
  payload: z.object({ certificateId: z.number().int().positive() }),
  maxAttempts: INSURER_MAX_ATTEMPTS,
  backoffMs: INSURER_BACKOFF_MS,
  async run(ctx: TaskContext, { certificateId }) {
    const { database } = ctx;
    const [row] = await database.db
      .select()
      .from(insuranceCertificates)
      .where(eq(insuranceCertificates.id, certificateId));
    if (!row) throw new JobFailure('The certificate is gone.');
    const status: CargoInsuranceStatus = await statusOf(database.db, row.orderId);
    const policy = await policyOf(database.db, row.policyId);
    // Cancelled, or decided by another run meanwhile: nothing to ask any more.
    if (status !== 'ACCEPTED' || !policy.insurerUrl) return { summary: { message: 'Nothing to send.' } };
    const insurer = insurerAt(policy.insurerUrl);
    try {
      let applicationId = row.insurerApplicationId;
      if (!applicationId) {
        const answer = await insurer.apply(await applicationOf(database.db, row, policy.number));
        if (answer.status === 'rejected') {
          await note(database, row.id, { insurerApplicationId: answer.applicationId });
          await decide(ctx, row.id, { reason: answer.reason?.trim() || M.insurerRejected });
          return { summary: { message: 'The insurer rejected the application.' } };
        }
        applicationId = answer.applicationId;
        await note(database, row.id, { insurerApplicationId: applicationId });
      }
      const decision = await insurer.certificate(applicationId);
      if (decision.status === 'pending') throw new InsurerUnavailable(M.insurerPending);
      await decide(ctx, row.id, decision.status === 'issued' ? { number: decision.number } : decision);
      return { summary: { message: 'The insurer answered.' } };
    } catch (error) {
      await retryLater(ctx, error, (values) => note(database, row.id, values), { certificateId });
    }
  },
});

/** What a record linked to the insurer shows of the calls made for it. */
export interface InsurerCallState {
  insurerState: 'retrying' | 'failed';
  insurerAttempts: number;
  insurerError: string;
  insurerNextAttemptAt: Date | null;
}

/**
 * An insurer call that got no usable answer: logged, written on its record (the attempt, the failure, when
 * it is tried again, or that it is given up) and retried with backoff by the queue. Any other error is the
 * task's own and thrown as it is.
 */
export async function retryLater(
  { clock, job, log }: TaskContext,
  error: unknown,
  write: (state: InsurerCallState) => Promise<unknown>,
  about: Record<string, unknown>,
): Promise<never> {
  if (!(error instanceof InsurerUnavailable)) throw error;
  log.warn({ ...about, attempt: job.attempt, detail: error.detail }, error.message);
  const last = job.attempt >= job.maxAttempts;
  await write({
    insurerState: last ? 'failed' : 'retrying',
    insurerAttempts: job.attempt,
    insurerError: error.message,
    insurerNextAttemptAt: last
      ? null
      : new Date(clock().getTime() + backoffAfter(INSURER_BACKOFF_MS, job.attempt)),
  });
  throw new JobFailure(error.message, { retry: true });
}
