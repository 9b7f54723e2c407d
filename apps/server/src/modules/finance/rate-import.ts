import {
  CBR_CARRY_FORWARD_DAYS,
  type CurrencyRateImportError,
  type CurrencyRateImportPreview,
  type CurrencyRateSource,
  currencyRateResource,
  daysStrictlyBetween,
  decimalCompare,
  RATE_IMPORT_MESSAGES as M,
  MORE_FILE_ERRORS,
  type parseCbrDaily,
  type RateImportRow,
  type RateImportSummary,
  rateImportErrors,
} from '@tms/domain';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { recordChanges } from '../../platform/changelog/service';
import type { FieldChanges } from '../../platform/changelog/tables';
import { ErrorCollector } from '../../platform/errors';
import { getOptions } from '../options';
import { currencies } from '../reference-data';
import type { RateInput, RateSheet } from './import-files';
import { currencyRates } from './tables';

type Who = Principal;

/**
 * Refuses the whole import with its errors under `rows.<row>.<field>` (a file-level one under `file`): the
 * first `MAX_FILE_ERRORS` of them, and a word under `file` when there are more.
 */
function refuse(errors: readonly CurrencyRateImportError[], errorCount: number): never {
  const collector = new ErrorCollector();
  for (const e of errors)
    collector.add(e.row === 0 ? ['file'] : ['rows', String(e.row), e.field ?? 'row'], e.message);
  if (errorCount > errors.length) collector.add(['file'], MORE_FILE_ERRORS);
  collector.throwIfAny();
  throw new Error('unreachable: refuse() without errors');
}

/** Ids of the currencies named, by upper-case code, and the base currency's code. */
async function currencyIds(tx: Tx, codes: readonly string[]) {
  const [rows, options] = await readAll(tx, [
    () =>
      codes.length
        ? tx
            .select({ id: currencies.id, code: currencies.code })
            .from(currencies)
            .where(inArray(currencies.code, [...codes]))
        : Promise.resolve([]),
    () => getOptions(tx),
  ]);
  return { ids: new Map(rows.map((r) => [r.code, r.id])), base: options.systemCurrencyCode };
}

type Existing = {
  id: number;
  date: string;
  currencyId: number;
  nominal: number;
  rate: string;
  source: string;
  version: number;
};

async function existingRates(
  tx: Tx,
  dates: readonly string[],
  ids: readonly number[],
): Promise<Map<string, Existing>> {
  if (dates.length === 0 || ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: currencyRates.id,
      date: currencyRates.date,
      currencyId: currencyRates.currencyId,
      nominal: currencyRates.nominal,
      rate: currencyRates.rate,
      source: currencyRates.source,
      version: currencyRates.version,
    })
    .from(currencyRates)
    .where(
      and(
        inArray(currencyRates.date, [...new Set(dates)]),
        inArray(currencyRates.currencyId, [...new Set(ids)]),
      ),
    );
  return new Map(rows.map((r) => [`${r.date}/${r.currencyId}`, r]));
}

const sameRate = (a: { nominal: number; rate: string }, b: { nominal: number; rate: string }) =>
  a.nominal === b.nominal && decimalCompare(a.rate, b.rate) === 0;

/**
 * Writes rates in the caller's transaction: a new day and currency is created, another rate of an existing
 * one replaces it, the same rate leaves it. `fillOnly` rows (a carried-over day) never replace a stored rate:
 * a rate someone entered for that day stays. The same rate from another source stays as it was. Every write is in the change log as an `import`.
 */
