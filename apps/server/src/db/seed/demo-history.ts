import {
  completeCargo,
  completeRoutePoint,
  decimalFixed,
  decimalMultiply,
  type RoutePointInput,
  routeSummary,
} from '@tms/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { postBill } from '../../modules/finance/bills';
import { paymentService } from '../../modules/finance/payments';
import { toBaseCurrency } from '../../modules/finance/rates';
import { bills, paymentForms } from '../../modules/finance/tables';
import { orders, products } from '../../modules/operations/tables';
import { countries, currencies } from '../../modules/reference-data/tables';
import { type AuthContext, systemPrincipal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { systemClock } from '../../platform/clock';
import { users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import type { Tx } from '../connection';

/** How many months of history, and how many orders a month. */
const MONTHS = 6;
const ORDERS_A_MONTH = 4;

/**
 * Six months of past business for the reports (docs/reports.md): every month four orders of the demo clients,
 * each with its client's income bill and its carrier's expense bill (recognised five days after the order,
 * due thirty days later), so gross profit has months, new clients have the months their first order fell in
 * (one more client joins each month), and the receivables have every age: most bills are paid a little after
 * their due date, every fifth is still unpaid and every fifth other is half paid. Each of the last three
 * months has a dollar bill too, paid in part. One client has paid in advance. Payments go through the
 * payments' service as the finance user would enter them; `roles`: the finance group's.
 */
export async function seedDemoHistory(
  { tx, registries }: { tx: Tx; registries: Registries },
  userId: ReadonlyMap<string, number>,
  roles: readonly string[],
  today = new Date(),
): Promise<void> {
  const day = (offset: number) => {
    const d = new Date(today);
    d.setUTCDate(d.getUTCDate() + offset);
    return calendarDay(d);
  };
  const clients = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(and(eq(counterparties.client, true), eq(counterparties.blackList, false)))
    .orderBy(asc(counterparties.id))
    .limit(MONTHS + 2);
  const [carrier] = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.contractor, true))
    .orderBy(asc(counterparties.id))
    .limit(1);
  const productRows = await tx.select().from(products).orderBy(asc(products.id)).limit(3);
  const countryIds = new Map(
    (
      await tx
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.code, ['DE', 'CN', 'RU']))
    ).map((c) => [c.code, c.id]),
  );
  const forms = await tx
    .select({ form: paymentForms, code: currencies.code })
    .from(paymentForms)
    .innerJoin(currencies, eq(currencies.id, paymentForms.currencyId))
    .where(inArray(currencies.code, ['RUB', 'USD']))
    .orderBy(asc(paymentForms.id));
  const rub = forms.find((f) => f.code === 'RUB')?.form;
  const usd = forms.find((f) => f.code === 'USD' && f.form.legalEntityId === rub?.legalEntityId)?.form;
  if (!clients.length || !carrier || !productRows.length || !rub) return;
  const sellers = ['petrov', 'nowak'].map((name) => userId.get(name)!);
  const forwarders = ['ivanov', 'kozlova'].map((name) => userId.get(name)!);

  const payer = userId.get('sidorova')!;
  const [user] = await tx.select().from(users).where(eq(users.id, payer));
  const auth: AuthContext = {
    userId: payer,
    username: user!.username,
    contactId: user!.contactId,
    serviceOfficeId: user!.serviceOfficeId,
    roles: new Set(roles),
    kind: 'user',
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
  const ctx = { tx, auth, registries, clock: systemClock };
  let number = 0;
  const bill = async (values: {
    direction: 'INCOME' | 'EXPENSE';
    counterparty: { id: number; name: string };
    form: typeof rub;
    amount: string;
    date: string;
    orderId: number;
    officeId: number | null;
  }) => {
    const converted = await toBaseCurrency(tx, values.amount, values.form.currencyId, values.date);
    const due = new Date(`${values.date}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    const [row] = await tx
      .insert(bills)
      .values({
        number: `ИС-${++number}`,
        direction: values.direction,
        counterpartyId: values.counterparty.id,
        counterpartyName: values.counterparty.name,
        legalEntityId: values.form.legalEntityId,
        paymentFormId: values.form.id,
        currencyId: values.form.currencyId,
        amount: values.amount,
        amountInBase: converted.amount,
        balance: values.amount,
        date: values.date,
        recognitionDate: values.date,
        paymentDate: due.toISOString().slice(0, 10),
        orderIds: [values.orderId],
        serviceOfficeId: values.officeId,
        createdById: payer,
      })
      .returning();
    await postBill({ tx, auth: systemPrincipal('demo data') }, row!, true);
    return row!;
  };
  const pay = async (row: Awaited<ReturnType<typeof bill>>, amount: string, date: string) => {
    if (date > day(0)) return;
    await paymentService.create(ctx, {
      number: `ИП-${++number}`,
      direction: row.direction === 'INCOME' ? 'INCOMING' : 'OUTGOING',
      date,
      paymentFormId: row.paymentFormId,
      amount,
      counterpartyId: row.counterpartyId,
      purpose: `Оплата по счёту ${row.number}`,
      links: [{ billId: row.id, amount }],
    });
  };

  let index = 0;
  for (let month = MONTHS; month >= 1; month--) {
    // Clients up to this month's one: the month's new client has its first order ever here.
    const known = clients.slice(0, Math.min(clients.length, MONTHS - month + 2));
    for (let n = 0; n < ORDERS_A_MONTH; n++, index++) {
      const client = n === 0 ? known[known.length - 1]! : known[(index * 7) % known.length]!;
      const product = productRows[index % productRows.length]!;
      const created = -month * 30 + n * 6 - 2;
      // A finished shipment as the order rules take it: loaded in Hamburg or Shanghai, delivered to Moscow.
      const points: RoutePointInput[] = [
        {
          kind: 'dispatch',
          countryId: countryIds.get(index % 2 ? 'CN' : 'DE') ?? null,
          address: index % 2 ? 'Shanghai, Yangshan port' : 'Hamburg, Waltershofer Damm 1',
          dateFrom: day(created + 1),
        },
        {
          kind: 'delivery',
          countryId: countryIds.get('RU') ?? null,
          address: 'Москва, ул. Складочная, 1',
          dateFrom: day(created + 4),
        },
      ];
      const [order] = await tx
        .insert(orders)
        .values({
          clientId: client.id,
          clientName: client.name,
          productId: product.id,
          productName: product.name,
          serviceOfficeId: rub.serviceOfficeId,
          sellerId: sellers[(index + month) % sellers.length]!,
          forwarderId: forwarders[index % forwarders.length]!,
          curatorIds: [forwarders[index % forwarders.length]!],
          route: points.map(completeRoutePoint),
          ...routeSummary(points),
          cargo: completeCargo({ description: 'Сборный груз', weight: String(1200 + index * 150) }),
          cargoDescription: 'Сборный груз',
          createdById: forwarders[index % forwarders.length]!,
          createdAt: new Date(`${day(created)}T09:00:00Z`),
        })
        .returning({ id: orders.id });
      const date = day(created + 5);
      const income = decimalFixed(String(90_000 + ((index * 37_000) % 160_000)), 2);
      const sold = await bill({
        direction: 'INCOME',
        counterparty: client,
        form: rub,
        amount: income,
        date,
        orderId: order!.id,
        officeId: rub.serviceOfficeId,
      });
      const bought = await bill({
        direction: 'EXPENSE',
        counterparty: carrier,
        form: rub,
        amount: decimalFixed(decimalMultiply(income, index % 3 === 0 ? '0.82' : '0.71'), 2),
        date,
        orderId: order!.id,
        officeId: rub.serviceOfficeId,
      });
      const paidOn = day(created + 5 + 30 + (index % 4) * 4);
      if (index % 5 === 1) await pay(sold, decimalFixed(decimalMultiply(income, '0.5'), 2), paidOn);
      else if (index % 5 !== 0) await pay(sold, income, paidOn);
      if (index % 4 !== 3) await pay(bought, bought.amount, day(created + 5 + 25));
      if (usd && n === 1 && month <= 3) {
        const dollars = await bill({
          direction: 'INCOME',
          counterparty: client,
          form: usd,
          amount: decimalFixed(String(1_800 + month * 350), 2),
          date,
          orderId: order!.id,
          officeId: rub.serviceOfficeId,
        });
        await pay(dollars, '1000.00', day(created + 5 + 20));
      }
    }
  }
  // A client that paid ahead of its next bills: an unlinked incoming payment.
  const prepaying = clients[1] ?? clients[0]!;
  await paymentService.create(ctx, {
    number: `ИП-${++number}`,
    direction: 'INCOMING',
    date: day(-3),
    paymentFormId: rub.id,
    amount: '120000.00',
    counterpartyId: prepaying.id,
    purpose: 'Предоплата по договору',
    links: [],
  });
}
