import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { defineModule } from '../platform/modules';

/**
 * A module owing money in tests: it contributes a credit exposure source reading `credit_probe`, a table
 * the test fills (`createCreditProbe`), as finance will contribute its unpaid bills.
 */
export const creditProbeModule = defineModule({
  name: 'credit-probe',
  contributes: {
    creditExposureSources: {
      probe: (counterpartyId) =>
        sql`(SELECT sum(p.amount) FROM credit_probe p WHERE p.counterparty_id = ${counterpartyId})`,
    },
  },
});

export async function createCreditProbe(
  db: Db,
): Promise<(counterpartyId: number, amount: string) => Promise<void>> {
  await db.execute(
    sql`CREATE TABLE credit_probe (counterparty_id integer NOT NULL, amount numeric NOT NULL)`,
  );
  return async (counterpartyId, amount) => {
    await db.execute(sql`INSERT INTO credit_probe VALUES (${counterpartyId}, ${amount})`);
  };
}
