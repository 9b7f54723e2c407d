import type { ExportLanguage, FieldDescriptor, ResourceDescriptor } from '@tms/domain';
import ExcelJS from 'exceljs';
import { textOf } from '../i18n/dictionaries';

const YES_NO = { ru: ['Да', 'Нет'], en: ['Yes', 'No'] } as const;

function cellValue(field: FieldDescriptor, value: unknown, lang: ExportLanguage): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (field.exportText) return field.exportText(value, lang);
  if (field.type === 'boolean') return value ? YES_NO[lang][0] : YES_NO[lang][1];
  if (field.type === 'enum' && typeof value === 'string') return field.optionLabels?.[value]?.[lang] ?? value;
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value);
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as ExcelJS.CellValue;
}

/** One sheet: a header row of the fields' labels in `lang` (the web's dictionaries), then a row per entity. */
export async function exportWorkbook(
  descriptor: ResourceDescriptor,
  fields: readonly FieldDescriptor[],
  entities: readonly Record<string, unknown>[],
  lang: ExportLanguage,
): Promise<{ buffer: Buffer; filename: string }> {
  const title = textOf(descriptor.title, lang) ?? descriptor.titles?.[lang] ?? descriptor.name;
  const workbook = new ExcelJS.Workbook();
  // Sheet names are at most 31 characters and may not hold []:*?/\
  const sheet = workbook.addWorksheet(title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  sheet.columns = fields.map((field) => {
    const header = textOf(field.label, lang) ?? field.name;
    return {
      header,
      key: field.name,
      width: Math.max(12, Math.min(50, header.length + 4)),
      style: field.type === 'datetime' ? { numFmt: 'dd.mm.yyyy hh:mm' } : {},
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const entity of entities) {
    sheet.addRow(Object.fromEntries(fields.map((f) => [f.name, cellValue(f, entity[f.name], lang)])));
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { buffer, filename: `${title}.xlsx` };
}
