import type { CreditState } from '@tms/domain';

/** Pure rules of the counterparty screens: the form's sections, credit arithmetic, the merge table. */

/** How much of a section's row an input takes; switches (booleans) line up below the inputs instead. */
export type FieldSize = 'quarter' | 'third' | 'half' | 'twoThirds' | 'row';

export interface FormSection {
  /** Key of the section's title in the `counterparties` dictionary (`sections.*`). */
  key: string;
  fields: readonly (readonly [name: string, size?: FieldSize])[];
}

/** The main form, in the order a person fills it in (design "Web": identity to comment). */
export const MAIN_SECTIONS: readonly FormSection[] = [
  {
    key: 'identity',
    fields: [
      ['name', 'half'],
      ['fullName', 'half'],
      ['nameEn', 'half'],
      ['countryId', 'half'],
      ['client'],
      ['contractor'],
    ],
  },
  {
    key: 'requisites',
    fields: [
      ['inn', 'quarter'],
      ['kpp', 'quarter'],
      ['ogrn', 'quarter'],
      ['okpo', 'quarter'],
      ['taxpayerId'],
      ['primaryStateRegistrationNumber'],
      ['vatCertificate'],
    ],
  },
  {
    key: 'contacts',
    fields: [
      ['phone'],
      ['email'],
      ['website'],
      ['emails', 'row'],
      ['legalAddress', 'half'],
      ['postalAddress', 'half'],
    ],
  },
  {
    key: 'people',
    fields: [
      ['statusId'],
      ['segment'],
      ['orderCapacity'],
      ['serviceOfficeId'],
      ['featureIds', 'twoThirds'],
      ['curatorIds', 'half'],
      ['managerIds', 'half'],
    ],
  },
  {
    key: 'credit',
    fields: [
      ['creditLimit'],
      ['creditLimitThreshold'],
      ['bonusPaymentWindowDays'],
      ['paymentTermsBasis'],
      ['paymentTermsDays'],
    ],
  },
  {
    key: 'flags',
    fields: [
      ['firstContact'],
      ['restoredDate'],
      ['validUntil'],
      ['applicationRequired'],
      ['difficult'],
      ['managementLock'],
      ['liquidAccess'],
      ['blackList'],
      ['blackListReason', 'row'],
    ],
  },
  { key: 'comment', fields: [['comment', 'row']] },
];

/** Grid spans (of 12) of a field's size. */
export const SPANS: Readonly<Record<FieldSize, { base: number; sm?: number; lg?: number }>> = {
  quarter: { base: 12, sm: 6, lg: 3 },
  third: { base: 12, sm: 6, lg: 4 },
  half: { base: 12, lg: 6 },
  twoThirds: { base: 12, lg: 8 },
  row: { base: 12 },
};

/** Fields a counterparty only has in some cases: liquid access for contractors, the reason when black-listed. */
export function fieldShown(name: string, values: { contractor?: unknown; blackList?: unknown }): boolean {
  if (name === 'liquidAccess') return values.contractor === true;
  if (name === 'blackListReason') return values.blackList === true;
  return true;
}

/** The colour a credit state is shown in. */
export const CREDIT_COLORS: Readonly<Record<CreditState, string>> = {
  NO_LIMIT: 'gray',
  WITHIN: 'teal',
  THRESHOLD: 'orange',
  EXHAUSTED: 'red',
};

/** A decimal amount as whole cents (exact: amounts never pass through floats). */
export function toCents(amount: string | null | undefined): bigint | null {
  if (amount === null || amount === undefined) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const cents = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Whole cents back as a decimal amount with two decimals ("-1234.50"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export interface CreditFigures {
  limit: string | null;
  threshold: string | null;
  exposure: string;
  /** What may still be taken on: limit − exposure (negative when exceeded); null without a limit. */
  available: string | null;
  /** Share of the limit used, 0..100 (capped), for the gauge; null without a limit. */
  usedPercent: number | null;
}

/** The figures of the credit block from a counterparty's limit, threshold and exposure. */
export function creditFigures(
  limit: string | null,
  threshold: string | null,
  exposure: string | null,
): CreditFigures {
  const limitCents = toCents(limit);
  const exposureCents = toCents(exposure) ?? 0n;
  if (limitCents === null) {
    return { limit: null, threshold, exposure: fromCents(exposureCents), available: null, usedPercent: null };
  }
  const used =
    limitCents === 0n ? 100 : Math.min(100, Math.max(0, Number((exposureCents * 10000n) / limitCents) / 100));
  return {
    limit,
    threshold,
    exposure: fromCents(exposureCents),
    available: fromCents(limitCents - exposureCents),
    usedPercent: used,
  };
}

/** Which record's value survives a merge, per field. */
export type MergeSide = 'source' | 'survivor';

/**
 * The starting choice of the merge table: the survivor keeps its value unless it has none and the
 * merged record has one. A field the user may not edit (`locked`) always keeps the survivor's value.
 */
export function initialMergeChoice(
  fields: readonly string[],
  source: Record<string, unknown>,
  survivor: Record<string, unknown>,
  locked: (field: string) => boolean = () => false,
): Record<string, MergeSide> {
  const empty = (value: unknown) =>
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return Object.fromEntries(
    fields.map((name) => [
      name,
      !locked(name) && empty(survivor[name]) && !empty(source[name]) ? 'source' : 'survivor',
    ]),
  );
}
