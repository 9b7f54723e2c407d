import { translateServerMessage } from '../i18n';

/**
 * Several messages of one field travel as one text, a line each: the field's error element keeps the
 * line breaks (theme), so two messages never run together.
 */
export const ERROR_LINE_BREAK = '\n';

/** The messages of one field as one text, each translated when the dictionary has it. */
export function joinErrorLines(messages: readonly string[]): string {
  return messages.map((m) => translateServerMessage(m)).join(ERROR_LINE_BREAK);
}

/**
 * The messages of a react-hook-form field error (the first item's of a list or object field), translated
 * when the dictionary has them, a line each.
 */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return joinErrorLines(message.split(ERROR_LINE_BREAK));
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
  return message ? joinErrorLines(message.split(ERROR_LINE_BREAK)) : undefined;
}
