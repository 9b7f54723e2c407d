/// <reference path="./gs1-barcode-parser-mod.d.ts" />
import { parseBarcode } from 'gs1-barcode-parser-mod';

/**
 * Marking codes of Честный ЗНАК (docs/marking.md "Codes"): a GS1 DataMatrix element string holding the
 * GTIN (01), the serial (21) and either the verification key (91) with the crypto code (92), or the short
 * crypto tail (93). Read as scanned (FNC1 as the ASCII group separator, GS, with or without a symbology
 * identifier `]d2`) or as printed under the symbol, `(01)…(21)…(91)…(92)…`. The element string itself is
 * read by the maintained `gs1-barcode-parser-mod`; what Честный ЗНАК asks of its elements is checked here.
 */

export const GS = '\u001d';

export const MARKING_CODE_MESSAGES = {
  empty: 'Enter a marking code.',
  unreadable: 'This is not a GS1 marking code: its elements cannot be read.',
  gtinMissing: 'The marking code has no GTIN (01).',
  gtinCheckDigit: 'The GTIN (01) of the marking code has a wrong check digit.',
  serialMissing: 'The marking code has no serial number (21).',
  serialLength: 'The serial number (21) of a marking code has 1 to 20 characters.',
  cryptoMissing:
    'The marking code has neither a verification key with a crypto code (91 and 92) nor a crypto tail (93).',
  keyLength: 'The verification key (91) of a marking code has 4 characters.',
  cryptoLength: 'The crypto code (92) of a marking code has 44 or 88 characters.',
  tailLength: 'The crypto tail (93) of a marking code has 4 characters.',
} as const;
export type MarkingCodeMessage = (typeof MARKING_CODE_MESSAGES)[keyof typeof MARKING_CODE_MESSAGES];

export interface MarkingCode {
  gtin: string;
  serial: string;
  /** 91 and 92, or null with a crypto tail. */
  key: string | null;
  crypto: string | null;
  /** 93, or null with a key and crypto code. */
  tail: string | null;
  /** The code's identity in ГИС МТ (КИ): `01<GTIN>21<serial>`; one product, one code. */
  cis: string;
  /** The element string as the symbol carries it, elements after the serial led by GS. */
  code: string;
  /** The printed form, `(01)…(21)…(91)…(92)…` or `(01)…(21)…(93)…`. */
  printed: string;
}

export type MarkingCodeResult = { ok: true; code: MarkingCode } | { ok: false; error: MarkingCodeMessage };

/** The GS1 mod-10 check digit of a GTIN-8/12/13/14 is right (weights 3,1,3,… from the right, check excluded). */
export function gtinCheckDigitValid(gtin: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop() as number;
  let sum = 0;
  digits.reverse().forEach((digit, i) => {
    sum += digit * (i % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

// Ways a group separator reaches us in text: pasted from a scanner's log (`<GS>`, `\u001d`, `\x1d`) or the
// Unicode picture of it (U+241D).
const GS_MARKS = /<GS>|\\u001[dD]|\\x1[dD]|\u241d/g;

/** One code as typed or scanned, without the wrappers text brings: spaces around, GS written out, a leading FNC1. */
function normalized(raw: string): string {
  // A leading FNC1, as some scanners send it, is no part of the code.
  let text = raw.trim().replace(GS_MARKS, GS);
  while (text.startsWith(GS)) text = text.slice(1);
  return text;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Reads one marking code; the first thing wrong with it, else the code in all its forms. */
export function parseMarkingCode(raw: string): MarkingCodeResult {
  const input = normalized(raw);
  if (!input) return { ok: false, error: MARKING_CODE_MESSAGES.empty };
  let elements: Map<string, string | null>;
  try {
    elements = new Map(parseBarcode(input).parsedCodeItems.map((item) => [item.ai, text(item.data)]));
  } catch {
    return { ok: false, error: MARKING_CODE_MESSAGES.unreadable };
  }
  const gtin = elements.get('01');
  if (!gtin) return { ok: false, error: MARKING_CODE_MESSAGES.gtinMissing };
  if (!gtinCheckDigitValid(gtin)) return { ok: false, error: MARKING_CODE_MESSAGES.gtinCheckDigit };
  const serial = elements.get('21');
  if (serial == null) return { ok: false, error: MARKING_CODE_MESSAGES.serialMissing };
  if (serial.length < 1 || serial.length > 20)
    return { ok: false, error: MARKING_CODE_MESSAGES.serialLength };
  const key = elements.get('91') ?? null;
  const crypto = elements.get('92') ?? null;
  const tail = elements.get('93') ?? null;
  if (tail === null && (key === null || crypto === null))
    return { ok: false, error: MARKING_CODE_MESSAGES.cryptoMissing };
  if (key !== null && key.length !== 4) return { ok: false, error: MARKING_CODE_MESSAGES.keyLength };
  if (crypto !== null && crypto.length !== 44 && crypto.length !== 88)
    return { ok: false, error: MARKING_CODE_MESSAGES.cryptoLength };
  if (tail !== null && tail.length !== 4) return { ok: false, error: MARKING_CODE_MESSAGES.tailLength };
  // A code carrying both keeps the key and crypto code: the tail is their short form.
  const full = key !== null && crypto !== null;
  const checks = full ? `91${key}${GS}92${crypto}` : `93${tail}`;
  return {
    ok: true,
    code: {
      gtin,
      serial,
      key: full ? key : null,
      crypto: full ? crypto : null,
      tail: full ? null : tail,
      cis: `01${gtin}21${serial}`,
      code: `01${gtin}21${serial}${GS}${checks}`,
      printed: `(01)${gtin}(21)${serial}${full ? `(91)${key}(92)${crypto}` : `(93)${tail}`}`,
    },
  };
}

/** The codes of a paste or a file: one per line (CR, LF or both); blank lines are no codes. */
export function splitMarkingCodes(textBlock: string): string[] {
  return textBlock
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
