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
  // Whoever runs the server sees at once how generated documents become PDFs, and how to get the better way.
  if ((await app.registries.workers.run('documents.pdf-converter', undefined)) === 'libreoffice') {
    app.log.info('PDFs of generated documents are made by LibreOffice');
  } else if (process.env.PDF_CONVERTER === 'builtin') {
    app.log.info('PDFs of generated documents are made by the built-in converter (PDF_CONVERTER=builtin)');
  } else {
    app.log.warn(
      'PDFs of generated documents are made by the built-in converter (text and tables only): install LibreOffice (apt-get install -y libreoffice-writer-nogui) or set SOFFICE_PATH to keep pictures, headers and footers',
    );
  }

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
