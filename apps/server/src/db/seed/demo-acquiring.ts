import { and, asc, eq } from 'drizzle-orm';
import { materialAssets } from '../../modules/company/tables';
import { counterparties } from '../../modules/counterparties/tables';
import { acquiringService } from '../../modules/finance/acquiring';
import { billOperationsOf } from '../../modules/finance/bill-operations';
import { postBill } from '../../modules/finance/bills';
import { bills, paymentForms } from '../../modules/finance/tables';
import { countries, currencies } from '../../modules/reference-data/tables';
import { type AuthContext, systemPrincipal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { systemClock } from '../../platform/clock';
import { users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import type { Tx } from '../connection';

/**
 * Bank acquiring and material assets of the demo: the acquiring bank (Sberbank, a counterparty), one
 * operation paying a client's open bill by card two days ago (1.8% commission), entered through the
 * acquiring's service as the finance user would (its payment, postings, the bill's balance); and a few material
 * assets of the finance user's office, one bought by an overhead expense bill (its amount and currency). `roles`: the finance
 * group's roles.
 */
export async function seedDemoAcquiring(
  { tx, registries }: { tx: Tx; registries: Registries },
  userId: ReadonlyMap<string, number>,
  roles: readonly string[],
  today = new Date(),
): Promise<void> {
  const financeId = userId.get('sidorova')!;
  const [finance] = await tx.select().from(users).where(eq(users.id, financeId));
  const auth: AuthContext = {
    userId: financeId,
    username: finance!.username,
    contactId: finance!.contactId,
    serviceOfficeId: finance!.serviceOfficeId,
    roles: new Set(roles),
    kind: 'user',
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
  const ctx = { tx, auth, registries, clock: systemClock };
  const [ru] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, 'RU'));
  const [rub] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'RUB'));
  const [sber] = await tx
    .insert(counterparties)
    .values({
      name: 'ПАО Сбербанк (эквайринг)',
      fullName: 'Публичное акционерное общество «Сбербанк России»',
      contractor: true,
      client: false,
      countryId: ru!.id,
      inn: '7707083893',
      kpp: '773601001',
      ogrn: '1027700132195',
      applicationRequired: false,
    })
    .returning({ id: counterparties.id });

  // A client's open income bill on a form of its currency, of an order finance control has not accepted.
  const open = await tx
    .select({ bill: bills })
    .from(bills)
    .innerJoin(paymentForms, eq(paymentForms.id, bills.paymentFormId))
    .where(
      and(
        eq(bills.direction, 'INCOME'),
        eq(paymentForms.currencyId, bills.currencyId),
        // An unpaid one: the bill paid in part stays so in the demo.
        eq(bills.balance, bills.amount),
      ),
    )
    .orderBy(asc(bills.id));
  for (const { bill } of open) {
    const operations = await billOperationsOf(ctx, { orderIds: bill.orderIds, jobIds: bill.jobIds });
    if (operations.some((operation) => operation.financeAccepted)) continue;
    const day = new Date(today);
    day.setUTCDate(day.getUTCDate() - 2);
    await acquiringService.create(ctx, {
      number: 'РЕЕСТР-0427',
      date: calendarDay(day),
      acquirerId: sber!.id,
      paymentFormId: bill.paymentFormId,
      counterpartyId: bill.counterpartyId,
      grossAmount: bill.balance,
      commissionRate: '1.8',
      links: [{ billId: bill.id, amount: bill.balance }],
      comment: `Оплата картой по счёту ${bill.number} через интернет-эквайринг`,
    });
    break;
  }

  // An overhead expense bill of a computer supplier bought the laptop (a bill with assets no longer changes, so
  // the demo's operation bills stay editable).
  const [supplier] = await tx
    .insert(counterparties)
    .values({
      name: 'ООО «Компьютерный мир»',
      contractor: true,
      client: false,
      countryId: ru!.id,
      applicationRequired: false,
    })
    .returning({ id: counterparties.id, name: counterparties.name });
  const [form] = await tx
    .select()
    .from(paymentForms)
    .where(eq(paymentForms.currencyId, rub!.id))
    .orderBy(asc(paymentForms.id))
    .limit(1);
  const purchased = new Date(today);
  purchased.setUTCDate(purchased.getUTCDate() - 20);
  const [bought] = await tx
    .insert(bills)
    .values({
      number: 'КМ-2291',
      direction: 'EXPENSE',
      kind: 'OVERHEAD',
      counterpartyId: supplier!.id,
      counterpartyName: supplier!.name,
      legalEntityId: form!.legalEntityId,
      paymentFormId: form!.id,
      currencyId: rub!.id,
      amount: '98500.00',
      amountInBase: '98500.00',
      balance: '98500.00',
      date: calendarDay(purchased),
      recognitionDate: calendarDay(purchased),
      serviceOfficeId: finance!.serviceOfficeId,
      createdById: financeId,
      comment: 'Ноутбук для бухгалтерии',
    })
    .returning();
  await postBill({ tx, auth: systemPrincipal('demo data') }, bought!, true);
  await tx.insert(materialAssets).values([
    {
      name: 'Ноутбук Lenovo ThinkPad T14',
      inventoryNumber: 'ИНВ-000101',
      kind: 'computer',
      legalEntityId: bought!.legalEntityId,
      responsibleUserId: financeId,
      serviceOfficeId: finance!.serviceOfficeId,
      acquisitionDate: bought!.date,
      amount: bought!.amount,
      currencyId: bought!.currencyId,
      billId: bought!.id,
      comment: 'Рабочее место бухгалтера',
    },
    {
      name: 'МФУ Kyocera ECOSYS M2540dn',
      inventoryNumber: 'ИНВ-000102',
      kind: 'office_equipment',
      legalEntityId: bought!.legalEntityId,
      serviceOfficeId: finance!.serviceOfficeId,
      acquisitionDate: '2024-02-12',
      amount: '41200.00',
      currencyId: rub!.id,
    },
    {
      name: 'Стеллаж складской металлический',
      inventoryNumber: 'ИНВ-000057',
      kind: 'furniture',
      serviceOfficeId: finance!.serviceOfficeId,
      acquisitionDate: '2019-06-03',
      amount: '15800.00',
      currencyId: rub!.id,
      status: 'written_off',
      comment: 'Списан по акту № 12 от 15.01.2025',
    },
  ]);
}
