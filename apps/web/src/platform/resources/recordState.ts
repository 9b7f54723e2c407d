import type { ApiError } from '../api/client';

/**
 * How a record screen loads what it shows (its record, or the record a new one starts from): no snackbar
 * for a failure, since the screen itself says it (`RecordPlaceholder`), rather than spinning beside one.
 */
export const RECORD_LOAD = { suppressPopup: true } as const;

/** The answers that mean, for this reader, that the record is not there: not found, or not theirs to see. */
const MISSING_STATUSES: readonly number[] = [403, 404];

/**
 * What a record screen shows: `missing` for an id that is no id or a load refused as not found or forbidden
 * (one answer to the reader, as the order page gives it), `failed` for another refusal or no answer,
 * `loading` while a load has no data yet, else `ready`. `loads`: the screen's loads that it needs (a query
 * that is not asked for is left out by the caller).
 */
export type RecordState = 'loading' | 'missing' | 'failed' | 'ready';

export function recordStateOf(
  loads: readonly { data: unknown; error: unknown }[],
  badId = false,
): RecordState {
  if (badId) return 'missing';
  const errors = loads.map((load) => load.error).filter((error) => error);
  if (errors.some((error) => MISSING_STATUSES.includes((error as ApiError).status))) return 'missing';
  if (errors.length) return 'failed';
  return loads.every((load) => load.data !== undefined) ? 'ready' : 'loading';
}

/** A record route's id: absent (a new record) null, a number, anything else NaN (no record has it). */
export function recordIdOf(param: string | undefined): number | null {
  return param === undefined ? null : /^\d+$/.test(param) ? Number(param) : Number.NaN;
}
