import type { RateImportMapping, SheetColumn } from '@tms/domain';

/** The spreadsheet letter of a 1-based column index (1 → A, 27 → AA). */
export function columnLetter(index: number): string {
  let rest = index;
  let letters = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/** A column as the mapping step offers it: "B · Куда". */
export const columnLabel = (column: SheetColumn): string => `${columnLetter(column.index)} · ${column.title}`;

/** The mapping as sent: every field, unmapped ones as null. */
export function mappingBody(mapping: RateImportMapping): Required<RateImportMapping> {
  return {
    fromRegion: mapping.fromRegion ?? null,
    toRegion: mapping.toRegion ?? null,
    weightBreak: mapping.weightBreak ?? null,
    volumeBreak: mapping.volumeBreak ?? null,
    price: mapping.price ?? null,
    currency: mapping.currency ?? null,
  };
}
