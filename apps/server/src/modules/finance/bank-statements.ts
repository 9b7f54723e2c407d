import { bankStatementPreviewSchema, dataSchema, MAX_STATEMENT_BYTES } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { importUploadLimit } from '../../platform/imports';
import { uploadedFile } from './upload';

/**
 * Bank statements (the 1C client-bank exchange file). The dry run parses a statement (in a worker thread) and
 * answers its documents or its errors with their lines (the first `MAX_FILE_ERRORS` and the count); it writes nothing, so the import screen shows what would be
 * imported before anything is (spec §6 "Payments": whoever creates payments).
 */
export function registerBankStatementRoutes(app: App): void {
  app.post(
    '/finances/bank-statements/preview',
    {
      config: { roles: ['ROLE_PAYMENT_CREATE'], uploadLimit: importUploadLimit(MAX_STATEMENT_BYTES) },
      schema: {
        tags: ['finance'],
        summary:
          'Parse a 1CClientBankExchange statement (multipart field "file", Windows-1251) without importing it',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(bankStatementPreviewSchema) },
      },
    },
    async (request) => {
      const { bytes } = await uploadedFile(request);
      return { data: await app.registries.workers.run('finance.read-statement', bytes) };
    },
  );
}
