/**
 * The import pipeline (docs/decisions/015-import-pipeline.md): read a file in a worker thread (CSV, XLSX,
 * the 1C text format, XML; UTF-8, Windows-1251, DOS 866) → map its columns → plan every row against the
 * database (create, update, unchanged, skip, error, by the file's row) → preview → apply through the
 * domain's use cases in one transaction or in batches, in the request or as a job with progress.
 */
export { CSV_DELIMITERS, type CsvDelimiter, detectDelimiter, readCsvRecords } from './csv';
export { decodeText, decodeXml, detectEncoding, IMPORT_ENCODINGS, type ImportEncoding } from './decode';
export { importBytes, importUploadLimit, uploadedImport, uploadedImportFile } from './files';
export { enqueueImport, importApplyTask } from './jobs';
export { type ColumnMapping, cellsOf, type ImportField, suggestMapping } from './mapping';
export {
  type AnyImport,
  type ApplyOptions,
  applyImport,
  applyPlanned,
  authorizeImport,
  defineImport,
  type ImportContext,
  type ImportDefinition,
  type ImportPlan,
  type ImportPreview,
  importErrors,
  type PlannedRow,
  planImport,
  previewImport,
  refuseByRow,
} from './pipeline';
export { importOf } from './registry';
export { importRoutes } from './routes';
export {
  cellText,
  readTable,
  readXlsx,
  streamTable,
  type TableMessages,
  type TableOptions,
  type TablePiece,
} from './table';
export { importTasks, readTableIn, streamTableIn } from './tasks';
export type { ImportTable, TableColumn, TableRow } from './types';
export { decimalOf } from './values';
