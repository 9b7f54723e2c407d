import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { changeLogGenerator } from './change-log';
import { counterpartiesGenerator } from './counterparties';
import { declarationsGenerator, tnvedGenerator } from './customs';
import { billsGenerator, closedMonthsGenerator, currencyRatesGenerator } from './finance';
import { operationsGenerator } from './operations';
import { printableBillsGenerator } from './printable-bills';
import { type Generator, type IdRange, seededRandom } from './registry';
import { requestsGenerator } from './requests';
import { serviceOfficesGenerator } from './service-offices';
import { usersGenerator } from './users';

export type { Generator } from './registry';

/**
 * Every generator, in the order they run: counterparties after the offices and users that serve and
 * curate them, then orders with their jobs and stages, whose clients, contractors and forwarders those are;
 * the daily currency rates before the requests (which follow the orders' lanes) and the bills of the orders and
 * jobs, whose base amounts are converted at those rates, then the printable bills of the income bills; the
 * TNVED classifier before the customs declarations of the orders, whose items carry its codes.
 */
export const GENERATORS: Generator[] = [
  serviceOfficesGenerator,
  usersGenerator,
  counterpartiesGenerator,
  operationsGenerator,
  currencyRatesGenerator,
  requestsGenerator,
  billsGenerator,
  closedMonthsGenerator,
  printableBillsGenerator,
  changeLogGenerator,
  tnvedGenerator,
  declarationsGenerator,
];

export interface GenerationResult {
  size: number;
  generators: { name: string; rows: number; ms: number }[];
  /** COPY of every generator plus VACUUM ANALYZE, wall time. */
  ms: number;
}

/**
 * Fills an empty, migrated database (at `url`) with a history of `size`, then analyses the filled tables.
 * `skip` names generators whose tables the measured endpoints never read (`--skip-generators`): a run of a
 * few endpoints at 1,000,000 rows saves their minutes. Their tables stay empty.
 */
export async function generate(
  url: string,
  size: number,
  skip: readonly string[] = [],
): Promise<GenerationResult> {
  const unknown = skip.filter((name) => !GENERATORS.some((g) => g.name === name));
  if (unknown.length) {
    throw new Error(
      `unknown generator(s): ${unknown.join(', ')}; known: ${GENERATORS.map((g) => g.name).join(', ')}`,
    );
  }
  const generators = GENERATORS.filter((g) => !skip.includes(g.name));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const ids = new Map<string, IdRange>();
  const random = seededRandom(size);
  const results: GenerationResult['generators'] = [];
  try {
    for (const generator of generators) {
      const t = performance.now();
      await generator.run({ client, size, random, ids });
      results.push({
        name: generator.name,
        rows: generator.rows(size),
        ms: Math.round(performance.now() - t),
      });
    }
    const tables = [...new Set(generators.flatMap((g) => g.tables))];
    await client.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
  } finally {
    await client.end();
  }
  return { size, generators: results, ms: Math.round(performance.now() - started) };
}
