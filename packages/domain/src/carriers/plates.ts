import { z } from 'zod';

/**
 * Registration plates. A Russian plate is checked against its format and written one way: the letters are
 * the twelve Cyrillic ones that look Latin (А В Е К М Н О Р С Т У Х), typed in either alphabet; a vehicle's
 * is a letter, three digits, two letters and the region (А123ВС 77), a trailer's two letters, four digits
 * and the region (АВ 1234 77). Any other plate is taken as foreign: Latin letters, digits, spaces and
 * dashes, as written on it (WX 12345, AK 1234-7).
 */
export type PlateKind = 'vehicle' | 'trailer';

/** Stable English messages of plates; the web translates them (messages.json). */
export const PLATE_MESSAGES = {
  russianVehicle: 'A Russian plate is a letter, three digits, two letters and the region (А123ВС 77).',
  russianTrailer: "A Russian trailer's plate is two letters, four digits and the region (АВ 1234 77).",
  foreign: 'A plate has Latin letters, digits, spaces and dashes, and at least one digit.',
} as const;

const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  A: 'А',
  B: 'В',
  E: 'Е',
  K: 'К',
  M: 'М',
  H: 'Н',
  O: 'О',
  P: 'Р',
  C: 'С',
  T: 'Т',
  Y: 'У',
  X: 'Х',
};
const L = '[АВЕКМНОРСТУХ]';
// Region: two digits, or three not starting with 0 (102, 777).
const REGION = '(\\d{2}|[1-9]\\d{2})';
const RUSSIAN: Readonly<Record<PlateKind, RegExp>> = {
  vehicle: new RegExp(`^(${L})(\\d{3})(${L}{2})${REGION}$`, 'u'),
  trailer: new RegExp(`^(${L}{2})(\\d{4})${REGION}$`, 'u'),
};
const CYRILLIC = /[\u0400-\u04FF]/u;
const FOREIGN = /^(?=.*\d)[A-Z0-9][A-Z0-9 -]{0,13}[A-Z0-9]$/;

export type PlateResult = { plate: string; russian: boolean } | { error: string };

/** A plate as typed → as stored, or why it is not one. */
export function normalizePlate(value: string, kind: PlateKind): PlateResult {
  const typed = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const compact = typed.replace(/[\s-]/g, '');
  const cyrillic = [...compact].map((c) => LATIN_TO_CYRILLIC[c] ?? c).join('');
  const match = RUSSIAN[kind].exec(cyrillic);
  if (match) {
    if (kind === 'vehicle') {
      const [, first, digits, letters, region] = match;
      // A vehicle's number 000 is never issued.
      if (digits === '000') return { error: PLATE_MESSAGES.russianVehicle };
      return { plate: `${first}${digits}${letters} ${region}`, russian: true };
    }
    const [, letters, digits, region] = match;
    return { plate: `${letters} ${digits} ${region}`, russian: true };
  }
  if (CYRILLIC.test(typed)) {
    return { error: kind === 'vehicle' ? PLATE_MESSAGES.russianVehicle : PLATE_MESSAGES.russianTrailer };
  }
  if (!FOREIGN.test(typed)) return { error: PLATE_MESSAGES.foreign };
  return { plate: typed, russian: false };
}

/** The create member of a plate: normalised, or the 400 with what a plate of its kind looks like. */
export const plateSchema = (kind: PlateKind) =>
  z
    .string()
    .trim()
    .min(1)
    .max(32)
    .transform((value, ctx) => {
      const result = normalizePlate(value, kind);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.plate;
    });