async function storeRates(
  tx: Tx,
  who: Who,
  rows: readonly (RateInput & { currencyId: number; fillOnly?: boolean })[],
  source: CurrencyRateSource,
) {
  const existing = await existingRates(
    tx,
    rows.map((r) => r.date),
    rows.map((r) => r.currencyId),
  );
  let updated = 0;
  let unchanged = 0;
  let carried = 0;
  const entries: { entityId: number; changes: FieldChanges; version: number }[] = [];
  const inserts: (typeof currencyRates.$inferInsert)[] = [];
  for (const row of rows) {
    const stored = existing.get(`${row.date}/${row.currencyId}`);
    if (!stored) {
      inserts.push({
        date: row.date,
        currencyId: row.currencyId,
        nominal: row.nominal,
        rate: row.rate,
        source,
      });
      if (row.fillOnly) carried++;
      continue;
    }
    if (row.fillOnly || sameRate(stored, row)) {
      if (!row.fillOnly) unchanged++;
      continue;
    }
    await tx
      .update(currencyRates)
      .set({
        nominal: row.nominal,
        rate: row.rate,
        source,
        version: sql`${currencyRates.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(currencyRates.id, stored.id));
    updated++;
    const changes: FieldChanges = {};
    if (stored.nominal !== row.nominal) changes.nominal = { old: stored.nominal, new: row.nominal };
    if (decimalCompare(stored.rate, row.rate) !== 0) changes.rate = { old: stored.rate, new: row.rate };
    if (stored.source !== source) changes.source = { old: stored.source, new: source };
    entries.push({ entityId: stored.id, changes, version: stored.version + 1 });
  }
  const created = inserts.length
    ? await tx.insert(currencyRates).values(inserts).returning({
        id: currencyRates.id,
        date: currencyRates.date,
        currencyId: currencyRates.currencyId,
        nominal: currencyRates.nominal,
        rate: currencyRates.rate,
      })
    : [];
  for (const row of created) {
    entries.push({
      entityId: row.id,
      version: 1,
      changes: Object.fromEntries(
        Object.entries({ ...row, source }).flatMap(([key, value]) =>
          key === 'id' ? [] : [[key, { old: null, new: value }]],
        ),
      ),
    });
  }
  if (entries.length) {
    await recordChanges(
      tx,
      entries.map((e) => ({
        entityType: currencyRateResource.name,
        entityId: e.entityId,
        action: 'import',
        auth: who,
        changes: e.changes,
        version: e.version,
      })),
    );
  }
  return { created: created.length - carried, updated, unchanged, carried };
}

/** The Bank of Russia's daily file as a worker read it (`finance.read-cbr`). */
export type CbrDaily = ReturnType<typeof parseCbrDaily>;

/**
 * Imports the Bank of Russia's daily file for its date D. When the last earlier Bank of Russia date P is at
 * most CBR_CARRY_FORWARD_DAYS before D, the days between get P's rates as rows of their own (source CBR):
 * the bank set no rate on them, so P's rate is the one in force (docs/finance.md "Currency rates").
 */
export async function importCbrRates(tx: Tx, who: Who, parsed: CbrDaily): Promise<RateImportSummary> {
  if ('errors' in parsed) refuse(parsed.errors, parsed.errorCount);
  const { date, rates } = parsed;
  const { ids, base } = await currencyIds(
    tx,
    rates.map((r) => r.code),
  );
  const skipped = rates.filter((r) => r.code === base || !ids.has(r.code)).map((r) => r.code);
  const kept = rates
    .filter((r) => r.code !== base && ids.has(r.code))
    .map((r) => ({
      row: r.row,
      date,
      currency: r.code,
      nominal: r.nominal,
      rate: r.rate,
      currencyId: ids.get(r.code)!,
    }));

  const [previous] = await tx
    .select({ date: currencyRates.date })
    .from(currencyRates)
    .where(and(eq(currencyRates.source, 'CBR'), lt(currencyRates.date, date)))
    .orderBy(desc(currencyRates.date))
    .limit(1);
  const gap = previous ? daysStrictlyBetween(previous.date, date) : [];
  const carried =
    previous && gap.length > 0 && gap.length < CBR_CARRY_FORWARD_DAYS
      ? (
          await tx
            .select({
              currencyId: currencyRates.currencyId,
              nominal: currencyRates.nominal,
              rate: currencyRates.rate,
            })
            .from(currencyRates)
            .where(and(eq(currencyRates.source, 'CBR'), eq(currencyRates.date, previous.date)))
        ).flatMap((r) =>
          gap.map((day) => ({ ...r, row: 0, date: day, currency: '', fillOnly: true as const })),
        )
      : [];
  const counts = await storeRates(tx, who, [...kept, ...carried], 'CBR');
  return { from: carried.length ? (gap[0] ?? date) : date, to: date, ...counts, skipped };
}

/**
 * An XLSX sheet checked against the database without writing: each row with what the import would do
 * (the base currency is skipped), and every error by row (unknown currencies, a day and currency twice).
 */
export async function previewRateSheet(tx: Tx, sheet: RateSheet): Promise<CurrencyRateImportPreview> {
  const { rows } = sheet;
  const errors = rateImportErrors();
  errors.addFound(sheet.errors, sheet.errorCount);
  const { ids, base } = await currencyIds(tx, [...new Set(rows.map((r) => r.currency))]);
  const seen = new Set<string>();
  const resolved = rows.map((r) => {
    const currencyId = ids.get(r.currency);
    if (/^[A-Z]{3}$/.test(r.currency) && r.currency !== base && currencyId === undefined) {
      errors.add({ row: r.row, field: 'currency', message: M.unknownCurrency });
    }
    const key = `${r.date}/${r.currency}`;
    if (r.date && seen.has(key)) errors.add({ row: r.row, field: 'date', message: M.duplicate });
    seen.add(key);
    return { ...r, currencyId };
  });
  const existing = await existingRates(
    tx,
    resolved.filter((r) => r.date).map((r) => r.date),
    resolved.flatMap((r) => (r.currencyId === undefined ? [] : [r.currencyId])),
  );
  const answered: RateImportRow[] = resolved.map(({ currencyId, ...r }) => {
    const stored = currencyId === undefined ? undefined : existing.get(`${r.date}/${currencyId}`);
    const action =
      r.currency === base || currencyId === undefined
        ? 'skip'
        : !stored
          ? 'create'
          : sameRate(stored, r)
            ? 'unchanged'
            : 'update';
    return { ...r, action };
  });
  return { rows: answered, errors: errors.list(), errorCount: errors.count };
}

/** Imports an XLSX sheet of rates whole, or refuses it whole with the preview's errors. */
export async function importRateSheet(tx: Tx, who: Who, sheet: RateSheet): Promise<RateImportSummary> {
  const preview = await previewRateSheet(tx, sheet);
  if (preview.errorCount) refuse(preview.errors, preview.errorCount);
  const { ids } = await currencyIds(
    tx,
    preview.rows.map((r) => r.currency),
  );
  const stored = preview.rows
    .filter((r) => r.action !== 'skip')
    .map((r) => ({ ...r, currencyId: ids.get(r.currency)! }));
  const counts = await storeRates(tx, who, stored, 'IMPORT');
  const dates = preview.rows.map((r) => r.date).sort();
  return {
    from: dates[0]!,
    to: dates[dates.length - 1]!,
    ...counts,
    skipped: [...new Set(preview.rows.filter((r) => r.action === 'skip').map((r) => r.currency))],
  };
}
