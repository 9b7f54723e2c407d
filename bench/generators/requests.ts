import { offerWriteSchema, requestCreateSchema } from '@tms/domain';
import { bulkLoad, type CopyValue, copyStream } from '../lib/copy';
import { baseAmount, currencyRates, DAY, dayText } from './finance';
import { dictionary, type Generator, nextId, pick, seededRandom } from './registry';

/** Requests older than this are decided: quoted, or refused as a service we do not offer. */
const DECIDED_AFTER_DAYS = 30;
/** Requests made per order of the history (300,000 at 1,000,000 orders). */
const REQUESTS_PER_ORDER = 0.3;
/** Requests copied per COPY, with the orders they follow read in one query. */
const BATCH = 20_000;

const OFFER_TYPES = [
  ['FREIGHT', 'Фрахт', 'Freight'],
  ['CUSTOMS', 'Таможенное оформление', 'Customs clearance'],
  ['STORAGE', 'Хранение', 'Storage'],
  ['INSURANCE', 'Страхование груза', 'Cargo insurance'],
] as const;
const NO_SERVICE_REASONS = [
  'Нет подходящего транспорта',
  'Ставка клиента ниже рынка',
  'Направление не обслуживаем',
];
const OLD_CUSTOMS = ['TO_FINISHED', 'TO_FINISHED', 'TO_NOT_REQUIRED', 'TO_PROCESSING_COMPLETE'] as const;
const RECENT_CUSTOMS = [
  'TO_REQUIRED',
  'TO_AWAITING',
  'TO_IN_PROCESSING',
  'TO_IN_PROGRESS',
  'TO_WAIT_ADDITIONAL_INFO',
] as const;

