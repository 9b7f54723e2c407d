import type { ListResult } from '@tms/domain';
import { useState } from 'react';

type Counted = Pick<ListResult<unknown>, 'collection' | 'total' | 'totalKind'>;

export const isExactTotal = (result: Counted | undefined) =>
  !result?.totalKind || result.totalKind === 'exact';

/**
 * The records the pager counts: beyond a lower bound or an estimate, one more while pages come back full, so
 * that "next" stays until a short page ends the list.
 */
export function pagerRecords(result: Counted | undefined, page: number, perPage: number): number {
  if (!result) return 0;
  if (isExactTotal(result)) return result.total;
  const seen = (page - 1) * perPage + result.collection.length;
  return Math.max(result.total, seen) + (result.collection.length === perPage ? 1 : 0);
}

/** The total as a person reads it: "1 205", "1 000+" (at least), "≈ 12 300" (the database's estimate). */
export function totalText(result: Pick<Counted, 'total' | 'totalKind'>, lang: string): string {
  const n = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ru-RU').format(result.total);
  if (result.totalKind === 'atLeast') return `${n}+`;
  if (result.totalKind === 'estimate') return `≈ ${n}`;
  return n;
}

/**
 * Whether the list asks for the exact total: the user asked for it for this very filter (`filterKey`); a new
 * filter or search goes back to the quick count.
 */
export function useExactTotal(filterKey: string): [boolean, () => void] {
  const [askedFor, setAskedFor] = useState<string | null>(null);
  return [askedFor === filterKey, () => setAskedFor(filterKey)];
}
