import {
  type CargoInput,
  type CustomsStatus,
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
  /** A customs request in this customs status, with the people the status says have accepted it. */
  customs?: { status: CustomsStatus; declarant?: string; specialist?: string; reason?: string };
  tnvedComment?: string;
}

/** A customs clearance of imported goods at the Moscow region terminals, in `customs` status. */
const customsImport = (
  client: string,
  cargo: string,
  tnved: string,
  customs: NonNullable<DemoRequest['customs']>,
  status: RequestStatus = 'QUOTE_NOT_COMPLETED',
): DemoRequest => ({
  client,
  seller: 'petrov',
  forwarder: 'ivanov',
  office: 'MOW',
  from: ['CN', 'Ningbo, Beilun Port', 6],
  to: ['RU', 'Московская обл., Электрогорск, СВХ «Восток»', 40],
  cargo: { description: cargo, weight: '12000', tnvedCodes: [tnved] },
  transportTypes: ['sea'],
  status,
  customs,
});

/** One customs request in every customs status (spec §4), the customs user's work queue. */
const CUSTOMS_REQUESTS: DemoRequest[] = [
  customsImport('ПАО «Магнит»', 'Кухонная техника', '8516603000', { status: 'TO_REQUIRED' }),
  customsImport('ООО «Яндекс»', 'Ноутбуки', '8471300000', {
    status: 'TO_IN_PROCESSING',
    declarant: 'smirnov',
  }),
  customsImport(
    'ООО «Вектор Групп»',
    'Мебельная фурнитура',
    '8302420000',
    { status: 'TO_PROCESSING_COMPLETE', declarant: 'smirnov' },
    'QUOTE_COMPLETED',
  ),
  customsImport('ПАО «ЛУКОЙЛ»', 'Запорная арматура', '8481809907', { status: 'TO_NOT_REQUIRED' }),
  customsImport(
    'ООО «Северный терминал»',
    'Шины грузовые',
    '4011209000',
    { status: 'TO_AWAITING', declarant: 'smirnov' },
    'QUOTE_COMPLETED',
  ),
  customsImport(
    'ПАО «Магнит»',
    'Посуда керамическая',
    '6912002900',
    { status: 'TO_IN_PROGRESS', declarant: 'smirnov', specialist: 'smirnov' },
    'QUOTE_COMPLETED',
  ),
  customsImport(
    'ООО «Яндекс»',
    'Серверные стойки',
    '9403200009',
    {
      status: 'TO_WAIT_ADDITIONAL_INFO',
      declarant: 'smirnov',
      specialist: 'smirnov',
      reason: 'Нужен сертификат происхождения',
    },
    'QUOTE_COMPLETED',
  ),
  customsImport(
    'ООО «Вектор Групп»',
    'Светильники светодиодные',
    '9405114009',
    { status: 'TO_FINISHED', declarant: 'smirnov', specialist: 'smirnov' },
    'QUOTE_COMPLETED',
  ),
];

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

/**
 * Demo customer requests of the demo clients, sold by the demo sales manager, in every operational status,
 * and customs requests in every customs status.
 */
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
  for (const demo of [...REQUESTS, ...CUSTOMS_REQUESTS]) {
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
      tnvedComment: demo.tnvedComment ?? null,
      status: demo.status,
      statusReason: demo.reason ?? null,
      customs: Boolean(demo.customs),
      customsStatus: demo.customs?.status ?? null,
      customsStatusReason: demo.customs?.reason ?? null,
      declarantId: demo.customs?.declarant ? userId.get(demo.customs.declarant)! : null,
      customsSpecialistId: demo.customs?.specialist ? userId.get(demo.customs.specialist)! : null,
      createdById: userId.get(demo.seller)!,
    });
  }
}
