import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { cabinetEvents, cabinetUsers } from '../../modules/cabinets/tables';
import { counterparties } from '../../modules/counterparties/tables';
import { bills, printableBillLines, printableBills } from '../../modules/finance/tables';
import { orders } from '../../modules/operations/tables';
import type { Tx } from '../connection';

/** A demo cabinet user: his sign-in and the client he works for. */
export interface DemoCabinetUser {
  email: string;
  client: string;
}

/**
 * The client cabinets of the two demo clients with the most orders: an administrator of each (all roles)
 * and, for the first, a colleague reading bills only, all with the demo password (its hash), so the cabinet at /pcc
 * opens on real requests, orders and bills (each client's first income bill made a finalized bill document).
 */
export async function seedDemoCabinets(tx: Tx, passwordHash: string): Promise<DemoCabinetUser[]> {
  const clients = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .innerJoin(orders, eq(orders.clientId, counterparties.id))
    .groupBy(counterparties.id, counterparties.name)
    .orderBy(desc(sql`count(*)`), counterparties.id)
    .limit(2);
  const rows = clients.flatMap((client, index) => [
    {
      counterpartyId: client.id,
      kind: 'client' as const,
      email: `client${index + 1}@pcc.demo`,
      name: index === 0 ? 'Анна Клиентова' : 'Борис Заказчиков',
      roles: ['CABINET_ADMIN', 'CABINET_REQUESTS', 'CABINET_FINANCE'],
      passwordHash,
    },
    ...(index === 0
      ? [
          {
            counterpartyId: client.id,
            kind: 'client' as const,
            email: 'accountant1@pcc.demo',
            name: 'Вера Бухгалтерова',
            roles: ['CABINET_FINANCE'],
            passwordHash,
          },
        ]
      : []),
  ]);
  if (!rows.length) return [];
  const users = await tx.insert(cabinetUsers).values(rows).returning();
  // A few weeks of the cabinet's use, for the PCC analytics: sign-ins (one failed), tracking views of the
  // client's latest order and a download, every few days.
  const day = 86_400_000;
  const events = [];
  for (const [index, user] of users.entries()) {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.clientId, user.counterpartyId))
      .orderBy(desc(orders.id))
      .limit(1);
    for (let ago = 20 - index * 3; ago >= 0; ago -= 3 + index) {
      const at = (hours: number) => new Date(Date.now() - ago * day - hours * 3_600_000);
      const who = {
        kind: 'client' as const,
        counterpartyId: user.counterpartyId,
        cabinetUserId: user.id,
        ip: '203.0.113.7',
      };
      if (ago % 7 === 2) events.push({ ...who, at: at(5), event: 'loginFailed' });
      events.push({ ...who, at: at(4), event: 'login' });
      if (order) {
        events.push({ ...who, at: at(3), event: 'trackingView', entityType: 'order', entityId: order.id });
        if (ago % 2 === 0)
          events.push({ ...who, at: at(2), event: 'download', entityType: 'order', entityId: order.id });
      }
    }
  }
  if (events.length) await tx.insert(cabinetEvents).values(events);
  // The bills of the cabinet: each client's first income bill as a finalized bill document with its line.
  for (const client of clients) {
    const [bill] = await tx
      .select()
      .from(bills)
      .where(and(eq(bills.counterpartyId, client.id), eq(bills.direction, 'INCOME')))
      .orderBy(asc(bills.id))
      .limit(1);
    if (!bill) continue;
    const [document] = await tx
      .insert(printableBills)
      .values({
        number: `П-${bill.number}`,
        date: bill.date,
        billIds: [bill.id],
        counterpartyId: client.id,
        counterpartyName: client.name,
        legalEntityId: bill.legalEntityId,
        paymentFormId: bill.paymentFormId,
        currencyId: bill.currencyId,
        amount: bill.amount,
        finalized: true,
        finalizedAt: new Date(),
      })
      .returning({ id: printableBills.id });
    await tx.insert(printableBillLines).values({
      printableBillId: document!.id,
      position: 1,
      name: `Транспортно-экспедиционные услуги по счёту № ${bill.number}`,
      quantity: '1',
      unit: 'усл.',
      price: bill.amount,
      vatRate: null,
      amount: bill.amount,
    });
  }
  const nameOf = new Map(clients.map((c) => [c.id, c.name]));
  return rows.map((row) => ({ email: row.email, client: nameOf.get(row.counterpartyId)! }));
}
