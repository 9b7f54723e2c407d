import type { ExportLanguage, FieldDescriptor, ResourceDescriptor } from '@tms/domain';
import { textOf } from '../i18n/dictionaries';
import type { WorkerPool } from '../workers/pool';
import { asBuffer } from '../workers/tasks';
import type { CellValue } from './workbook';

const YES_NO = { ru: ['Да', 'Нет'], en: ['Yes', 'No'] } as const;

/** A field's value as an export's cell holds it: its text (`exportText`, an option's label), a date, a number. */
export function cellValue(field: FieldDescriptor, value: unknown, lang: ExportLanguage): CellValue {
  if (value === null || value === undefined) return null;
  if (field.exportText) return field.exportText(value, lang);
  if (field.type === 'boolean') return value ? YES_NO[lang][0] : YES_NO[lang][1];
  if (field.type === 'enum' && typeof value === 'string') return field.optionLabels?.[value]?.[lang] ?? value;
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value);
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as CellValue;
}

/**
 * One sheet: a header row of the fields' labels in `lang` (the web's dictionaries), then a row per entity.
 * The cells' values are taken here (a descriptor's `exportText` is code); the workbook is written in a worker
 * thread (`resources.export-xlsx`).
 */
export async function exportWorkbook(
  workers: WorkerPool,
  descriptor: ResourceDescriptor,
  fields: readonly FieldDescriptor[],
  entities: readonly Record<string, unknown>[],
  lang: ExportLanguage,
): Promise<{ buffer: Buffer; filename: string }> {
  const title = textOf(descriptor.title, lang) ?? descriptor.name;
  const bytes = await workers.run('resources.export-xlsx', {
    title,
    columns: fields.map((field) => ({
      header: textOf(field.label, lang) ?? field.name,
      date: field.type === 'datetime',
    })),
    rows: entities.map((entity) => fields.map((f) => cellValue(f, entity[f.name], lang))),
  });
  return { buffer: asBuffer(bytes), filename: `${title}.xlsx` };
}
