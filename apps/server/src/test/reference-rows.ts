import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { legalEntities } from '../modules/company';
import { banks, countries, currencies } from '../modules/reference-data';

/** Sberbank's BIK and correspondent account: Russian bank details whose keys agree. */
export const SBER = { bik: '044525225', correspondentAccount: '30101810400000000225' };

let seq = 0;

/** The id of a seeded country by its ISO code. */
export async function countryId(database: Database, code: string): Promise<number> {
  const [row] = await database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, code));
  return row!.id;
}

/** The id of a seeded currency by its ISO code. */
export async function currencyId(database: Database, code: string): Promise<number> {
  const [row] = await database.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.code, code));
  return row!.id;
}

/** A bank of that country straight in the database, with a name of its own. */
export async function insertBank(
  database: Database,
  country: string,
  values: Partial<typeof banks.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(banks)
    .values({ name: `Банк ${++seq}`, countryId: await countryId(database, country), ...values })
    .returning();
  return row!;
}

/** A Russian legal entity of the company straight in the database. */
export async function insertLegalEntity(database: Database) {
  const n = ++seq;
  const [row] = await database.db
    .insert(legalEntities)
    .values({
      name: `ООО «Компания ${n}»`,
      shortName: `Компания ${n}`,
      countryId: await countryId(database, 'RU'),
    })
    .returning();
  return row!;
}
