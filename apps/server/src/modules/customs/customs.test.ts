import {
  CUSTOMS_TIME_ZONE_MESSAGE,
  customsPointResource,
  customsResponsibilityResource,
  flattenTree,
  MESSAGES,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { countries } from '../reference-data';

const app = fileTestApp();

let seq = 0;
const next = () => ++seq;

describeResource({
  app,
  descriptor: customsPointResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [russia] = await database.db.select().from(countries).where(eq(countries.code, 'RU'));
    return {
      code: `107020${String(n).padStart(2, '0')}`,
      name: `Московский областной таможенный пост ${n}`,
      nameEn: `Moscow regional customs post ${n}`,
      countryId: russia!.id,
      address: 'Москва, Комсомольская пл., 1а',
      timeZone: 'Asia/Vladivostok',
    };
  },
  update: { address: 'Химки, Ленинградское ш., 1', timeZone: 'Europe/Moscow' },
  invalidCreate: {
    body: { code: '1', name: '', countryId: 0, timeZone: 'Mars/Olympus_Mons' },
    errorPaths: ['code', 'name', 'countryId', 'timeZone'],
  },
  unique: ['code'],
  search: 'областной таможенный',
});

describe('customs point references', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses an unknown country under countryId and writes nothing', async () => {
    const { headers } = await signIn(ctx, customsPointResource.roles.edit as string[]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tms/customs-points',
      payload: { code: '10702030', name: 'Пост', countryId: 2_000_000_000 },
      headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ countryId: [MESSAGES.invalid] });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tms/customs-points', headers });
    expect(list.json().data.total).toBe(0);
  });

  it('works in Moscow time unless told its time zone, and refuses a zone that does not exist', async () => {
    const { headers } = await signIn(ctx, customsPointResource.roles.edit as string[]);
    const [russia] = await ctx.database.db.select().from(countries).where(eq(countries.code, 'RU'));
    const post = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/tms/customs-points', payload, headers });
    const plain = await post({ code: '10803040', name: 'Верхний Ларс', countryId: russia!.id });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.timeZone).toBe('Europe/Moscow');
    const bad = await post({
      code: '10702030',
      name: 'Владивосток',
      countryId: russia!.id,
      timeZone: 'UTC+10',
    });
    expect(bad.statusCode).toBe(400);
    expect(flattenTree(bad.json().errors)).toEqual({ timeZone: [CUSTOMS_TIME_ZONE_MESSAGE] });
  });
});

describeResource({
  app,
  descriptor: customsResponsibilityResource,
  validCreate: () => {
    const n = next();
    return { name: `Клиент оформляет сам ${n}`, nameEn: `Client clears customs ${n}` };
  },
  update: { nameEn: 'Cleared by the client' },
  invalidCreate: { body: { name: '', nameEn: '' }, errorPaths: ['name'] },
  unique: ['name'],
  search: 'оформляет',
});
