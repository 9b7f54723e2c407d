import { archiverIgnoredBehaviours } from '@tms/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ScheduledJob } from '../../platform/jobs/scheduler';
import { asSystem } from '../../platform/resources';
import type { CallContext } from '../../platform/resources/context';
import { getOptions } from '../options';
import { OPERATION_KINDS } from './operation';
import { stageRulesOf, today } from './stages';
import { type orders, stages } from './tables';
import { setArchived } from './use-cases/archive';

export { archiveBlockersOf, archiveFactsOf, definitionsOf } from './archive-facts';

/** Operations looked at per query; the archiver walks the candidates in id order. */
const BATCH = 500;

/**
 * Archives every order and job meeting every condition of spec §4 (`archiveBlockers` empty); jobs first,
 * so an order whose last jobs go to the archive follows in the same run. Only operations not archived,
 * with stages and none of them open (IGNORE_ARCHIVER ones aside) are looked at; each is re-checked
 * under its row lock, so runs are idempotent and safe beside users' edits.
 */
export async function runArchiver(
  { tx: db, registries }: CallContext,
  on: string = today(),
): Promise<{ orders: number[]; jobs: number[] }> {
  const archived = { orders: [] as number[], jobs: [] as number[] };
  const { archiveAfterDays } = await getOptions(db);
  const ignoredCodes = archiverIgnoredBehaviours(stageRulesOf(registries)).map((code) => sql`${code}`);
  const ignored = sql`ARRAY[${sql.join(ignoredCodes, sql`, `)}]::text[]`;
  for (const kind of [OPERATION_KINDS.job, OPERATION_KINDS.order]) {
    const table = kind.table as typeof orders;
    let after = 0;
    for (;;) {
      const candidates = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.archived, false),
            gt(table.id, after),
            sql`EXISTS (SELECT 1 FROM ${stages} s WHERE s.operation_type = ${kind.type} AND s.operation_id = ${table.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${stages} s WHERE s.operation_type = ${kind.type} AND s.operation_id = ${table.id}
              AND NOT s.closed AND NOT (s.behaviours && ${ignored}))`,
          ),
        )
        .orderBy(asc(table.id))
        .limit(BATCH);
      if (!candidates.length) break;
      after = candidates.at(-1)!.id;
      for (const { id } of candidates) {
        const { changed } = await db.transaction((tx) =>
          setArchived.run(asSystem({ tx, registries }, 'archiver'), {
            operation: kind.type,
            id,
            archived: true,
            on,
            archiveAfterDays,
          }),
        );
        if (changed) (kind.type === 'order' ? archived.orders : archived.jobs).push(id);
      }
    }
  }
  return archived;
}

/** The archiver (spec §4): every quarter of an hour, in one instance. */
export const operationsArchiverJob: ScheduledJob = {
  name: 'operations-archiver',
  intervalMs: 15 * 60 * 1000,
  async run({ database, registries }) {
    await runArchiver({ tx: database.db, registries });
  },
};
