import {
  PRICING_MESSAGES as M,
  MESSAGES,
  PRICING_ROLES,
  parseRateSheet,
  priceCollectionResource,
  type RateImport,
  type RateImportPreview,
  rateImportColumnsSchema,
  rateImportFileSchema,
  rateImportPreviewSchema,
  rateImportSchema,
  rateMappingIssues,
  suggestRateMapping,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { ErrorCollector, fieldError } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/files/storage';
import { defineUseCase, type UseCaseContext, userOf } from '../../../platform/resources';
import { currencies } from '../../reference-data';
import { collectionService } from '../collections';
import { readRateSheet } from '../sheet';
import { priceCollectionRows, priceCollections, pricingRegions } from '../tables';

/** An import reads the uploaded file from the app's file storage. */
export interface ImportContext extends UseCaseContext {
  storage: FileStorage;
}

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
    const sheet = await readRateSheet(ctx.tx, ctx.storage, ctx.registries.workers, userOf(ctx), input.fileId);
    return {
      sheet: sheet.name,
      columns: sheet.columns,
      rowCount: sheet.rows.length,
      suggested: suggestRateMapping(sheet.columns),
    };
  },
});

/** The file read under its mapping: the rows it would store and every error with its row number. */
async function previewOf(ctx: ImportContext, input: RateImport): Promise<RateImportPreview> {
  const sheet = await readRateSheet(ctx.tx, ctx.storage, ctx.registries.workers, userOf(ctx), input.fileId);
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
  return parseRateSheet(sheet.rows, input.mapping, {
    regionId: input.collection.regionId,
    regions: byText,
    currencies: new Set(known.map((c) => c.code)),
    defaultCurrency,
  });
}

/** The second step: the preview of a mapped file. Nothing is written. */
export const rateImportPreview = defineUseCase({
  name: 'pricing.import-preview',
  roles: PRICING_ROLES.edit,
  input: rateImportSchema,
  output: rateImportPreviewSchema,
  run: (ctx: ImportContext, input) => previewOf(ctx, input),
});

/**
 * The import: a clean file becomes a collection with all its rows, in the caller's transaction; a file
 * with any error is refused whole ("The file has errors; nothing was imported.") and nothing is written.
 * The collection's own rules (validity, one active per region) are its service's.
 */
export const importRateTable = defineUseCase({
  name: 'pricing.import-rate-table',
  roles: PRICING_ROLES.edit,
  input: rateImportSchema,
  output: priceCollectionResource.entity,
  async run(ctx: ImportContext, input) {
    const auth = userOf(ctx);
    const preview = await previewOf(ctx, input);
    if (preview.errors.length > 0) throw fieldError([], M.fileHasErrors);
    if (preview.rows.length === 0) throw fieldError(['fileId'], M.noRows);
    const created = (await collectionService.create({ ...ctx, auth }, input.collection)) as { id: number };
    const currencyIds = new Map(
      (await ctx.tx.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [
        c.code,
        c.id,
      ]),
    );
    const values = preview.rows.map((row) => ({
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
    return (await collectionService.get({ ...ctx, auth }, created.id)) as never;
  },
});
