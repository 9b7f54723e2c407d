import type { Money, RequestStatus } from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { customerRequests, requestOfferTypes } from '../../modules/requests/tables';
import { writeOffer } from '../../modules/requests/use-cases/offer-write';
import { saveQuote } from '../../modules/requests/use-cases/quote';
import type { AuthContext } from '../../platform/auth/context';
import { systemClock } from '../../platform/clock';
import { users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import type { Tx } from '../connection';

/** The kinds of offer the demo's forwarders ask contractors for. */
const OFFER_TYPES = [
  { code: 'DOOR', name: 'От двери до двери', nameEn: 'Door to door' },
  { code: 'PORT', name: 'Порт — порт', nameEn: 'Port to port' },
  { code: 'STATION', name: 'Станция — станция', nameEn: 'Station to station' },
  { code: 'CUSTOMS', name: 'Таможенное оформление', nameEn: 'Customs clearance' },
];

interface DemoOffer {
  /** The demo request: its client and operational status (one request each, not a customs one). */
  client: string;
  status: RequestStatus;
  type: string;
  contractor: string;
  /** None: asked and not answered yet (REQUESTED). */
  amounts: Money[];
  selected?: boolean;
  comment?: string;
}

/** Offers on the demo requests still being priced or quoted: asked, answered, chosen for the quote. */
const OFFERS: DemoOffer[] = [
  {
    client: 'ПАО «Магнит»',
    status: 'QUOTE_NOT_COMPLETED',
    type: 'PORT',
    contractor: 'Shanghai Ocean Link Co., Ltd.',
    amounts: [{ amount: '7400.00', currency: 'USD' }],
    comment: '2×40HC, FOB Shanghai — CY Новороссийск',
  },
  {
    client: 'ПАО «Магнит»',
    status: 'QUOTE_NOT_COMPLETED',
    type: 'STATION',
    contractor: 'ОАО «РЖД»',
    amounts: [],
  },
  {
    client: 'ООО «Яндекс»',
    status: 'QUOTE_NOT_COMPLETED',
    type: 'DOOR',
    contractor: 'ПАО «Аэрофлот»',
    amounts: [{ amount: '3650.00', currency: 'EUR' }],
    comment: 'Ближайший рейс FRA — SVO в четверг',
  },
  {
    client: 'ПАО «ЛУКОЙЛ»',
    status: 'NEED_MORE_INFO',
    type: 'DOOR',
    contractor: 'Trans-Pol Sp. z o.o.',
    amounts: [],
  },
  {
    client: 'ООО «Вектор Групп»',
    status: 'INFO_PROVIDED',
    type: 'DOOR',
    contractor: 'ООО «БелТрансЛогистик»',
    amounts: [{ amount: '172000.00', currency: 'RUB' }],
    selected: true,
  },
  {
    client: 'ООО «Вектор Групп»',
    status: 'INFO_PROVIDED',
    type: 'DOOR',
    contractor: 'ИП Петренко Сергей Иванович',
    amounts: [{ amount: '189500.00', currency: 'RUB' }],
    comment: 'Тент 82 м³, погрузка на следующий день',
  },
  {
    client: 'ООО «Северный терминал»',
    status: 'QUOTE_COMPLETED',
    type: 'STATION',
    contractor: 'ОАО «РЖД»',
    amounts: [
      { amount: '3900.00', currency: 'USD' },
      { amount: '68000.00', currency: 'RUB' },
    ],
    selected: true,
  },
];

/**
 * The selected rates of the demo requests whose quote is complete (QUOTE_COMPLETED needs them): the rail
 * request's, above its chosen offer, and the customs requests' clearance.
 */
const QUOTES: { customs: boolean; rates: Money[]; comment: string }[] = [
  {
    customs: false,
    rates: [
      { amount: '4600.00', currency: 'USD' },
      { amount: '79000.00', currency: 'RUB' },
    ],
    comment: 'Ставка действует 14 дней, вывоз со станции Шарташ включён',
  },
  {
    customs: true,
    rates: [{ amount: '45000.00', currency: 'RUB' }],
    comment: 'Таможенное оформление и брокерские услуги на СВХ «Восток»',
  },
];

/**
 * The demo's offer types and offers, written as the sales manager writes them: through the offers' one
 * write (`requests.write-offer`: its checks, the amount in base currency at today's demo rates, its change
 * log), so the rates must be seeded first; then the quotes of the requests whose quote is complete. `roles`: the sales manager's roles.
 */
export async function seedDemoOffers(
  { tx, registries }: { tx: Tx; registries: Registries },
  userId: ReadonlyMap<string, number>,
  roles: readonly string[],
): Promise<void> {
  const types = new Map(
    (await tx.insert(requestOfferTypes).values(OFFER_TYPES).returning()).map((t) => [t.code, t.id]),
  );
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
  const ctx = { tx, auth, registries, clock: systemClock };
  const contractors = new Map(
    (
      await tx
        .select({ id: counterparties.id, name: counterparties.name })
        .from(counterparties)
        .where(
          inArray(
            counterparties.name,
            OFFERS.map((o) => o.contractor),
          ),
        )
    ).map((c) => [c.name, c.id]),
  );
  for (const offer of OFFERS) {
    const [request] = await tx
      .select({ id: customerRequests.id })
      .from(customerRequests)
      .where(
        and(
          eq(customerRequests.clientName, offer.client),
          eq(customerRequests.status, offer.status),
          eq(customerRequests.customs, false),
        ),
      )
      .orderBy(customerRequests.id)
      .limit(1);
    await writeOffer.execute(ctx, {
      requestId: request!.id,
      offerTypeId: types.get(offer.type)!,
      contractorId: contractors.get(offer.contractor)!,
      amounts: offer.amounts,
      selected: offer.selected ?? false,
      comment: offer.comment ?? null,
    });
  }
  const completed = await tx
    .select({ id: customerRequests.id, customs: customerRequests.customs })
    .from(customerRequests)
    .where(eq(customerRequests.status, 'QUOTE_COMPLETED'));
  for (const request of completed) {
    const { rates, comment } = QUOTES.find((quote) => quote.customs === request.customs)!;
    await saveQuote.execute(ctx, { requestId: request.id, rates, comment });
  }
}
