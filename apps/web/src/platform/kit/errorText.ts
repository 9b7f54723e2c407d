import { translateServerMessage } from '../i18n';

/**
 * The first message of a react-hook-form field error (a list or object field's items included),
 * translated when the dictionary has it.
 */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return translateServerMessage(message);
  for (const [key, item] of Object.entries(error)) {
    if (key === 'ref') continue;
    const nested = errorText(item);
    if (nested) return nested;
  }
  return undefined;
}

/** The message of an error set on a list as a whole (`route`), not on one of its items. */
export function ownErrorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown; root?: { message?: unknown } }).message;
  const root = (error as { root?: { message?: unknown } }).root?.message;
  const message = typeof own === 'string' && own ? own : typeof root === 'string' ? root : undefined;
  return message ? translateServerMessage(message) : undefined;
}
