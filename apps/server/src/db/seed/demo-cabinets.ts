import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { cabinetUsers } from '../../modules/cabinets/tables';
import { counterparties } from '../../modules/counterparties/tables';
import { bills, printableBillLines, printableBills } from '../../modules/finance/tables';
import { jobs, orders, stages } from '../../modules/operations/tables';
import { currencies } from '../../modules/reference-data/tables';
import { customerRequests, requestOffers, requestOfferTypes } from '../../modules/requests/tables';
import { shipmentDocuments } from '../../modules/shipment-documents/tables';
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
  await tx.insert(cabinetUsers).values(rows);
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

/**
 * The contractor portal of the demo contractor with the most jobs (the road carrier): an administrator with
 * every role, the demo password, so /ops opens on his jobs with their stages, his expense bills, two
 * requests for his price not answered yet and a transport order mailed to him for his latest job.
 */
export async function seedDemoContractorCabinet(tx: Tx, passwordHash: string): Promise<DemoCabinetUser[]> {
  const [contractor] = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .innerJoin(jobs, and(eq(jobs.contractorId, counterparties.id), eq(jobs.archived, false)))
    .groupBy(counterparties.id, counterparties.name)
    .orderBy(desc(sql`count(*)`), counterparties.id)
    .limit(1);
  if (!contractor) return [];
  const email = 'contractor1@ops.demo';
  await tx.insert(cabinetUsers).values({
    counterpartyId: contractor.id,
    kind: 'contractor',
    email,
    name: 'Сергей Петренко',
    roles: ['CABINET_ADMIN', 'CABINET_OFFERS', 'CABINET_JOBS', 'CABINET_FINANCE'],
    passwordHash,
  });
  // Requests still being priced that he was not asked about yet: asked now, waiting for his price.
  const [type] = await tx
    .select({ id: requestOfferTypes.id })
    .from(requestOfferTypes)
    .orderBy(asc(requestOfferTypes.id))
    .limit(1);
  const asked = tx
    .select({ id: requestOffers.requestId })
    .from(requestOffers)
    .where(eq(requestOffers.contractorId, contractor.id));
  const open = await tx
    .select({ id: customerRequests.id })
    .from(customerRequests)
    .where(
      and(
        eq(customerRequests.status, 'QUOTE_NOT_COMPLETED'),
        eq(customerRequests.customs, false),
        notInArray(customerRequests.id, asked),
      ),
    )
    .orderBy(desc(customerRequests.id))
    .limit(2);
  if (type && open.length)
    await tx.insert(requestOffers).values(
      open.map((request) => ({
        requestId: request.id,
        offerTypeId: type.id,
        contractorId: contractor.id,
        contractorName: contractor.name,
      })),
    );
  // His jobs go where their orders go, when they are due (the demo's jobs carry no route of their own).
  const mine = await tx
    .select({
      id: jobs.id,
      route: orders.route,
      dispatch: orders.dispatchDate,
      delivery: orders.deliveryDate,
    })
    .from(jobs)
    .innerJoin(orders, sql`${orders.id} = ${jobs.orderIds}[1]`)
    .where(eq(jobs.contractorId, contractor.id));
  for (const row of mine)
    await tx
      .update(jobs)
      .set({ route: row.route, dispatchDate: row.dispatch, deliveryDate: row.delivery })
      .where(and(eq(jobs.id, row.id), sql`${jobs.route} = '[]'::jsonb`));
  // The transport order of the job he still has stages to close on, mailed to him and not accepted yet,
  // from the company of the job's expense bill, at its amount.
  const [job] = await tx
    .select({ id: jobs.id, dispatchDate: jobs.dispatchDate, deliveryDate: jobs.deliveryDate })
    .from(jobs)
    .innerJoin(stages, and(eq(stages.operationType, 'job'), eq(stages.operationId, jobs.id)))
    .where(and(eq(jobs.contractorId, contractor.id), eq(jobs.archived, false), eq(stages.closed, false)))
    .orderBy(desc(jobs.id))
    .limit(1);
  const [bill] = job
    ? await tx
        .select({ legalEntityId: bills.legalEntityId, amount: bills.amount, currency: currencies.code })
        .from(bills)
        .innerJoin(currencies, eq(currencies.id, bills.currencyId))
        .where(and(eq(bills.direction, 'EXPENSE'), sql`${job.id} = ANY(${bills.jobIds})`))
        .limit(1)
    : [];
  if (job && bill)
    await tx.insert(shipmentDocuments).values({
      kind: 'transport-order',
      operationType: 'job',
      operationId: job.id,
      legalEntityId: bill.legalEntityId,
      templateName: 'Заявка перевозчику',
      details: {
        vehicle: 'Volvo FH А123ВС 77',
        trailer: 'Schmitz ВА 4567 77',
        driverName: 'Петренко Сергей Иванович',
        driverPhone: '+7 916 123-45-67',
        ...(job.dispatchDate ? { loadingDate: job.dispatchDate } : {}),
        ...(job.deliveryDate ? { unloadingDate: job.deliveryDate } : {}),
        rate: bill.amount,
        currencyCode: bill.currency,
        terms: 'Тент 20 т, 82 м³. Оплата 10 банковских дней по оригиналам документов.',
      },
      sentTo: email,
      sendRequestedAt: new Date(),
      sentAt: new Date(),
    });
  return [{ email, client: contractor.name }];
}
