import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  cbrFetchSchema,
  currencyRateImportPreviewSchema,
  dataSchema,
  MAX_CBR_BYTES,
  MAX_RATE_SHEET_BYTES,
  RATE_IMPORT_MESSAGES,
  type RateImportSummary,
  rateImportSettingsSchema,
  rateImportSummarySchema,
} from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import {
  applyImport,
  type ImportDefinition,
  importBytes,
  importUploadLimit,
  previewImport,
} from '../../platform/imports';
import { requestContext } from '../../platform/resources';
import { cbrImport, rateSheetImport, rateSheetPreviewOf } from './rate-import';
import { uploadedFile } from './upload';

const ROLES = { roles: ['ROLE_SETTINGS_CURRENCY_RATES'] as const };
const TAGS = ['currency_rate'];
/** The Bank of Russia's answer is small; a stuck connection must not hold the request. */
const FETCH_TIMEOUT_MS = 20_000;

/**
 * Currency rate imports (docs/finance.md "Currency rates"): the Bank of Russia's daily file uploaded or,
 * where the server may reach the bank (CBR_RATES_URL), fetched for a date; an XLSX sheet previewed, then
 * imported. Each is one transaction: a file with an error changes nothing.
 */
export function registerRateImportRoutes(app: App): void {
  /** An import applied in the request, in one transaction (a rates file is small). */
  const apply = <R, V, H>(
    request: FastifyRequest,
    definition: ImportDefinition<R, V, undefined, RateImportSummary, H>,
    bytes: Uint8Array,
  ) =>
    app.database.db.transaction((tx) =>
      applyImport({ ...requestContext(request, tx), auth: request.auth! }, definition, bytes, undefined),
    );
  const url = app.appConfig.cbrRatesUrl;

  app.get(
    '/finances/currency-rates/import/settings',
    {
      config: ROLES,
      schema: {
        tags: TAGS,
        summary: 'What the rate imports offer here',
        response: { 200: dataSchema(rateImportSettingsSchema) },
      },
    },
    async () => ({ data: { cbrFetch: url !== undefined } }),
  );

  app.post(
    '/finances/currency-rates/import/cbr',
    {
      config: { ...ROLES, uploadLimit: importUploadLimit(MAX_CBR_BYTES) },
      schema: {
        tags: TAGS,
        summary: 'Import the Bank of Russia\'s daily rates file (XML_daily, multipart field "file")',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(rateImportSummarySchema) },
      },
    },
    async (request) => {
      const { bytes } = await uploadedFile(request);
      return { data: await apply(request, cbrImport, bytes) };
    },
  );

  app.post(
    '/finances/currency-rates/import/cbr-fetch',
    {
      config: ROLES,
      schema: {
        tags: TAGS,
        summary:
          "Fetch the Bank of Russia's rates of a date and import them (only where CBR_RATES_URL is set)",
        body: cbrFetchSchema,
        response: { 200: dataSchema(rateImportSummarySchema) },
      },
    },
    async (request) => {
      if (url === undefined) throw new HttpError(409, RATE_IMPORT_MESSAGES.fetchDisabled);
      const [y, m, d] = request.body.date.split('-');
      const address = new URL(url);
      address.searchParams.set('date_req', `${d}/${m}/${y}`);
      const answer = await fetch(address, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch(
        () => null,
      );
      if (!answer?.ok || !answer.body) throw new HttpError(502, RATE_IMPORT_MESSAGES.fetchFailed);
      // Whoever answers at that address, no more than a rates file is read of it.
      const body = Readable.fromWeb(answer.body as unknown as WebReadableStream<Uint8Array>);
      const bytes = await importBytes(body, MAX_CBR_BYTES).catch(() => null);
      if (!bytes) throw new HttpError(502, RATE_IMPORT_MESSAGES.fetchFailed);
      return { data: await apply(request, cbrImport, bytes) };
    },
  );

  app.post(
    '/finances/currency-rates/import/xlsx/preview',
    {
      config: { ...ROLES, uploadLimit: importUploadLimit(MAX_RATE_SHEET_BYTES) },
      schema: {
        tags: TAGS,
        summary: 'Read an XLSX sheet of rates (date, currency code, nominal, rate) without importing it',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(currencyRateImportPreviewSchema) },
      },
    },
    async (request) => {
      const { bytes } = await uploadedFile(request);
      const ctx = { ...requestContext(request), auth: request.auth! };
      return { data: rateSheetPreviewOf(await previewImport(ctx, rateSheetImport, bytes, undefined)) };
    },
  );

  app.post(
    '/finances/currency-rates/import/xlsx',
    {
      config: { ...ROLES, uploadLimit: importUploadLimit(MAX_RATE_SHEET_BYTES) },
      schema: {
        tags: TAGS,
        summary: 'Import an XLSX sheet of rates whole, or refuse it whole with its errors by row',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(rateImportSummarySchema) },
      },
    },
    async (request) => {
      const { bytes } = await uploadedFile(request);
      return { data: await apply(request, rateSheetImport, bytes) };
    },
  );
}
