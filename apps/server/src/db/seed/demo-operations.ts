import {
  type Cargo,
  completeCargo,
  completeRoutePoint,
  type RoutePointInput,
  routeSummary,
  stageFromType,
} from '@tms/domain';
import { inArray } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { refreshOrderJobFacts, refreshOrderStageFacts } from '../../modules/operations/orders';
import {
  jobOrders,
  jobs,
  jobTypes,
  orders,
  products,
  stages,
  stageTypes,
} from '../../modules/operations/tables';
import { countries, currencies } from '../../modules/reference-data/tables';
import { calendarDay } from '../../platform/calendar';
import type { Tx } from '../connection';

/** A stage of a demo operation: its type, expected day and, when closed, the day it closed (days from today). */
type DemoStage = [code: string, expected: number, closed?: number];

interface DemoJob {
  type: string;
  contractor: string;
  cost?: [amount: string, currency: string];
  stages: DemoStage[];
}

interface DemoOrder {
  client: string;
  product: string;
  forwarder: string;
  seller?: string;
  office: string;
  from: [country: string, address: string, day: number];
  to: [country: string, address: string, day: number];
  cargo: Partial<Cargo>;
  /** The income expected, in roubles: its unbilled part counts in the client's credit exposure. */
  plannedIncome?: string;
  financeControl?: 'NOT_READY' | 'READY' | 'ACCEPTED';
  archivedDaysAgo?: number;
  stages?: DemoStage[];
  jobs?: DemoJob[];
}

const ORDERS: DemoOrder[] = [
  {
    client: 'ПАО «Магнит»',
    product: 'FTL-EU-RU',
    forwarder: 'ivanov',
    seller: 'petrov',
    office: 'MOW',
    from: ['PL', 'Warszawa, ul. Marszałkowska 10', -2],
    to: ['RU', 'Москва, Ленинградское ш. 16', 3],
    cargo: { description: 'Бытовая химия на паллетах', weight: '18500', volume: '82', placeCount: 33 },
    plannedIncome: '320000.00',
    jobs: [
      {
        type: 'TRUCK-LEG',
        contractor: 'ИП Петренко Сергей Иванович',
        cost: ['2400.00', 'EUR'],
        stages: [
          ['LOADING', -2, -2],
          ['BORDER', 0],
          ['DELIVERY', 3],
        ],
      },
    ],
  },
  {
    client: 'ПАО «ЛУКОЙЛ»',
    product: 'FTL-EU-RU',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['DE', 'Hamburg, Am Sandtorkai 1', -12],
    to: ['RU', 'Москва, Сретенский бул. 11', -5],
    cargo: { description: 'Насосное оборудование', weight: '9200', tnvedCodes: ['8413702100'] },
    plannedIncome: '360000.00',
    stages: [
      ['LOADING', -12, -12],
      ['BORDER', -8, -8],
      ['DELIVERY', -5, -5],
    ],
    financeControl: 'READY',
    jobs: [
      {
        type: 'TRUCK-LEG',
        contractor: 'ИП Петренко Сергей Иванович',
        cost: ['3100.00', 'EUR'],
        stages: [
          ['LOADING', -12, -12],
          ['DELIVERY', -5, -5],
        ],
      },
    ],
  },
  {
    client: 'ООО «Яндекс»',
    product: 'AIR-SHA-MOW',
    forwarder: 'ivanov',
    seller: 'petrov',
    office: 'MOW',
    from: ['CN', 'Shanghai, Pudong Airport Cargo Terminal', -20],
    to: ['RU', 'Москва, Шереметьево-Карго', -18],
    cargo: { description: 'Серверное оборудование', weight: '640', volume: '3.2' },
    plannedIncome: '650000.00',
    stages: [['DELIVERY', -18, -18]],
    financeControl: 'ACCEPTED',
    jobs: [
      {
        type: 'AIR-LEG',
        contractor: 'ПАО «Аэрофлот»',
        cost: ['5200.00', 'USD'],
        stages: [['DELIVERY', -18, -18]],
      },
    ],
  },
  {
    client: 'ООО «Вектор Групп»',
    product: 'RAIL-CN-BY',
    forwarder: 'kozlova',
    office: 'MSQ',
    from: ['CN', 'Chengdu, Railway Container Center', -15],
    to: ['BY', 'Минск, ул. Тимирязева 114', 4],
    cargo: { description: 'Комплектующие для мебели', weight: '21000', volume: '67' },
    plannedIncome: '780000.00',
    jobs: [
      {
        type: 'RAIL-LEG',
        contractor: 'ОАО «РЖД»',
        cost: ['6100.00', 'USD'],
        stages: [
          ['LOADING', -15, -15],
          ['BORDER', -3],
          ['DELIVERY', 4],
        ],
      },
    ],
  },
  {
    client: 'ООО «Северный терминал»',
    product: 'LTL-CN-RU',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['CN', 'Guangzhou, Baiyun District Logistics Park', -25],
    to: ['RU', 'Москва, Каширское ш. 61', 2],
    cargo: { description: 'Текстиль в коробах', weight: '3200', volume: '19', placeCount: 140 },
    plannedIncome: '95000.00',
    stages: [
      ['LOADING', -25, -25],
      ['WAREHOUSE-IN', -6, -6],
      ['WAREHOUSE-OUT', -1],
    ],
    jobs: [
      {
        type: 'STORAGE',
        contractor: 'ООО «Северный терминал»',
        cost: ['450.00', 'RUB'],
        stages: [['WAREHOUSE-IN', -6, -6]],
      },
    ],
  },
  {
    client: 'ПАО «Магнит»',
    product: 'FTL-EU-RU',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['PL', 'Poznań, ul. Głogowska 92', -70],
    to: ['RU', 'Санкт-Петербург, Софийская ул. 14', -64],
    cargo: { description: 'Кондитерские изделия', weight: '15000' },
    plannedIncome: '410000.00',
    stages: [
      ['LOADING', -70, -70],
      ['DELIVERY', -64, -64],
    ],
    financeControl: 'ACCEPTED',
    archivedDaysAgo: 30,
  },
  {
    client: 'ООО «БелТрансЛогистик»',
    product: 'FTL-EU-RU',
    forwarder: 'kozlova',
    office: 'MSQ',
    from: ['DE', 'Berlin, Frankfurter Allee 100', 1],
    to: ['BY', 'Брест, ул. Московская 300', 5],
    cargo: { description: 'Запчасти для сельхозтехники', weight: '7400' },
    plannedIncome: '140000.00',
    stages: [['LOADING', 1]],
  },
  {
    // A large shipment planned: with it the client is past its warning threshold (its order form warns, its
    // card splits the exposure into unpaid bills and open orders).
    client: 'ПАО «Магнит»',
    product: 'FTL-EU-RU',
    forwarder: 'ivanov',
    seller: 'petrov',
    office: 'MOW',
    from: ['DE', 'Hamburg, Hafenstraße 12', 4],
    to: ['RU', 'Москва, Варшавское ш. 125', 9],
    cargo: { description: 'Холодильное оборудование', weight: '19800', volume: '86' },
    plannedIncome: '3700000.00',
    stages: [['LOADING', 4]],
  },
];

