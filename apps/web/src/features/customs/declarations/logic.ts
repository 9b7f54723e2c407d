import type { CustomsDeclaration, DeclarationItem, DeclarationStatus } from '@tms/domain';

/**
 * The badge colour of each status (the theme's light variant, text in shade 9 on shade 0, reads at 4.5:1
 * for these; orange, lime and green do not): grey while ours, blues with customs, teal released, red refused.
 */
export const STATUS_COLORS: Readonly<Record<DeclarationStatus, string>> = {
  DRAFT: 'gray',
  SUBMITTED: 'indigo',
  REGISTERED: 'blue',
  UNDER_CONTROL: 'violet',
  RELEASED: 'teal',
  RELEASED_CONDITIONALLY: 'cyan',
  REFUSED: 'red',
  WITHDRAWN: 'gray',
  NOT_FILED: 'gray',
};

/** An item as the form holds it: numbers as the inputs give them ('' when empty). */
export interface ItemForm {
  tnvedCode: string;
  description: string;
  grossWeight: number | string;
  netWeight: number | string;
  customsValue: string;
}

export const emptyItem = (): ItemForm => ({
  tnvedCode: '',
  description: '',
  grossWeight: '',
  netWeight: '',
  customsValue: '',
});

export const itemFormOf = (item: DeclarationItem): ItemForm => ({
  tnvedCode: item.tnvedCode,
  description: item.description,
  grossWeight: item.grossWeight ?? '',
  netWeight: item.netWeight ?? '',
  customsValue: item.customsValue ?? '',
});

const numberOrNull = (value: number | string) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** The items as the API takes them: empty numbers as null. */
export function itemsBodyOf(items: readonly ItemForm[]): DeclarationItem[] {
  return items.map((item) => ({
    tnvedCode: item.tnvedCode,
    description: item.description,
    grossWeight: numberOrNull(item.grossWeight),
    netWeight: numberOrNull(item.netWeight),
    customsValue: item.customsValue.trim() === '' ? null : item.customsValue.trim(),
  }));
}

/** "10702070/070219/0023698", or the draft's id while customs has given no number. */
export function declarationTitle(dt: Pick<CustomsDeclaration, 'id' | 'number'>): string {
  return dt.number ?? `#${String(dt.id).padStart(6, '0')}`;
}

/** The release time as hours and minutes. */
export function hoursAndMinutes(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** A TNVED code as it is printed: `0000 00 000 0`. */
export function tnvedPrinted(code: string): string {
  return /^\d{10}$/.test(code)
    ? `${code.slice(0, 4)} ${code.slice(4, 6)} ${code.slice(6, 9)} ${code.slice(9)}`
    : code;
}
