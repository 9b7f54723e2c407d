/**
 * A server instance for `events-sigkill.test.ts`: the app as `main.ts` starts it (its dispatcher running),
 * plus a subscriber of `reliability_probe` events whose handler first "sends" each event outside the
 * database (a line in `LEDGER_FILE`, as a mail would go) and then records its effect in the delivery's
 * transaction (`reliability_effects`).
 */
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { pgDatabase } from '../../src/db/connection';
import { defineModule } from '../../src/platform/modules';

const config = loadConfig();
const database = pgDatabase(config.databaseUrl!);
const probe = defineModule({
  name: 'reliability-probe',
  subscribers: {
    'reliability.ledger': {
      entities: ['reliability_probe'],
      batchSize: 4,
      async handle({ tx }, events) {
        for (const event of events) {
          appendFileSync(process.env.LEDGER_FILE!, `${event.id}\n`);
          await tx.execute(sql`INSERT INTO reliability_effects (event_id) VALUES (${event.id})`);
        }
      },
    },
  },
});
const app = await buildApp({ config, database, extraModules: [probe] });
await app.listen({ port: config.port, host: config.host });
