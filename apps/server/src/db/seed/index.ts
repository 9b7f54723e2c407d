import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { ensureSystemOptions } from '../../modules/options/service';
import type { Registries } from '../../platform/modules';
import type { Database } from '../connection';
import { ensureAdmin } from './admin';
import { seedDemoData } from './demo';
import { seedDemoShipmentTemplates } from './demo-shipment-templates';
import { seedDemoTemplates } from './demo-templates';
import { seedReferenceData } from './reference';

/**
 * Runs after migrations on every start; each step is idempotent. Reference data (countries, currencies,
 * ...) always; the first administrator when there is none; demo data (with the document generator's templates) when
 * DEMO_DATA is on.
 */
export async function bootstrap(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  registries: Registries,
): Promise<void> {
  await seedReferenceData(database.db);
  await ensureSystemOptions(database.db);
  await ensureAdmin(database, config, log);
  if (config.demoData) {
    await seedDemoData(database, log, registries);
    await seedDemoTemplates(database, config);
    await seedDemoShipmentTemplates(database, config);
  }
}