const REQUEST_COLUMNS = [
  'client_id',
  'client_name',
  'seller_id',
  'forwarder_id',
  'service_office_id',
  'route',
  'dispatch_date',
  'delivery_date',
  'cargo',
  'cargo_description',
  'transport_types',
  'service_ids',
  'complex_mark',
  'status',
  'status_reason',
  'status_changed_at',
  'previous_status',
  'customs',
  'customs_status',
  'declarant_id',
  'created_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;

const OFFER_COLUMNS = [
  'request_id',
  'offer_type_id',
  'contractor_id',
  'contractor_name',
  'amounts',
  'amount_in_base_currency',
  'base_currency',
  'rate_date',
  'valid_until',
  'status',
  'disabled',
  'selected',
  'created_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;

interface OrderRow {
  id: number;
  client: number;
  seller: number | null;
  forwarder: number;
  office: number | null;
  route: unknown[];
  dispatch: string | null;
  delivery: string | null;
  cargo: { description?: string | null };
  transport: string;
  service: number | null;
  created: number;
}

/**
 * Customer requests (size × 0.3) and their contractors' offers (size × 1), after the orders: each request
 * asks for the lane and cargo of an order of the history, a few days before that order was created, so
 * routes and cargo are the orders' generator's. Requests decided long ago are mostly quoted or refused;
 * recent ones are being worked on. 8 % are customs requests with the customs statuses. A quoted request
 * became its order in 40 % of the cases (orders.request_id), always one of the request's client. Offers:
 * three or four per request from contractor counterparties, in EUR, USD or RUB with the amount in the base
 * currency at the rate of the offer's day; received ones on decided requests, one of them selected when the
 * request was quoted. One request and one offer in a thousand are checked against the create schemas.
 */
export const requestsGenerator: Generator = {
  name: 'requests',
  tables: ['customer_requests', 'request_offers', 'orders'],
  rows: (size) => Math.round(size * REQUESTS_PER_ORDER),
  async run({ client, size, random }) {
    const count = this.rows(size);
    const today = Math.floor(Date.now() / DAY);
    const offerTypes = await dictionary(client, 'request_offer_types', OFFER_TYPES);
    const typeIds = [...offerTypes.values()];
    const rates = await currencyRates(client, today);
    const { rows: parties } = await client.query<{
      id: number;
      name: string;
      client: boolean;
      contractor: boolean;
    }>(
      `SELECT id, name, client, contractor FROM counterparties
        WHERE merged_into_id IS NULL AND NOT black_list ORDER BY id`,
    );
    const nameOf = new Map(parties.map((p) => [p.id, p.name]));
    const clients = parties.filter((p) => p.client);
    const contractors = parties.filter((p) => p.contractor);
    const { rows: staff } = await client.query<{ id: number }>(
      'SELECT id FROM users WHERE active ORDER BY id',
    );
    const { rows: bounds } = await client.query<{ first: number; n: number }>(
      'SELECT min(id)::int AS first, count(*)::int AS n FROM orders',
    );
    const { first: firstOrder, n: orders } = bounds[0]!;
    if (!orders || !clients.length || !contractors.length)
      throw new Error('requests need orders, clients and contractors');
    const firstRequest = await nextId(client, 'customer_requests');
    let offersMade = 0;

    await bulkLoad(client, ['customer_requests', 'request_offers'], async () => {
      for (let from = 0; from < count; from += BATCH) {
        const to = Math.min(count, from + BATCH);
        const orderOf = (i: number) => firstOrder + Math.floor((i * orders) / count);
        const { rows } = await client.query<OrderRow>(
          `SELECT id, client_id AS client, seller_id AS seller, forwarder_id AS forwarder,
                  service_office_id AS office, route, dispatch_date::text AS dispatch,
                  delivery_date::text AS delivery, cargo, transport_type AS transport,
                  service_id AS service, (extract(epoch FROM created_at) / 86400)::int AS created
             FROM orders WHERE id BETWEEN $1 AND $2`,
          [orderOf(from), orderOf(to - 1)],
        );
        const byId = new Map(rows.map((o) => [o.id, o]));
        const links: [order: number, request: number][] = [];
        const requests: CopyValue[][] = [];
        const offers: CopyValue[][] = [];
        for (let i = from; i < to; i++) {
          const order = byId.get(orderOf(i))!;
          const id = firstRequest + i;
          const created = Math.min(today, order.created - 1 - Math.floor(random() * 6));
          const age = today - created;
          const r = random();
          const status =
            age > DECIDED_AFTER_DAYS
              ? r < 0.62
                ? 'QUOTE_COMPLETED'
                : r < 0.94
                  ? 'NO_SERVICE'
                  : r < 0.97
                    ? 'INFO_PROVIDED'
                    : 'NEED_MORE_INFO'
              : r < 0.45
                ? 'QUOTE_NOT_COMPLETED'
                : r < 0.6
                  ? 'NEED_MORE_INFO'
                  : r < 0.7
                    ? 'INFO_PROVIDED'
                    : r < 0.92
                      ? 'QUOTE_COMPLETED'
                      : 'NO_SERVICE';
          // The order came of this request: then the client is the order's, otherwise any client asked.
          const linked = status === 'QUOTE_COMPLETED' && random() < 0.4;
          const clientId = linked ? order.client : clients[Math.floor(random() ** 1.5 * clients.length)]!.id;
          if (linked) links.push([order.id, id]);
          const customs = random() < 0.08;
          const transport = order.transport === 'none' ? 'auto' : order.transport;
          const input = {
            clientId,
            sellerId: order.seller ?? pick(random, staff).id,
            forwarderId: order.forwarder,
            serviceOfficeId: order.office,
            route: order.route,
            cargo: order.cargo,
            transportTypes: [transport],
            serviceIds: order.service === null ? [] : [order.service],
            customs,
          };
          if (i % 1000 === 0) assertValid('request', requestCreateSchema, input);
          const decided = status === 'QUOTE_COMPLETED' || status === 'NO_SERVICE';
          const changed = Math.min(today, created + 1 + Math.floor(random() * 5));
          requests.push([
            clientId,
            nameOf.get(clientId)!,
            input.sellerId,
            input.forwarderId,
            input.serviceOfficeId,
            JSON.stringify(order.route),
            order.dispatch,
            order.delivery,
            order.cargo,
            order.cargo.description ?? null,
            JSON.stringify(input.transportTypes),
            input.serviceIds.map(String),
            random() < 0.05,
            status,
            status === 'NO_SERVICE' ? pick(random, NO_SERVICE_REASONS) : null,
            status === 'QUOTE_NOT_COMPLETED' ? null : `${dayText(changed)}T14:00:00Z`,
            status === 'QUOTE_NOT_COMPLETED'
              ? null
              : status === 'INFO_PROVIDED'
                ? 'NEED_MORE_INFO'
                : 'QUOTE_NOT_COMPLETED',
            customs,
            customs ? pick(random, age > DECIDED_AFTER_DAYS ? OLD_CUSTOMS : RECENT_CUSTOMS) : null,
            customs ? pick(random, rows).forwarder : null,
            input.sellerId,
            status === 'QUOTE_NOT_COMPLETED' ? 1 : 2,
            `${dayText(created)}T10:00:00Z`,
            `${dayText(status === 'QUOTE_NOT_COMPLETED' ? created : changed)}T14:00:00Z`,
          ]);

          // 3-4 offers (about 3.33 per request: size offers in all), received once the request is decided.
          const wanted = Math.floor((i + 1) / (count / size)) - Math.floor(i / (count / size));
          const selected = status === 'QUOTE_COMPLETED' ? Math.floor(random() * wanted) : -1;
          for (let k = 0; k < wanted; k++) {
            const o = seededRandom((Math.imul(id, 31) + k) >>> 0);
            const contractorId = contractors[Math.floor(o() ** 2 * contractors.length)]!.id;
            const received = decided || o() < 0.5;
            const disabled = received && k !== selected && o() < 0.05;
            const day = Math.min(today, created + Math.floor(o() * 3));
            const currency = o() < 0.45 ? 'EUR' : o() < 0.5 ? 'USD' : 'RUB';
            const cents = Math.round((currency === 'RUB' ? 90 : 1) * (40_000 + o() * 460_000));
            const amounts = received ? [{ amount: (cents / 100).toFixed(2), currency }] : [];
            const offerInput = {
              requestId: id,
              offerTypeId: customs && k === 0 ? offerTypes.get('CUSTOMS')! : pick(o, typeIds),
              contractorId,
              validUntil: dayText(day + 14 + Math.floor(o() * 30)),
              amounts,
            };
            if (offersMade++ % 1000 === 0) assertValid('offer', offerWriteSchema, offerInput);
            const base = received ? baseAmount(rates, cents, currency, day) : null;
            offers.push([
              id,
              offerInput.offerTypeId,
              contractorId,
              nameOf.get(contractorId)!,
              JSON.stringify(amounts),
              base === null ? null : (base / 100).toFixed(2),
              received ? rates.base : null,
              received ? dayText(day) : null,
              offerInput.validUntil,
              disabled ? 'DISABLED' : received ? 'RECEIVED' : 'REQUESTED',
              disabled,
              k === selected,
              input.sellerId,
              received ? 2 : 1,
              `${dayText(day)}T11:00:00Z`,
              `${dayText(received ? Math.min(today, day + 1) : day)}T16:00:00Z`,
            ]);
          }
        }
        await copyStream(client, 'customer_requests', REQUEST_COLUMNS, requests);
        await copyStream(client, 'request_offers', OFFER_COLUMNS, offers);
        if (links.length) {
          await client.query(
            `UPDATE orders SET request_id = l.request FROM unnest($1::int[], $2::int[]) AS l(id, request)
              WHERE orders.id = l.id`,
            [links.map((l) => l[0]), links.map((l) => l[1])],
          );
        }
      }
    });
  },
};

function assertValid(
  type: string,
  schema: typeof requestCreateSchema | typeof offerWriteSchema,
  input: Record<string, unknown>,
): void {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`generated ${type} is invalid: ${problems.join('; ')}`);
  }
}
