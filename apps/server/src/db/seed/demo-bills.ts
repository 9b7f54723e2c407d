import { decimalFixed, decimalMultiply } from '@tms/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { postBill } from '../../modules/finance/bills';
import { toBaseCurrency } from '../../modules/finance/rates';
import { bills, paymentForms } from '../../modules/finance/tables';
import { jobs, orders } from '../../modules/operations/tables';
import { currencies } from '../../modules/reference-data/tables';
import { systemPrincipal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import type { Tx } from '../connection';

/**
 * Bills of the demo orders and jobs, posted to the ledger like a user's: for every job with a cost, the
 * contractor's expense bill at that cost (of the job and its order) and the client's income bill of its order with a 25 % margin, in
 * the job's currency, recognised ten days ago. Order pages then show their bills and profit. Finance control's
 * READY and ACCEPTED need complete bills (docs/operations.md "Finance control"): such an order that no job
 * billed gets its income bill in roubles, of its planned income.
 * The first job whose currency another company of the group also holds has its contractor paid by that company,
 * so its order needs an internal transfer (its transfer plan shows one need, its transfers status is not ready).
 */
export async function seedDemoBills(tx: Tx, today = new Date()): Promise<void> {
  const day = new Date(today);
  day.setUTCDate(day.getUTCDate() - 10);
  const recognised = calendarDay(day);
  const forms = await tx.select().from(paymentForms).orderBy(asc(paymentForms.id));
  const costed = await tx
    .select({
      id: jobs.id,
      orderId: orders.id,
      contractorId: jobs.contractorId,
      contractorName: jobs.contractorName,
      clientId: orders.clientId,
      clientName: orders.clientName,
      officeId: orders.serviceOfficeId,
      createdById: orders.createdById,
      amount: jobs.costAmount,
      currencyId: jobs.costCurrencyId,
    })
    .from(jobs)
    .innerJoin(orders, sql`${orders.id} = ${jobs.orderIds}[1]`)
    .where(and(isNotNull(jobs.costAmount), isNotNull(jobs.contractorId), eq(jobs.tracking, false)))
    .orderBy(asc(jobs.id));
  let number = 0;
  let transferOrder: number | null = null;
  for (const job of costed) {
    const form = forms.find((f) => f.currencyId === job.currencyId) ?? forms[0]!;
    const payer =
      transferOrder === null
        ? forms.find((f) => f.currencyId === form.currencyId && f.legalEntityId !== form.legalEntityId)
        : undefined;
    if (payer) transferOrder = job.orderId;
    const base = {
      legalEntityId: form.legalEntityId,
      paymentFormId: form.id,
      currencyId: job.currencyId!,
      date: recognised,
      recognitionDate: recognised,
      serviceOfficeId: job.officeId,
      createdById: job.createdById,
    };
    const income = decimalFixed(decimalMultiply(job.amount!, '1.25'), 2);
    const rows = [
      {
        ...base,
        number: `ДМ-${++number}`,
        direction: 'EXPENSE' as const,
        ...(payer ? { legalEntityId: payer.legalEntityId, paymentFormId: payer.id } : {}),
        counterpartyId: job.contractorId!,
        counterpartyName: job.contractorName ?? '',
        amount: job.amount!,
        orderIds: [job.orderId],
        jobIds: [job.id],
      },
      {
        ...base,
        number: `ДМ-${++number}`,
        direction: 'INCOME' as const,
        counterpartyId: job.clientId,
        counterpartyName: job.clientName,
        amount: income,
        orderIds: [job.orderId],
      },
    ];
    for (const row of rows) {
      const converted = await toBaseCurrency(tx, row.amount, row.currencyId, recognised);
      const [bill] = await tx
        .insert(bills)
        .values({ ...row, amountInBase: converted.amount, balance: row.amount })
        .returning();
      await postBill({ tx, auth: systemPrincipal('demo data') }, bill!, true);
    }
  }
  // The status finance computes from the order's plan (nothing transferred yet).
  if (transferOrder !== null) {
    await tx.update(orders).set({ transfersStatus: 'not-ready' }).where(eq(orders.id, transferOrder));
  }
  const [rub] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'RUB'));
  const roubles = forms.find((f) => f.currencyId === rub?.id);
  if (!rub || !roubles) return;
  const checked = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.financeControlStatus, ['READY', 'ACCEPTED']),
        isNotNull(orders.plannedIncome),
        sql`NOT EXISTS (SELECT 1 FROM ${bills} b WHERE b.direction = 'INCOME' AND b.order_ids @> ARRAY[${orders.id}])`,
      ),
    )
    .orderBy(asc(orders.id));
  for (const order of checked) {
    const [bill] = await tx
      .insert(bills)
      .values({
        number: `ДМ-${++number}`,
        direction: 'INCOME' as const,
        counterpartyId: order.clientId,
        counterpartyName: order.clientName,
        legalEntityId: roubles.legalEntityId,
        paymentFormId: roubles.id,
        currencyId: rub.id,
        amount: order.plannedIncome!,
        amountInBase: order.plannedIncome!,
        balance: order.plannedIncome!,
        date: recognised,
        recognitionDate: recognised,
        serviceOfficeId: order.serviceOfficeId,
        createdById: order.createdById,
        orderIds: [order.id],
      })
      .returning();
    await postBill({ tx, auth: systemPrincipal('demo data') }, bill!, true);
  }
}
