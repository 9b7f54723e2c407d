import { eq } from 'drizzle-orm';
import { serviceOffices } from '../../platform/identity/tables';
import type { TestContext } from '../../test/harness';
import { countries } from '../reference-data';

/** What the requests' tests stand on: two countries of the route and two offices (Moscow, Minsk). */
export async function requestsWorld(ctx: TestContext) {
  const db = ctx.database.db;
  const country = async (code: string) =>
    (await db.select().from(countries).where(eq(countries.code, code)))[0]!.id;
  const [mow, msq] = await db
    .insert(serviceOffices)
    .values([
      { name: 'Москва', code: 'MOW' },
      { name: 'Минск', code: 'MSQ' },
    ])
    .returning();
  return { ru: await country('RU'), de: await country('DE'), mow: mow!.id, msq: msq!.id };
}
