import type { RequestStatus, TransportType } from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { countries } from '../../modules/reference-data/tables';
import { hyperRequestService } from '../../modules/requests/hyper-requests';
import { changeRequestStatus } from '../../modules/requests/use-cases/change-status';
import { saveQuote } from '../../modules/requests/use-cases/quote';
import type { AuthContext } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import type { Tx } from '../connection';

interface DemoLot {
  name: string;
  from: [country: string, address: string, inDays: number];
  to: [country: string, address: string, inDays: number];
  cargo: string;
  weight?: string;
  transportTypes: TransportType[];
  /** The selected rates of the lot's quote, saved before its moves. */
  quote?: { amount: string; currency: string }[];
  /** Where the lot's request has got to (through the status moves a user makes). */
  path: { status: RequestStatus; reason?: string }[];
}

interface DemoHyperRequest {
  name: string;
  tenderNumber: string;
  client: string;
  forwarder?: string;
  office: string;
  deadlineInDays: number;
  lots: DemoLot[];
}

/** Two tenders of the sales manager: one partly quoted, one just received with a lot refused. */
const HYPER_REQUESTS: DemoHyperRequest[] = [
  {
    name: 'Импорт из Китая на 2027 год',
    tenderNumber: 'MGN-T-2027/031',
    client: 'ПАО «Магнит»',
    forwarder: 'ivanov',
    office: 'MOW',
    deadlineInDays: 14,
    lots: [
      {
        name: 'Лот 1: Шанхай — Краснодар',
        from: ['CN', 'Shanghai, Yangshan Port', 20],
        to: ['RU', 'Краснодар, ул. Солнечная 15', 60],
        cargo: 'Бытовая техника, 40HC',
        weight: '24000',
        transportTypes: ['sea'],
        quote: [{ amount: '6900.00', currency: 'USD' }],
        path: [{ status: 'QUOTE_COMPLETED' }],
      },
      {
        name: 'Лот 2: Нинбо — Новосибирск',
        from: ['CN', 'Ningbo, Beilun Port', 20],
        to: ['RU', 'Новосибирск, ул. Станционная 38', 50],
        cargo: 'Посуда и текстиль, 40HC',
        transportTypes: ['rail'],
        path: [{ status: 'NEED_MORE_INFO' }],
      },
      {
        name: 'Лот 3: Гуанчжоу — Москва',
        from: ['CN', 'Guangzhou, Nansha Port', 25],
        to: ['RU', 'Москва, ул. Складочная 1', 55],
        cargo: 'Игрушки, 20DC',
        weight: '9000',
        transportTypes: ['rail', 'sea'],
        path: [],
      },
    ],
  },
  {
    name: 'Региональная дистрибуция, I квартал',
    tenderNumber: 'LK-2027-Q1',
    client: 'ПАО «ЛУКОЙЛ»',
    office: 'MOW',
    deadlineInDays: 7,
    lots: [
      {
        name: 'Лот 1: Минск — Санкт-Петербург',
        from: ['BY', 'Минск, ул. Казинца 11', 10],
        to: ['RU', 'Санкт-Петербург, Пулковское шоссе 40', 13],
        cargo: 'Мебель в упаковке',
        weight: '6000',
        transportTypes: ['auto'],
        path: [],
      },
      {
        name: 'Лот 2: Минск — Москва',
        from: ['BY', 'Минск, ул. Казинца 11', 10],
        to: ['RU', 'Москва, ул. Рябиновая 44', 12],
        cargo: 'Мебель в упаковке',
        weight: '8000',
        transportTypes: ['auto'],
        path: [],
      },
      {
        name: 'Лот 3: Брест — Казань',
        from: ['BY', 'Брест, ул. Катин Бор 106', 10],
        to: ['RU', 'Казань, ул. Тихорецкая 5', 15],
        cargo: 'Мебельная фурнитура',
        transportTypes: ['auto'],
        path: [{ status: 'NO_SERVICE', reason: 'Нет своих машин на направлении Брест — Казань' }],
      },
    ],
  },
];

const days = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return calendarDay(d);
};

/**
 * Demo hyper requests, made as the sales manager makes them: through the hyper requests' service (so the
 * lots' requests go through the requests' service and their status use case, with their change log).
 * `roles`: the sales manager's roles.
 */
export async function seedDemoHyperRequests(
  { tx, registries }: { tx: Tx; registries: Registries },
  userId: ReadonlyMap<string, number>,
  officeId: ReadonlyMap<string | null, number>,
  roles: readonly string[],
): Promise<void> {
  const sellerId = userId.get('petrov')!;
  const [seller] = await tx.select().from(users).where(eq(users.id, sellerId));
  const auth: AuthContext = {
    userId: sellerId,
    username: seller!.username,
    contactId: seller!.contactId,
    serviceOfficeId: seller!.serviceOfficeId,
    roles: new Set(roles),
    kind: 'user',
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
  // No routes are registered here, so references are not checked against read scopes: the seed's own.
  const ctx = { tx, auth, registries };
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
        .where(inArray(countries.code, ['RU', 'BY', 'CN']))
    ).map((c) => [c.code, c.id]),
  );
  for (const demo of HYPER_REQUESTS) {
    const created = await hyperRequestService.create(ctx, {
      name: demo.name,
      tenderNumber: demo.tenderNumber,
      clientId: clients.get(demo.client)!,
      sellerId,
      forwarderId: demo.forwarder ? userId.get(demo.forwarder)! : null,
      serviceOfficeId: officeId.get(demo.office)!,
      deadline: days(demo.deadlineInDays),
      lots: demo.lots.map((lot) => ({
        name: lot.name,
        transportTypes: lot.transportTypes,
        route: [
          {
            kind: 'dispatch',
            countryId: country.get(lot.from[0])!,
            address: lot.from[1],
            dateFrom: days(lot.from[2]),
          },
          {
            kind: 'delivery',
            countryId: country.get(lot.to[0])!,
            address: lot.to[1],
            dateFrom: days(lot.to[2]),
          },
        ],
        cargo: { description: lot.cargo, weight: lot.weight ?? null },
      })),
    });
    const lots = created.lots as { requestId: number }[];
    for (const [index, lot] of demo.lots.entries()) {
      let version = 1;
      if (lot.quote) {
        await saveQuote.execute(
          { ...ctx, clock: () => new Date() },
          { requestId: lots[index]!.requestId, rates: lot.quote },
        );
      }
      for (const step of lot.path) {
        const moved = await changeRequestStatus.execute(ctx, {
          id: lots[index]!.requestId,
          status: step.status,
          reason: step.reason ?? null,
          at: new Date(),
          version,
        });
        version = moved.version;
      }
    }
  }
}
