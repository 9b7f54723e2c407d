import { createHash } from 'node:crypto';
import { decimalDivide, decimalFixed } from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import { billOperationsOf } from '../../modules/finance/bill-operations';
import { paymentService } from '../../modules/finance/payments';
import { bills, paymentForms, payments } from '../../modules/finance/tables';
import { currencies } from '../../modules/reference-data';
import type { AuthContext } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { systemClock } from '../../platform/clock';
import { users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import type { Tx } from '../connection';

/**
 * Payments of the demo bills, written through the payments' service as the finance user would (links,
 * postings at the payment date's rate, the bills' balances): of the clients' bills every second is paid in
 * full and every third of the others in half; of the contractors' bills every second is paid. Five days
 * ago, after the bills' recognition. `roles`: the finance group's roles.
 */
export async function seedDemoPayments(
  { tx, registries }: { tx: Tx; registries: Registries },
  userId: ReadonlyMap<string, number>,
  roles: readonly string[],
  today = new Date(),
): Promise<void> {
  const payerId = userId.get('sidorova')!;
  const [payer] = await tx.select().from(users).where(eq(users.id, payerId));
  const auth: AuthContext = {
    userId: payerId,
    username: payer!.username,
    contactId: payer!.contactId,
    serviceOfficeId: payer!.serviceOfficeId,
    roles: new Set(roles),
    kind: 'user',
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
  const ctx = { tx, auth, registries, clock: systemClock };
  const day = new Date(today);
  day.setUTCDate(day.getUTCDate() - 5);
  const date = calendarDay(day);
  // A payment is in its form's currency: only bills in their form's currency are paid on it.
  const rows = (
    await tx
      .select({ bill: bills, formCurrencyId: paymentForms.currencyId })
      .from(bills)
      .innerJoin(paymentForms, eq(paymentForms.id, bills.paymentFormId))
      .orderBy(asc(bills.id))
  )
    .filter((row) => row.formCurrencyId === row.bill.currencyId)
    .map((row) => row.bill);
  // Finance control's acceptance froze the money of accepted orders and jobs: theirs stay as they are.
  const payable: typeof rows = [];
  for (const bill of rows) {
    const operations = await billOperationsOf(ctx, { orderIds: bill.orderIds, jobIds: bill.jobIds });
    if (!operations.some((operation) => operation.financeAccepted)) payable.push(bill);
  }
  const incoming = payable.filter((bill) => bill.direction === 'INCOME');
  const outgoing = payable.filter((bill) => bill.direction === 'EXPENSE');
  let number = 0;
  const pay = async (bill: (typeof rows)[number], amount: string) => {
    await paymentService.create(ctx, {
      number: `ПП-${++number}`,
      direction: bill.direction === 'INCOME' ? 'INCOMING' : 'OUTGOING',
      date,
      paymentFormId: bill.paymentFormId,
      amount,
      counterpartyId: bill.counterpartyId,
      purpose: `Оплата по счёту ${bill.number}`,
      links: [{ billId: bill.id, amount }],
    });
  };
  for (const [index, bill] of incoming.entries()) {
    if (index % 2 === 0) await pay(bill, bill.amount);
    else if (index % 3 === 1) await pay(bill, decimalFixed(decimalDivide(bill.amount, '2', 4), 2));
  }
  for (const [index, bill] of outgoing.entries()) {
    if (index % 2 === 0) await pay(bill, bill.amount);
  }
  // A bank statement's line of an INN no counterparty had, imported as an advance without one: finance gives
  // it its counterparty and links on its page (docs/finance.md "Bank statement import"), keeping its
  // fingerprint.
  const [rubForm] = await tx
    .select({ id: paymentForms.id, account: paymentForms.accountNumber })
    .from(paymentForms)
    .innerJoin(currencies, eq(currencies.id, paymentForms.currencyId))
    .where(eq(currencies.code, 'RUB'))
    .orderBy(asc(paymentForms.id))
    .limit(1);
  if (!rubForm) return;
  const line = { number: '2417', amount: '84000.00', account: '40702810400000012873', inn: '7814148471' };
  const payment = await paymentService.create(ctx, {
    number: line.number,
    direction: 'INCOMING',
    date,
    paymentFormId: rubForm.id,
    amount: line.amount,
    counterpartyId: null,
    purpose: `Предоплата по договору ТЭО № 45/Б за перевозку Санкт-Петербург — Казань. ООО «Балтийская логистика», ИНН ${line.inn}`,
    links: [],
  });
  const fingerprint = createHash('sha256')
    .update([rubForm.account, line.number, date, line.amount, line.account, line.inn].join('|'))
    .digest('hex');
  await tx
    .update(payments)
    .set({ statementFingerprint: fingerprint })
    .where(eq(payments.id, payment.id as number));
}
