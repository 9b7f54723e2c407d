import {
  CBR_CARRY_FORWARD_DAYS,
  type CurrencyRateImportError,
  type CurrencyRateImportPreview,
  type CurrencyRateSource,
  currencyRateResource,
  daysStrictlyBetween,
  decimalCompare,
  RATE_IMPORT_MESSAGES as M,
  MAX_CBR_BYTES,
  MAX_RATE_SHEET_BYTES,
  type parseCbrDaily,
  type RateImportRow,
  type RateImportSummary,
} from '@tms/domain';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { recordChanges } from '../../platform/changelog/service';
import type { FieldChanges } from '../../platform/changelog/tables';
import { defineImport, type ImportPreview } from '../../platform/imports';
import { getOptions } from '../options';
import { currencies } from '../reference-data';
import type { RateInput, RateSheet } from './import-files';
import { currencyRates } from './tables';

type Who = Principal;

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

type PlannedRate = RateInput & { currencyId: number | undefined };
/** A sheet's row also keeps what it would do were it not for its errors: the preview shows it so. */
type SheetRate = PlannedRate & { intended: RateImportRow['action'] };

/** What storing a rate would do: the base currency and unknown codes are skipped, else by the stored rate. */
function actionOf(rate: PlannedRate, base: string, existing: Map<string, Existing>): RateImportRow['action'] {
  if (rate.currency === base || rate.currencyId === undefined) return 'skip';
  const stored = existing.get(`${rate.date}/${rate.currencyId}`);
  return !stored ? 'create' : sameRate(stored, rate) ? 'unchanged' : 'update';
}

const ROLES = ['ROLE_SETTINGS_CURRENCY_RATES'] as const;

/**
 * The Bank of Russia's daily file (XML): every currency of the file for its date D, the base currency and
 * currencies we do not keep skipped. When the last earlier Bank of Russia date P is at most
 * CBR_CARRY_FORWARD_DAYS before D, the days between get P's rates as rows of their own (source CBR): the bank
 * set no rate on them, so P's rate is the one in force (docs/finance.md "Currency rates").
 */
export const cbrImport = defineImport<CbrDaily, PlannedRate, undefined, RateImportSummary, { date: string }>({
  name: 'finance.cbr-rates',
  roles: ROLES,
  maxBytes: MAX_CBR_BYTES,
  read: (workers, bytes) => workers.run('finance.read-cbr', bytes),
  async plan(ctx, parsed) {
    if ('errors' in parsed)
      return { head: { date: '' }, rows: [], errors: parsed.errors, errorCount: parsed.errorCount };
    const { date, rates } = parsed;
    const { ids, base } = await currencyIds(
      ctx.tx,
      rates.map((r) => r.code),
    );
    const planned = rates.map((r) => ({
      row: r.row,
      date,
      currency: r.code,
      nominal: r.nominal,
      rate: r.rate,
      currencyId: r.code === base ? undefined : ids.get(r.code),
    }));
    const existing = await existingRates(
      ctx.tx,
      [date],
      planned.flatMap((r) => (r.currencyId === undefined ? [] : [r.currencyId])),
    );
    return {
      head: { date },
      rows: planned.map((values) => ({ row: values.row, action: actionOf(values, base, existing), values })),
    };
  },
  async apply(ctx, rows, _options, { date }) {
    const kept = rows
      .filter((r) => r.action !== 'skip')
      .map((r) => ({ ...r.values, currencyId: r.values.currencyId! }));
    const skipped = rows.filter((r) => r.action === 'skip').map((r) => r.values.currency);
    const [previous] = await ctx.tx
      .select({ date: currencyRates.date })
      .from(currencyRates)
      .where(and(eq(currencyRates.source, 'CBR'), lt(currencyRates.date, date)))
      .orderBy(desc(currencyRates.date))
      .limit(1);
    const gap = previous ? daysStrictlyBetween(previous.date, date) : [];
    const carried =
      previous && gap.length > 0 && gap.length < CBR_CARRY_FORWARD_DAYS
        ? (
            await ctx.tx
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
    const counts = await storeRates(ctx.tx, ctx.auth, [...kept, ...carried], 'CBR');
    return { from: carried.length ? (gap[0] ?? date) : date, to: date, ...counts, skipped };
  },
});

/**
 * An XLSX sheet of rates (date, currency code, nominal, rate), whole or not at all: each row with what it
 * would do (the base currency is skipped), every error by row (the reader's, unknown currencies, a day and
 * currency twice).
 */
export const rateSheetImport = defineImport<RateSheet, SheetRate, undefined, RateImportSummary>({
  name: 'finance.rate-sheet',
  roles: ROLES,
  maxBytes: MAX_RATE_SHEET_BYTES,
  read: (workers, bytes) => workers.run('finance.read-rate-sheet', bytes),
  async plan(ctx, sheet) {
    // The reader's errors go with their rows; those of the file, and those past the kept ones, stay the file's.
    const byRow = new Map<number, CurrencyRateImportError[]>();
    const fileErrors: CurrencyRateImportError[] = [];
    for (const error of sheet.errors) {
      if (error.row === 0) fileErrors.push(error);
      else byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
    }
    const { ids, base } = await currencyIds(ctx.tx, [...new Set(sheet.rows.map((r) => r.currency))]);
    const seen = new Set<string>();
    const resolved = sheet.rows.map((r) => {
      const currencyId = ids.get(r.currency);
      const errors = byRow.get(r.row) ?? [];
      if (/^[A-Z]{3}$/.test(r.currency) && r.currency !== base && currencyId === undefined) {
        errors.push({ row: r.row, field: 'currency', message: M.unknownCurrency });
      }
      const key = `${r.date}/${r.currency}`;
      if (r.date && seen.has(key)) errors.push({ row: r.row, field: 'date', message: M.duplicate });
      seen.add(key);
      return { values: { ...r, currencyId }, errors };
    });
    const existing = await existingRates(
      ctx.tx,
      resolved.filter((r) => r.values.date).map((r) => r.values.date),
      resolved.flatMap((r) => (r.values.currencyId === undefined ? [] : [r.values.currencyId])),
    );
    return {
      head: undefined,
      rows: resolved.map(({ values, errors }) => {
        const intended = actionOf(values, base, existing);
        return {
          row: values.row,
          action: errors.length ? 'error' : intended,
          values: { ...values, intended },
          errors,
        };
      }),
      errors: fileErrors,
      errorCount: fileErrors.length + sheet.errorCount - sheet.errors.length,
    };
  },
  async apply(ctx, rows) {
    const stored = rows
      .filter((r) => r.action !== 'skip')
      .map((r) => ({ ...r.values, currencyId: r.values.currencyId! }));
    const counts = await storeRates(ctx.tx, ctx.auth, stored, 'IMPORT');
    const dates = rows.map((r) => r.values.date).sort();
    return {
      from: dates[0]!,
      to: dates[dates.length - 1]!,
      ...counts,
      skipped: [...new Set(rows.filter((r) => r.action === 'skip').map((r) => r.values.currency))],
    };
  },
});

/** A previewed sheet as the rate import's preview answers it: each row with what it would do had it no error. */
export function rateSheetPreviewOf(preview: ImportPreview<SheetRate, undefined>): CurrencyRateImportPreview {
  return {
    rows: preview.rows.map(({ values: { currencyId: _id, intended, ...row } }) => ({
      ...row,
      action: intended,
    })),
    errors: preview.errors,
    errorCount: preview.errorCount,
  };
}