const days = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return calendarDay(d);
};

const idsOf = <T extends { id: number }, K extends keyof T>(rows: T[], key: K) =>
  new Map(rows.map((r) => [r[key], r.id]));

/**
 * Demo orders across statuses (open, due today, overdue, READY, ACCEPTED, in a warehouse, archived) with
 * their jobs and stages, for the demo forwarders and the demo counterparties.
 */
export async function seedDemoOperations(
  tx: Tx,
  userId: ReadonlyMap<string, number>,
  officeId: ReadonlyMap<string | null, number>,
): Promise<void> {
  const counterparty = idsOf(
    await tx.select({ id: counterparties.id, name: counterparties.name }).from(counterparties),
    'name',
  );
  const names = new Map([...counterparty].map(([name, id]) => [id, name]));
  const productRows = await tx
    .select({ id: products.id, code: products.code, name: products.name })
    .from(products);
  const product = idsOf(productRows, 'code');
  const productName = new Map(productRows.map((p) => [p.code, p.name]));
  const jobType = idsOf(await tx.select({ id: jobTypes.id, code: jobTypes.code }).from(jobTypes), 'code');
  const types = await tx.select().from(stageTypes);
  const stageType = new Map(types.map((t) => [t.code, t]));
  const country = idsOf(
    await tx
      .select({ id: countries.id, code: countries.code })
      .from(countries)
      .where(inArray(countries.code, ['RU', 'BY', 'CN', 'PL', 'DE'])),
    'code',
  );
  const currency = idsOf(
    await tx
      .select({ id: currencies.id, code: currencies.code })
      .from(currencies)
      .where(inArray(currencies.code, ['RUB', 'EUR', 'USD'])),
    'code',
  );

  const addStages = async (operationType: 'order' | 'job', operationId: number, list: DemoStage[] = []) => {
    if (!list.length) return;
    await tx.insert(stages).values(
      list.map(([code, expected, closed]) => {
        const type = stageType.get(code)!;
        return {
          operationType,
          operationId,
          stageTypeId: type.id,
          ...stageFromType(type),
          expectedDate: days(expected),
          actualDate: closed === undefined ? null : days(closed),
          closed: closed !== undefined,
          closedAt: closed === undefined ? null : new Date(`${days(closed)}T12:00:00Z`),
          closedById: closed === undefined ? null : userId.get('ivanov')!,
        };
      }),
    );
  };

  const orderIds: number[] = [];
  for (const demo of ORDERS) {
    const points: RoutePointInput[] = [
      {
        kind: 'dispatch',
        countryId: country.get(demo.from[0])!,
        address: demo.from[1],
        dateFrom: days(demo.from[2]),
      },
      {
        kind: 'delivery',
        countryId: country.get(demo.to[0])!,
        address: demo.to[1],
        dateFrom: days(demo.to[2]),
      },
    ];
    const cargo = completeCargo(demo.cargo);
    const closedStages = (demo.stages ?? []).filter((s) => s.length === 3);
    const delivered = closedStages.find(([code]) => code === 'DELIVERY');
    const [order] = await tx
      .insert(orders)
      .values({
        clientId: counterparty.get(demo.client)!,
        clientName: demo.client,
        productId: product.get(demo.product)!,
        productName: productName.get(demo.product)!,
        serviceOfficeId: officeId.get(demo.office)!,
        forwarderId: userId.get(demo.forwarder)!,
        sellerId: demo.seller ? userId.get(demo.seller)! : null,
        curatorIds: [userId.get(demo.forwarder)!],
        transportType: demo.product.startsWith('AIR')
          ? 'air'
          : demo.product.startsWith('RAIL')
            ? 'rail'
            : 'auto',
        route: points.map(completeRoutePoint),
        ...routeSummary(points),
        cargo,
        cargoDescription: cargo.description,
        plannedIncome: demo.plannedIncome ?? null,
        financeControlStatus: demo.financeControl ?? 'NOT_READY',
        financeControlChangedAt: demo.financeControl ? new Date() : null,
        inWarehouse: closedStages.some(([code]) => code === 'WAREHOUSE-IN'),
        completionDate: delivered ? days(delivered[2]!) : null,
        archived: demo.archivedDaysAgo !== undefined,
        archivedAt:
          demo.archivedDaysAgo === undefined ? null : new Date(`${days(-demo.archivedDaysAgo)}T03:00:00Z`),
        createdById: userId.get(demo.forwarder)!,
      })
      .returning({ id: orders.id });
    orderIds.push(order!.id);
    await addStages('order', order!.id, demo.stages);
  }

  for (const [index, demo] of ORDERS.entries()) {
    for (const job of demo.jobs ?? []) {
      const linked = [orderIds[index]!];
      const contractorId = counterparty.get(job.contractor)!;
      const [row] = await tx
        .insert(jobs)
        .values({
          jobTypeId: jobType.get(job.type)!,
          contractorId,
          contractorName: names.get(contractorId)!,
          orderIds: linked,
          clientIds: [counterparty.get(demo.client)!],
          costAmount: job.cost?.[0] ?? null,
          costCurrencyId: job.cost ? currency.get(job.cost[1])! : null,
          serviceOfficeId: officeId.get(demo.office)!,
          forwarderId: userId.get(demo.forwarder)!,
          financeControlStatus: demo.financeControl === 'ACCEPTED' ? 'ACCEPTED' : 'NOT_READY',
          archived: demo.archivedDaysAgo !== undefined,
          createdById: userId.get(demo.forwarder)!,
        })
        .returning({ id: jobs.id });
      await tx.insert(jobOrders).values(linked.map((orderId) => ({ jobId: row!.id, orderId })));
      await addStages('job', row!.id, job.stages);
    }
  }
  await refreshOrderJobFacts(tx, orderIds);
  await refreshOrderStageFacts(tx, orderIds);
}
