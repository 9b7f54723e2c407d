import {
  convertThroughBase,
  decimalCompare,
  decimalDivide,
  decimalMultiply,
  decimalNormalize,
  type InsuredAmountBasis,
  insurancePremium,
  INSURANCE_MESSAGES as M,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { ErrorCollector, fieldError } from '../../platform/errors';
import { rateOn } from '../finance';
import { insurancePolicies } from './tables';

export type PolicyRow = typeof insurancePolicies.$inferSelect;

/** The terms a quote is reckoned from, as the certificate will hold them. */
export interface QuoteTerms {
  policyId: number;
  amountBasis: string;
  insuredValue: string | null;
  valueCurrencyId: number | null;
  issueDate: string | null;
  rate: string | null;
  deductible: string | null;
}

export interface Quote {
  rate: string;
  deductible: string;
  insuredAmount: string | null;
  premium: string | null;
  currencyId: number;
  exchangeRate: string | null;
}

export async function policyOf(tx: Tx, policyId: number): Promise<PolicyRow> {
  const [policy] = await tx.select().from(insurancePolicies).where(eq(insurancePolicies.id, policyId));
  if (!policy) throw fieldError(['policyId'], 'This value is not valid.');
  return policy;
}

/**
 * The certificate's figures under its policy: the policy's rate and deductible unless given, the rate within
 * the policy's range, the issue date within the policy's term; the value converted into the policy currency
 * at the issue date's rates (finance's currency rates, no other day's), then the insured amount and the
 * premium (`insurancePremium`). Without a value or an issue date there is no amount yet (NOT_READY).
 * Every refusal under its field, all at once; nothing is written by the caller then.
 */
export async function quote(tx: Tx, terms: QuoteTerms): Promise<Quote> {
  const policy = await policyOf(tx, terms.policyId);
  const errors = new ErrorCollector();
  if (!policy.enabled) errors.add(['policyId'], M.policyDisabled);
  const rate = terms.rate ?? policy.rate;
  if (decimalCompare(rate, policy.minRate) < 0 || decimalCompare(rate, policy.maxRate) > 0)
    errors.add(['rate'], M.rateOutOfRange);
  if (terms.issueDate && (terms.issueDate < policy.validFrom || terms.issueDate > policy.validUntil))
    errors.add(['issueDate'], M.policyNotValid);
  const deductible = terms.deductible ?? policy.deductible;
  const base: Quote = {
    rate,
    deductible,
    insuredAmount: null,
    premium: null,
    currencyId: policy.currencyId,
    exchangeRate: null,
  };
  if (!terms.insuredValue || !terms.valueCurrencyId || !terms.issueDate || !errors.empty) {
    errors.throwIfAny();
    return base;
  }
  const { insuredValue, valueCurrencyId, issueDate } = terms;
  const [from, to] = await Promise.all([
    errors.collect(() => rateOn(tx, valueCurrencyId, issueDate, ['issueDate'])),
    errors.collect(() => rateOn(tx, policy.currencyId, issueDate, ['issueDate'])),
  ]);
  errors.throwIfAny();
  const value =
    valueCurrencyId === policy.currencyId ? insuredValue : convertThroughBase(insuredValue, from!, to!);
  const exchangeRate =
    valueCurrencyId === policy.currencyId
      ? '1'
      : decimalNormalize(
          decimalDivide(
            decimalMultiply(from!.rate, String(to!.nominal)),
            decimalMultiply(to!.rate, String(from!.nominal)),
            6,
          ),
        );
  const { insuredAmount, premium } = insurancePremium({
    value,
    basis: terms.amountBasis as InsuredAmountBasis,
    rate,
    minimumPremium: policy.minimumPremium,
  });
  return { ...base, insuredAmount, premium, exchangeRate };
}
