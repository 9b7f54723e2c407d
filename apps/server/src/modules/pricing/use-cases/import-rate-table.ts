import {
  PRICING_MESSAGES as M,
  MAX_IMPORT_ROWS,
  MESSAGES,
  type ParsedRateRow,
  PRICING_ROLES,
  parseRateSheet,
  priceCollectionResource,
  type RateImportError,
  type RateImportPreview,
  rateImportColumnsSchema,
  rateImportFileSchema,
  rateImportPreviewSchema,
  rateImportSchema,
  rateMappingIssues,
  suggestRateMapping,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCollector, fieldError } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/files/storage';
import {
  applyImport,
  defineImport,
  type ImportTable,
  previewImport,
  readTableIn,
  uploadedImportFile,
} from '../../../platform/imports';
import { defineUseCase, type UseCaseContext, userOf } from '../../../platform/resources';
import type { WorkerPool } from '../../../platform/workers/pool';
import { currencies } from '../../reference-data';
import { collectionService } from '../collections';
import { priceCollectionRows, priceCollections, pricingRegions } from '../tables';

/** An import reads the uploaded file from the app's file storage. */
export interface ImportContext extends UseCaseContext {
  storage: FileStorage;
}

/** The user's temporary upload `fileId` read as a table in a worker thread; a file that is no sheet is refused under `fileId`. */
async function sheetOf(ctx: ImportContext, fileId: number): Promise<ImportTable> {
  const bytes = await uploadedImportFile(ctx.tx, ctx.storage, userOf(ctx).userId, fileId);
  const sheet = await readRateTable(ctx.registries.workers, bytes);
  if ('refusal' in sheet) throw fieldError(['fileId'], sheet.refusal);
  return sheet;
}

const readRateTable = (workers: WorkerPool, bytes: Uint8Array) =>
  readTableIn(workers, bytes, {
    format: 'xlsx',
    maxRows: MAX_IMPORT_ROWS,
    messages: { notXlsx: M.notXlsx, noRows: M.noRows, tooManyRows: M.tooManyRows },
  });

/**
 * The first step of an import: the sheet's header columns, how many data rows it has and the mapping its
 * header texts suggest. Nothing is written.
 */
export const rateImportColumns = defineUseCase({
  name: 'pricing.import-columns',
  roles: PRICING_ROLES.edit,
  input: rateImportFileSchema,
  output: rateImportColumnsSchema,
  async run(ctx: ImportContext, input) {
    const sheet = await sheetOf(ctx, input.fileId);
    return {
      sheet: sheet.name,
      columns: sheet.columns,
      rowCount: sheet.rows.length,
      suggested: suggestRateMapping(sheet.columns),
    };
  },
});

const rateTableOptions = rateImportSchema.omit({ fileId: true });

/**
 * A rate table's XLSX file (docs/pricing.md "Import") under the user's mapping: every row becomes a priced
 * row of a new collection, or its cells' errors by row. A clean file becomes the collection with all its rows
 * in one transaction; a file with any error is refused whole ("The file has errors; nothing was imported.").
 * The collection's own rules (validity, one active per region) are its service's.
 */
export const rateTableImport = defineImport<
  ImportTable | { refusal: string },
  ParsedRateRow,
  z.infer<typeof rateTableOptions>,
  { id: number },
  undefined
