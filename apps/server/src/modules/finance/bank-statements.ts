import { bankStatementPreviewSchema, dataSchema, parseBankStatement } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { uploadedFile } from './upload';

/**
 * The file's text. The format names its own code page in the line `Кодировка=Windows` (Windows-1251) or
 * `Кодировка=DOS` (866): the code page in which that key reads is the file's. UTF-8 with a BOM is taken as such.
 */
export function decodeBankStatement(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  const windows = new TextDecoder('windows-1251').decode(bytes);
  if (/^Кодировка=/m.test(windows)) return windows;
  const dos = new TextDecoder('ibm866').decode(bytes);
  return /^Кодировка=/m.test(dos) ? dos : windows;
}

/**
 * Bank statements (the 1C client-bank exchange file). The dry run parses a statement and answers its
 * documents or every error with its line; it writes nothing, so the import screen shows what would be
 * imported before anything is (spec §6 "Payments": whoever creates payments).
 */
export function registerBankStatementRoutes(app: App): void {
  app.post(
    '/finances/bank-statements/preview',
    {
      config: { roles: ['ROLE_PAYMENT_CREATE'] },
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
      return { data: parseBankStatement(decodeBankStatement(bytes)) };
    },
  );
}
