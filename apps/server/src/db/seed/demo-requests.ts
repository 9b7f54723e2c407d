import {
  type CargoInput,
  completeCargo,
  completeRoutePoint,
  type RequestStatus,
  type RoutePointInput,
  routeSummary,
  type TransportType,
} from '@tms/domain';
import { inArray } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { countries } from '../../modules/reference-data/tables';
import { customerRequests } from '../../modules/requests/tables';
import { calendarDay } from '../../platform/calendar';
import type { Tx } from '../connection';

interface DemoRequest {
  client: string;
  seller: string;
  forwarder?: string;
  office: string;
  from: [country: string, address: string, inDays: number];
  to: [country: string, address: string, inDays: number];
  cargo: CargoInput;
  transportTypes: TransportType[];
  status: RequestStatus;
  reason?: string;
  executionComment?: string;
}

/** One request in every operational status, and two still being priced. */
const REQUESTS: DemoRequest[] = [
  {
    client: 'ПАО «Магнит»',
    seller: 'petrov',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['CN', 'Shanghai, Yangshan Port', 10],
    to: ['RU', 'Краснодар, ул. Солнечная 15', 45],
    cargo: { description: 'Бытовая техника, 2×40HC', weight: '28000' },
    transportTypes: ['sea', 'rail'],
    status: 'QUOTE_NOT_COMPLETED',
  },
  {
    client: 'ООО «Яндекс»',
    seller: 'petrov',
    office: 'MOW',
    from: ['DE', 'Frankfurt am Main, Cargo City Süd', 3],
    to: ['RU', 'Москва, ул. Льва Толстого 16', 6],
    cargo: { description: 'Серверное оборудование', weight: '850' },
    transportTypes: ['air'],
    status: 'QUOTE_NOT_COMPLETED',
  },
  {
    client: 'ПАО «ЛУКОЙЛ»',
    seller: 'petrov',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['PL', 'Warszawa, ul. Annopol 4', 5],
    to: ['RU', 'Пермь, ул. Героев Хасана 105', 14],
    cargo: { description: 'Насосное оборудование' },
    transportTypes: ['auto'],
    status: 'NEED_MORE_INFO',
    executionComment: 'Запросили у клиента вес и габариты мест',
  },
  {
    client: 'ООО «Вектор Групп»',
    seller: 'petrov',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['BY', 'Минск, ул. Казинца 11', 2],
    to: ['RU', 'Санкт-Петербург, Пулковское шоссе 40', 5],
    cargo: { description: 'Мебель в упаковке', weight: '6200', volume: '42' },
    transportTypes: ['auto'],
    status: 'INFO_PROVIDED',
  },
  {
    client: 'ООО «Северный терминал»',
    seller: 'petrov',
    forwarder: 'ivanov',
    office: 'MOW',
    from: ['CN', 'Chengdu, Qingbaijiang', 7],
    to: ['RU', 'Екатеринбург, ст. Шарташ', 25],
    cargo: { description: 'Запчасти, 1×40HC', weight: '18000' },
    transportTypes: ['rail'],
    status: 'QUOTE_COMPLETED',
  },
  {
    client: 'ООО «БелТрансЛогистик»',
    seller: 'petrov',
    office: 'MOW',
    from: ['RU', 'Новосибирск, ул. Станционная 38', 4],
    to: ['BY', 'Брест, ул. Катин Бор 106', 12],
    cargo: { description: 'Химические реактивы, класс опасности 8' },
    transportTypes: ['auto'],
    status: 'NO_SERVICE',
    reason: 'Не перевозим опасные грузы класса 8',
  },
];

const days = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return calendarDay(d);
};

/** Demo customer requests of the demo clients, sold by the demo sales manager, in every status. */
export async function seedDemoRequests(
  tx: Tx,
  userId: ReadonlyMap<string, number>,
  officeId: ReadonlyMap<string | null, number>,
): Promise<void> {
  const clients = new Map(
    (await tx.select({ id: counterparties.id, name: counterparties.name }).from(counterparties)).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const country = new Map(
    (
      await tx
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.code, ['RU', 'BY', 'CN', 'PL', 'DE']))
    ).map((c) => [c.code, c.id]),
  );
  for (const demo of REQUESTS) {
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
    const summary = routeSummary(points);
    const cargo = completeCargo(demo.cargo);
    await tx.insert(customerRequests).values({
      clientId: clients.get(demo.client)!,
      clientName: demo.client,
      sellerId: userId.get(demo.seller)!,
      forwarderId: demo.forwarder ? userId.get(demo.forwarder)! : null,
      serviceOfficeId: officeId.get(demo.office)!,
      route: points.map(completeRoutePoint),
      dispatchDate: summary.dispatchDate,
      deliveryDate: summary.deliveryDate,
      cargo,
      cargoDescription: cargo.description,
      transportTypes: demo.transportTypes,
      executionComment: demo.executionComment ?? null,
      status: demo.status,
      statusReason: demo.reason ?? null,
      createdById: userId.get(demo.seller)!,
    });
  }
}