>({
  name: 'pricing.rate-table',
  roles: PRICING_ROLES.edit,
  options: rateTableOptions,
  read: readRateTable,
  async plan(ctx, sheet, input) {
    if ('refusal' in sheet) throw fieldError(['fileId'], sheet.refusal);
    const regions = await ctx.tx
      .select({
        id: pricingRegions.id,
        code: pricingRegions.code,
        name: pricingRegions.name,
        nameEn: pricingRegions.nameEn,
      })
      .from(pricingRegions)
      .where(eq(pricingRegions.enabled, true));
    const known = await ctx.tx
      .select({ id: currencies.id, code: currencies.code })
      .from(currencies)
      .where(eq(currencies.enabled, true));
    const errors = new ErrorCollector();
    if (!regions.some((region) => region.id === input.collection.regionId)) {
      errors.add(['collection', 'regionId'], MESSAGES.invalid);
    }
    const defaultCurrency = known.find((c) => c.id === input.collection.currencyId)?.code ?? null;
    if (input.collection.currencyId != null && !defaultCurrency) {
      errors.add(['collection', 'currencyId'], MESSAGES.invalid);
    }
    for (const issue of rateMappingIssues(input.mapping, sheet.columns, defaultCurrency !== null)) {
      errors.add(issue.field ? ['mapping', issue.field] : ['mapping'], issue.message);
    }
    errors.throwIfAny();
    const byText = new Map<string, { id: number; name: string }>();
    for (const region of regions) {
      for (const text of [region.code, region.name, region.nameEn]) {
        if (text) byText.set(text.toLowerCase(), { id: region.id, name: region.name });
      }
    }
    const parsed = parseRateSheet(sheet.rows, input.mapping, {
      regionId: input.collection.regionId,
      regions: byText,
      currencies: new Set(known.map((c) => c.code)),
      defaultCurrency,
    });
    return {
      head: undefined,
      rows: parsed.rows.map((row) => ({ row: row.sourceRow, action: 'create', values: row })),
      errors: parsed.errors.map(({ field, ...error }) => ({ ...error, ...(field ? { field } : {}) })),
      errorCount: parsed.errorCount,
    };
  },
  async apply(ctx, rows, input) {
    if (rows.length === 0) throw fieldError(['fileId'], M.noRows);
    const auth = userOf(ctx);
    const created = (await collectionService.create({ ...ctx, auth }, input.collection)) as { id: number };
    const currencyIds = new Map(
      (await ctx.tx.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [
        c.code,
        c.id,
      ]),
    );
    const values = rows.map(({ values: row }) => ({
      collectionId: created.id,
      sourceRow: row.sourceRow,
      toRegionId: row.toRegionId,
      weightBreak: row.weightBreak,
      volumeBreak: row.volumeBreak,
      price: row.price,
      currencyId: currencyIds.get(row.currency)!,
    }));
    // Inserted in slices: one statement's parameters stay well under PostgreSQL's limit.
    for (let start = 0; start < values.length; start += 1000) {
      await ctx.tx.insert(priceCollectionRows).values(values.slice(start, start + 1000));
    }
    // The count is derived from the rows just written, not a change of the user's: no version, no log.
    await ctx.tx
      .update(priceCollections)
      .set({ rowCount: values.length })
      .where(eq(priceCollections.id, created.id));
    return created;
  },
  refuse: () => {
    throw fieldError([], M.fileHasErrors);
  },
});

/** The second step: the preview of a mapped file: the rows it would store, every error by row. Nothing is written. */
export const rateImportPreview = defineUseCase({
  name: 'pricing.import-preview',
  roles: PRICING_ROLES.edit,
  input: rateImportSchema,
  output: rateImportPreviewSchema,
  async run(ctx: ImportContext, { fileId, ...options }): Promise<RateImportPreview> {
    const bytes = await uploadedImportFile(ctx.tx, ctx.storage, userOf(ctx).userId, fileId);
    const preview = await previewImport(ctx, rateTableImport, bytes, options);
    return {
      rows: preview.rows.map((row) => row.values),
      errors: preview.errors.map((error) => ({
        row: error.row,
        field: (error.field ?? null) as RateImportError['field'],
        value: error.value ?? '',
        message: error.message,
      })),
      errorCount: preview.errorCount,
    };
  },
});

/** The import: the collection with all the file's rows, or nothing (`rateTableImport`), in the caller's transaction. */
export const importRateTable = defineUseCase({
  name: 'pricing.import-rate-table',
  roles: PRICING_ROLES.edit,
  input: rateImportSchema,
  output: priceCollectionResource.entity,
  async run(ctx: ImportContext, { fileId, ...options }) {
    const bytes = await uploadedImportFile(ctx.tx, ctx.storage, userOf(ctx).userId, fileId);
    const created = await applyImport(ctx, rateTableImport, bytes, options);
    return (await collectionService.get({ ...ctx, auth: userOf(ctx) }, created.id)) as never;
  },
});
