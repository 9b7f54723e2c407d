/**
 * A number as people type it in a sheet or a CSV ("1 234,50", "1234.5", "-3"): blanks (also non-breaking)
 * between digit groups dropped, a decimal comma read as a point; the decimal text, or null when it is no number.
 */
export function decimalOf(text: string): string | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(plain) ? plain : null;
}
