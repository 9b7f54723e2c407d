import type { PrintableBillDocument, PrintableBillLanguage } from '@tms/domain';
import { parseCbrDaily } from '@tms/domain/finance/rate-import';
import { decodeXml } from '../../platform/imports/decode';
import { asBuffer } from '../../platform/workers/tasks';
import { readBankStatement, readRateSheet } from './import-files';
import { renderPrintableBillPdf } from './printable-bill-pdf';

/** Finance's CPU work, run in the app's worker threads (`registries.workers`), never on the request loop. */
export const financeTasks = {
  'finance.printable-bill-pdf': (input: {
    document: PrintableBillDocument;
    language: PrintableBillLanguage;
  }): Promise<Uint8Array> => renderPrintableBillPdf(input.document, input.language),
  /** A 1C client-bank exchange file read: its statement, or its errors (the first ones and the count). */
  'finance.read-statement': (bytes: Uint8Array) => readBankStatement(bytes),
  /** The Bank of Russia's daily XML read: its date and rates, or its errors (the first ones and the count). */
  'finance.read-cbr': (bytes: Uint8Array) => parseCbrDaily(decodeXml(bytes)),
  /** An XLSX sheet of rates read: its rows and its errors by row (the first ones and the count). */
  'finance.read-rate-sheet': (bytes: Uint8Array) => readRateSheet(asBuffer(bytes)),
};

type FinanceTasks = typeof financeTasks;
declare module '../../platform/workers/tasks' {
  interface WorkerTasks extends FinanceTasks {}
}
