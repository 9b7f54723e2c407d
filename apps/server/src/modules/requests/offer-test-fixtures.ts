import { expect } from 'vitest';
import type { Clock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { currencyRates } from '../finance';
import { currencies } from '../reference-data';
import { requestOfferTypes } from './tables';
import { requestsWorld } from './test-fixtures';

export type Body = Record<string, unknown>;
export type Entity = Body & { id: number; version: number; status: string };

/** The offers' tests: a fake clock on 2026-03-10 (Moscow), a client, two contractors, two offer types. */
export async function offersWorld() {
  const clock = { now: new Date('2026-03-10T09:00:00Z') };
  const fake: Clock = () => clock.now;
  // The tests move the clock by days and sessions end by it: a year's token outlives the moves.
  const ctx: TestContext = await createTestApp({ tokenTtl: 365 * 24 * 3600 }, [], fake);
  const db = ctx.database.db;
  const world = await requestsWorld(ctx);
  let seq = 0;
  const counterparty = async (values: Partial<typeof counterparties.$inferInsert>) => {
    const [row] = await db
      .insert(counterparties)
      .values({ name: `Контрагент ${++seq}`, countryId: world.ru, applicationRequired: false, ...values })
      .returning();
    return row!.id;
  };
  const client = await counterparty({ name: 'Клиент', client: true });
  const carrier = await counterparty({ name: 'Перевозчик', contractor: true });
  const broker = await counterparty({ name: 'Брокер', contractor: true });
  const [road, customs] = await db
    .insert(requestOfferTypes)
    .values([
      { code: 'door', name: 'От двери до двери' },
      { code: 'customs', name: 'Таможня' },
    ])
    .returning();

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url, headers: who.headers, payload });

  /** A new request of `who` served by `office` (Moscow by default). */
  async function createRequest(who: SignedIn, office = world.mow): Promise<Entity> {
    const res = await call('POST', '/api/requests', who, {
      clientId: client,
      route: [
        { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: world.ru },
        { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: world.de },
      ],
      cargo: { description: 'Станки', weight: '1200' },
      transportTypes: ['auto'],
      serviceOfficeId: office,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  /** The rates of `date`: 1 EUR = `eur` RUB, 100 KZT = `kzt` RUB (RUB is the base currency). */
  async function ratesOn(date: string, eur: string, kzt: string) {
    const ids = new Map((await db.select().from(currencies)).map((c) => [c.code, c.id]));
    await db.insert(currencyRates).values([
      { date, currencyId: ids.get('EUR')!, rate: eur, nominal: 1 },
      { date, currencyId: ids.get('KZT')!, rate: kzt, nominal: 100 },
    ]);
  }

  return {
    ctx,
    ratesOn,
    clock,
    ...world,
    client,
    carrier,
    broker,
    counterparty,
    road: road!.id,
    customs: customs!.id,
    call,
    createRequest,
    signIn: (roles: string[], options: Parameters<typeof signIn>[2] = {}) => signIn(ctx, roles, options),
  };
}
