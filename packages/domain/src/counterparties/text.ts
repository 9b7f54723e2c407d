/**
 * Character rules for names and codes (spec §5). They look at characters only: an empty string passes,
 * "must not be blank" is a separate rule.
 */

/**
 * Letters of the Latin script (with diacritics: Müller, Société) and the Cyrillic script (Russian and the
 * other Cyrillic alphabets), digits, spaces and the punctuation of company names: quotes (« » " ' “ ” „ ‘ ’),
 * hyphen and dashes, dot, comma, ampersand, parentheses, slash and №.
 */
const LATIN_CYRILLIC = /^(?:(?=\p{L})[\p{Script=Latin}\p{Script=Cyrillic}]|[0-9 «»"'“”„‘’\-‐‑–—.,&()/№])*$/u;

/** Composed form first, so an accent typed as a separate combining mark counts as part of its letter. */
export function isLatinCyrillicText(value: string): boolean {
  return LATIN_CYRILLIC.test(value.normalize('NFC'));
}

/** Only A-Z, a-z, 0-9 and "-" (codes and identifiers). */
export function isLatinDigitsDash(value: string): boolean {
  return /^[A-Za-z0-9-]*$/.test(value);
}

/** No letter of the Cyrillic script anywhere. */
export function hasNoCyrillic(value: string): boolean {
  return !/\p{Script=Cyrillic}/u.test(value);
}
