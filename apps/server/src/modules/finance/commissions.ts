import {
  AUTOMATIC_TRANSFER_MESSAGES,
  decimalAdd,
  decimalCompare,
  decimalDivide,
  decimalFixed,
  decimalMultiply,
} from '@tms/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { HttpError } from '../../platform/errors';
import { type LedgerContext, post, reverse, standingTransactions } from './ledger';
import { bills, paymentBills, paymentForms, payments } from './tables';

/**
 * Bank commissions (docs/finance.md "Automatic transfers", "Bank commissions"): an expense the bank of a
 * payment form charges, posted on its own as Dr COMMISSION / Cr CASH of that form, in the commission's
 * currency, on the date it is charged. Sources: `bill_commission` (a bill's, once the bill is paid in full)
 * and `transfer_commission` (an automatic transfer's, with the transfer).
 */

/** A rule's commission on an amount: amount × percent ÷ 100 (rounded half away from zero) + the fixed fee. */
export function commissionOf(
  amount: string,
  rule: { commissionPercent: string | null; commissionFixed: string | null },
): string {
  const byRate = rule.commissionPercent
    ? decimalDivide(decimalMultiply(amount, rule.commissionPercent), '100', 2)
    : '0';
  return decimalFixed(decimalAdd(byRate, rule.commissionFixed ?? '0'), 2);
}

/** The bank of a form as a counterparty, or "Cannot create a commission: no bank set for the payment form.". */
export async function commissionBankOf(tx: Tx, paymentFormId: number): Promise<number> {
  const [form] = await tx
    .select({ bank: paymentForms.bankCounterpartyId })
    .from(paymentForms)
    .where(eq(paymentForms.id, paymentFormId));
  if (!form?.bank) throw new HttpError(400, AUTOMATIC_TRANSFER_MESSAGES.noBank);
  return form.bank;
}

/** Posts a commission charged on a form: Dr COMMISSION (the bank, our company) / Cr CASH (the form). */
export async function postCommission(
  ctx: LedgerContext,
  commission: {
    source: { type: 'bill_commission' | 'transfer_commission'; id: number };
    date: string;
    paymentFormId: number;
    legalEntityId: number;
    currencyId: number;
    amount: string;
    bankCounterpartyId: number | null;
    billId?: number | null;
    ignoreLock?: boolean;
  },
): Promise<void> {
  const common = { currencyId: commission.currencyId, legalEntityId: commission.legalEntityId };
  await post(ctx, {
    source: commission.source,
    date: commission.date,
    ignoreLock: commission.ignoreLock,
    dateField: ['date'],
    lines: [
      {
        ...common,
        account: 'COMMISSION',
        amount: commission.amount,
        counterpartyId: commission.bankCounterpartyId,
        billId: commission.billId ?? null,
      },
      {
        ...common,
        account: 'CASH',
        amount: `-${commission.amount}`,
        paymentFormId: commission.paymentFormId,
      },
    ],
  });
}

/**
 * A bill's bank commission is due once the bill is paid in full: then it is posted, on the date of the last
 * payment paying it (the one that brought its balance to zero); a bill no longer paid in full (a payment
 * deleted or unlinked) has it reversed. Called after a payment's links moved the balances of `billIds`.
 */
export async function syncBillCommissions(
  ctx: LedgerContext,
  billIds: Iterable<number>,
  ignoreLock: boolean,
): Promise<void> {
  const ids = [...new Set(billIds)];
  if (!ids.length) return;
  const rows = await ctx.tx
    .select({
      id: bills.id,
      balance: bills.balance,
      commission: bills.bankCommission,
      currencyId: bills.bankCommissionCurrencyId,
      paymentFormId: bills.paymentFormId,
      legalEntityId: bills.legalEntityId,
      bank: paymentForms.bankCounterpartyId,
    })
    .from(bills)
    .innerJoin(paymentForms, eq(paymentForms.id, bills.paymentFormId))
    .where(inArray(bills.id, ids));
  for (const bill of rows) {
    if (!bill.commission || !bill.currencyId || decimalCompare(bill.commission, '0') <= 0) continue;
    const source = { type: 'bill_commission' as const, id: bill.id };
    const posted = (await standingTransactions(ctx.tx, source)).length > 0;
    const paid = decimalCompare(bill.balance, '0') === 0;
    if (paid && !posted) {
      const [last] = await ctx.tx
        .select({ date: payments.date })
        .from(paymentBills)
        .innerJoin(payments, eq(payments.id, paymentBills.paymentId))
        .where(and(eq(paymentBills.billId, bill.id)))
        .orderBy(desc(payments.date), desc(payments.id))
        .limit(1);
      if (!last) continue;
      await postCommission(ctx, {
        source,
        date: last.date,
        paymentFormId: bill.paymentFormId,
        legalEntityId: bill.legalEntityId,
        currencyId: bill.currencyId,
        amount: bill.commission,
        bankCounterpartyId: bill.bank,
        billId: bill.id,
        ignoreLock,
      });
    } else if (!paid && posted) {
      await reverse(ctx, source, { ignoreLock, dateField: ['date'] });
    }
  }
}
