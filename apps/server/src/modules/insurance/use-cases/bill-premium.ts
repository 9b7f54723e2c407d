import { insuranceCertificateSchema, INSURANCE_MESSAGES as M, MESSAGES, type Role } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { billService, paymentForms } from '../../finance';
import { certificateService } from '../certificates';
import { policyOf } from '../quote';

/** Whoever enters bills (finance's own roles; the bill's creation checks them and the scope again). */
const BILL_CREATORS: readonly Role[] = ['ROLE_BILL_CREATE', 'ROLE_DIRECT_BILL_CREATE'];

export const billPremiumInput = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  /** The payment form the bills go through; its company is the bills'. */
  paymentFormId: z.number().int().positive(),
  /** Bill the client the premium (the insurance sold), and/or enter the insurer's bill for it. */
  income: z.boolean().default(true),
  expense: z.boolean().default(true),
});

/**
 * The premium of an insured certificate billed through the ledger (DOMAIN.md "Cargo insurance": sold to the
 * client through the insurer): an income bill to the order's client and an expense bill of the policy's
 * insurer, in the policy's currency, dated today, linked to the order; each made by finance's own bill
 * creation as the user (its roles, scope, locks, credit and ledger posting), each once.
 */
export const billCertificatePremium = defineUseCase({
  name: 'insurance.bill-premium',
  roles: BILL_CREATORS,
  input: billPremiumInput,
  output: insuranceCertificateSchema,
  async run(ctx, input) {
    const before = await certificateService.find(ctx, input.id, { lock: true });
    if (before.version !== input.version) throw conflict();
    const entity = await certificateService.toEntity(before, ctx);
    if (entity.status !== 'INSURED' || !before.premium || !before.currencyId)
      throw fieldError(['status'], M.notInsured);
    if (!input.income && !input.expense) throw fieldError(['income'], MESSAGES.blank);
    if ((input.income && before.incomeBillId) || (input.expense && before.expenseBillId))
      throw fieldError([], M.alreadyBilled);
    const [form] = await ctx.tx
      .select({ legalEntityId: paymentForms.legalEntityId })
      .from(paymentForms)
      .where(eq(paymentForms.id, input.paymentFormId));
    if (!form) throw fieldError(['paymentFormId'], M.noPaymentForm);
    const policy = await policyOf(ctx.tx, before.policyId);
    const day = ((ctx as { clock?: () => Date }).clock?.() ?? new Date()).toISOString().slice(0, 10);
    const bill = async (direction: 'INCOME' | 'EXPENSE', counterpartyId: number) =>
      (
        (await billService.create(ctx, {
          number: before.number ?? `#${before.id}`,
          direction,
          counterpartyId,
          legalEntityId: form.legalEntityId,
          paymentFormId: input.paymentFormId,
          currencyId: before.currencyId!,
          amount: before.premium!,
          date: day,
          recognitionDate: day,
          orderIds: [before.orderId],
        })) as { id: number }
      ).id;
    const set: { incomeBillId?: number; expenseBillId?: number } = {};
    if (input.income) {
      if (!before.clientId) throw fieldError(['income'], MESSAGES.invalid);
      set.incomeBillId = await bill('INCOME', before.clientId);
    }
    if (input.expense) set.expenseBillId = await bill('EXPENSE', policy.insurerId);
    const after = await certificateService.write(ctx, before, set, {
      action: 'update',
      version: input.version,
    });
    return (await certificateService.toEntity(after, ctx)) as never;
  },
});
