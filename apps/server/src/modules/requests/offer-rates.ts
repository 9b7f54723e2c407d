import type { Money } from '@tms/domain';
import type { Tx } from '../../db/connection';

/** An offer's amount in base currency: null members while it has no amounts. */
export interface BaseAmount {
  amount: string | null;
  currency: string | null;
  rateDate: string | null;
}

/**
 * The amounts converted to base currency at the rates of `day` and summed (finance's conversion; a day
 * without rates is its refusal, under `amounts`).
 */
export async function baseAmountOf(_tx: Tx, amounts: readonly Money[], _day: string): Promise<BaseAmount> {
  if (!amounts.length) return { amount: null, currency: null, rateDate: null };
  throw new Error('finance conversion comes with the merge of main');
}
