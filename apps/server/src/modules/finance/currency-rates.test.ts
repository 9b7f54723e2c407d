import { CURRENCY_RATE_MESSAGES, currencyRateResource, flattenTree, MESSAGES } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { currencyId } from '../../test/reference-rows';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { rateOn, toBaseCurrency } from './rates';

let day = 0;
/** A day of its own per created rate, so the (date, currency) key never repeats across the suite. */
const nextDate = () => new Date(Date.UTC(2024, 0, 1 + ++day)).toISOString().slice(0, 10);

describeResource({
  descriptor: currencyRateResource,
  validCreate: async ({ database }) => ({
    date: nextDate(),
    currencyId: await currencyId(database, 'USD'),
    nominal: 1,
    rate: '92.5012',
  }),
  update: { rate: '93.1' },
  invalidCreate: {
    body: { date: '2024-13-01', currencyId: 0, nominal: 0, rate: '-1' },
    errorPaths: ['date', 'currencyId', 'nominal', 'rate'],
  },
});

describe('currency rates', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  let usd: number;
  let kzt: number;
  let rub: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, [...currencyRateResource.roles.edit]));
    usd = await currencyId(ctx.database, 'USD');
    kzt = await currencyId(ctx.database, 'KZT');
    rub = await currencyId(ctx.database, 'RUB');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const post = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/finances/currency-rates', payload, headers });

  it('keeps one rate per currency and day, none for the base currency, at most six decimals', async () => {
    expect((await post({ date: '2026-03-02', currencyId: usd, rate: '90.1234' })).statusCode).toBe(201);
    const twice = await post({ date: '2026-03-02', currencyId: usd, rate: '91' });
    expect(flattenTree(twice.json().errors)).toEqual({ date: [MESSAGES.duplicate] });
    const base = await post({ date: '2026-03-02', currencyId: rub, rate: '1' });
    expect(flattenTree(base.json().errors)).toEqual({ currencyId: [CURRENCY_RATE_MESSAGES.baseCurrency] });
    const precise = await post({ date: '2026-03-03', currencyId: usd, rate: '90.1234567' });
    expect(flattenTree(precise.json().errors)).toEqual({ rate: [MESSAGES.invalid] });
    const zero = await post({ date: '2026-03-03', currencyId: usd, rate: '0.000' });
    expect(flattenTree(zero.json().errors)).toEqual({ rate: [MESSAGES.tooSmall] });
  });

  it("converts at exactly the date's rate per nominal, rounding half away from zero to kopecks", async () => {
    await post({ date: '2026-04-01', currencyId: kzt, nominal: 100, rate: '18.3355' });
    const converted = await toBaseCurrency(ctx.database.db, '1000.10', kzt, '2026-04-01');
    // 1000.10 × 18.3355 / 100 = 183.373355… → 183.37
    expect(converted).toEqual({ amount: '183.37', currency: 'RUB', rate: '18.3355', nominal: 100 });
    const half = await toBaseCurrency(ctx.database.db, '0.30', kzt, '2026-04-01');
    // 0.30 × 18.3355 / 100 = 0.0550065 → 0.06
    expect(half.amount).toBe('0.06');
    expect(await toBaseCurrency(ctx.database.db, '15.5', rub, '1999-01-01')).toEqual({
      amount: '15.50',
      currency: 'RUB',
      rate: '1',
      nominal: 1,
    });
  });

  it('refuses a date without its own rate instead of taking a neighbour', async () => {
    await post({ date: '2026-05-04', currencyId: usd, rate: '80' });
    await post({ date: '2026-05-06', currencyId: usd, rate: '81' });
    const refusal = await rateOn(ctx.database.db, usd, '2026-05-05', ['offer', 'date']).catch((e) => e);
    expect(flattenTree(refusal.tree)).toEqual({ 'offer.date': [CURRENCY_RATE_MESSAGES.noRate] });
    expect((await rateOn(ctx.database.db, usd, '2026-05-06')).rate).toBe('81');
  });
});
