import path from 'node:path';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { type Database, openPglite, pgDatabase, pgliteDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { bootstrap } from './db/seed';
import { loggerOptions } from './platform/http/logging';

async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return pgDatabase(config.databaseUrl, 10, config.databaseReadUrl);
  return pgliteDatabase(await openPglite(path.join(config.dataDir, 'db')));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrate(database);
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel),
  });
  await bootstrap(database, config, app.log, app.registries);
  await app.listen({ port: config.port, host: config.host });
  await app.queue.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
