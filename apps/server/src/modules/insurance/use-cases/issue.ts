import { INSURANCE_MOVE_ROLES, INSURANCE_MESSAGES as M, MESSAGES } from '@tms/domain';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/resources/use-case';
import type { CertificateRow } from '../certificates';
import { defineCertificateMove, type MoveDefinition } from '../move';
import { policyOf, quote } from '../quote';
import { insuranceCertificates } from '../tables';

/**
 * The insurer issues the certificate under its number (spec §4 INSURED, a move of the system in the order's
 * transitions: the insurance module's). The premium is reckoned at the rates of the day of issue, in the
 * policy's currency; a day without a rate refuses the issue under `issueDate`.
 */
export const issueMove = {
  name: 'certificate-issue',
  roles: INSURANCE_MOVE_ROLES.issue,
  to: 'INSURED' as const,
  by: 'system' as const,
  extra: { number: z.string().trim().min(1).max(50) },
  async apply(ctx: UseCaseContext, before: CertificateRow, input: { number: string }) {
    // A linked insurer's number comes through the link only (insurer/send.ts), never typed in.
    if (ctx.auth.kind !== 'system' && (await policyOf(ctx.tx, before.policyId)).insurerUrl)
      throw fieldError(['status'], M.issuedByInsurer);
    const [taken] = await ctx.tx
      .select({ id: insuranceCertificates.id })
      .from(insuranceCertificates)
      .where(and(eq(insuranceCertificates.number, input.number), ne(insuranceCertificates.id, before.id)));
    if (taken) throw fieldError(['number'], MESSAGES.duplicate);
    const now = (ctx as { clock?: () => Date }).clock?.() ?? new Date();
    const issueDate = now.toISOString().slice(0, 10);
    const figures = await quote(ctx.tx, { ...before, issueDate });
    return { ...figures, number: input.number, issueDate, issuedAt: now };
  },
} satisfies MoveDefinition<{ number: z.ZodString }>;

export const issueCertificate = defineCertificateMove(issueMove);
