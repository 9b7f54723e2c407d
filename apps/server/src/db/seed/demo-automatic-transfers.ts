import { and, asc, eq, sql } from 'drizzle-orm';
import { postBill } from '../../modules/finance/bills';
import {
  automaticTransferLegalEntityRules,
  automaticTransferRules,
  bills,
  paymentForms,
} from '../../modules/finance/tables';
import { currencies } from '../../modules/reference-data/tables';
import { systemPrincipal } from '../../platform/auth/context';
import type { Tx } from '../connection';

/**
 * Automatic transfers of the demo (docs/finance.md "Automatic transfers"): the Minsk company gets a RUB
 * account, one Moscow order in RUB gets an expense bill of the Minsk company (customs clearing in Brest), so
 * its transfer plan needs money from Moscow to Minsk; the legal-entity rule Moscow → Minsk is on with the
 * two RUB forms by default, and a rule moves what Moscow orders need in Minsk in RUB. The demo's first run
 * of the job (after the seed) enters that transfer.
 */
export async function seedDemoAutomaticTransfers(
  tx: Tx,
  entityId: ReadonlyMap<string, number>,
  bankId: ReadonlyMap<string, number>,
  userId: ReadonlyMap<string, number>,
): Promise<void> {
  const [rub] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'RUB'));
  const moscow = entityId.get('MOW')!;
  const minsk = entityId.get('MSQ')!;
  const [moscowForm] = await tx
    .select()
    .from(paymentForms)
    .where(and(eq(paymentForms.legalEntityId, moscow), eq(paymentForms.currencyId, rub!.id)))
    .orderBy(asc(paymentForms.id))
    .limit(1);
  const [minskForm] = await tx
    .insert(paymentForms)
    .values({
      name: 'Евразия Бел — Приорбанк RUB',
      legalEntityId: minsk,
      bankId: bankId.get('PRIOR')!,
      accountNumber: 'BY68PJCB30120000000000000002',
      currencyId: rub!.id,
      withVat: false,
    })
    .returning();
  // The first Moscow RUB order with a contractor's bill: its customs clearing in Brest is paid in Minsk.
  const [expense] = await tx
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.direction, 'EXPENSE'),
        eq(bills.paymentFormId, moscowForm!.id),
        sql`cardinality(${bills.orderIds}) > 0`,
      ),
    )
    .orderBy(asc(bills.id))
    .limit(1);
  if (expense) {
    const [bill] = await tx
      .insert(bills)
      .values({
        number: 'ДМ-БРЕСТ-1',
        direction: 'EXPENSE',
        counterpartyId: expense.counterpartyId,
        counterpartyName: expense.counterpartyName,
        legalEntityId: minsk,
        paymentFormId: minskForm!.id,
        currencyId: rub!.id,
        amount: '18000.00',
        amountInBase: '18000.00',
        balance: '18000.00',
        date: expense.date,
        recognitionDate: expense.recognitionDate,
        orderIds: expense.orderIds,
        comment: 'Таможенное оформление в Бресте',
        serviceOfficeId: expense.serviceOfficeId,
        createdById: expense.createdById,
      })
      .returning();
    await postBill({ tx, auth: systemPrincipal('demo data') }, bill!, true);
  }
  await tx.insert(automaticTransferLegalEntityRules).values([
    {
      senderLegalEntityId: moscow,
      recipientLegalEntityId: minsk,
      enabled: true,
      senderFormId: moscowForm!.id,
      recipientFormId: minskForm!.id,
    },
    { senderLegalEntityId: minsk, recipientLegalEntityId: moscow, enabled: false },
  ]);
  await tx.insert(automaticTransferRules).values({
    name: 'Минск: расходы заказов Москвы в RUB',
    senderLegalEntityId: moscow,
    recipientLegalEntityId: minsk,
    currencyId: rub!.id,
    comment: 'Формы оплаты — по умолчанию из правил юрлиц',
    createdById: userId.get('sidorova')!,
  });
}
