import { z } from 'zod';
import { decimalCompare, decimalMultiply, isDecimal } from '../common/decimal';
import { moneySchema } from '../common/money';

/** What the pricing reads of a cargo (stored in kg, m³ and m). */
export interface PricedCargo {
  weight: string | null;
  grossWeight: string | null;
  volume: string | null;
  length: string | null;
  width: string | null;
  height: string | null;
  noRealCargo: boolean;
}

/** The weights a price is chosen by (docs/pricing.md "Chargeable weight"). */
export interface ChargeableMeasures {
  /** The gross weight, else the weight, kg. */
  actualWeight: string | null;
  /** The volume, else length × width × height, m³. */
  volume: string | null;
  /** The greater of the actual weight and the volume × the collection's volumetric factor, kg. */
  chargeableWeight: string;
}

const positive = (value: string | null): value is string =>
  value !== null && isDecimal(value) && decimalCompare(value, '0') > 0;

/**
 * The chargeable weight of a cargo: the greater of its actual weight (gross, else net) and its volume
 * times `factor` kg per m³. Null when the cargo gives neither a weight nor a volume (or is no real cargo):
 * "the price cannot be calculated from these parameters".
 */
export function chargeableMeasures(cargo: PricedCargo, factor: number): ChargeableMeasures | null {
  if (cargo.noRealCargo) return null;
  const actualWeight = [cargo.grossWeight, cargo.weight].find(positive) ?? null;
  const dimensions = [cargo.length, cargo.width, cargo.height];
  const volume = positive(cargo.volume)
    ? cargo.volume
    : dimensions.every(positive)
      ? decimalMultiply(decimalMultiply(dimensions[0]!, dimensions[1]!), dimensions[2]!)
      : null;
  if (!actualWeight && !volume) return null;
  const volumetric = volume ? decimalMultiply(volume, String(factor)) : '0';
  const weight = actualWeight ?? '0';
  return {
    actualWeight,
    volume,
    chargeableWeight: decimalCompare(volumetric, weight) > 0 ? volumetric : weight,
  };
}

/** A row as the pricing looks it up. */
export interface BreakRow {
  toRegionId: number;
  weightBreak: string | null;
  volumeBreak: string | null;
}

/** Nulls (no limit) after every limit. */
function byBreak(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return decimalCompare(a, b);
}

/**
 * The row pricing a cargo to a destination: among the destination's rows whose weight break holds the
 * chargeable weight and whose volume break holds the volume (a break is an inclusive upper bound, an
 * empty break holds anything), the smallest weight break, then the smallest volume break. Undefined:
 * "no price for provided Coll".
 */
export function pickPriceRow<R extends BreakRow>(
  rows: readonly R[],
  toRegionId: number,
  measures: Pick<ChargeableMeasures, 'chargeableWeight' | 'volume'>,
): R | undefined {
  const volume = measures.volume ?? '0';
  return rows
    .filter(
      (row) =>
        row.toRegionId === toRegionId &&
        (row.weightBreak === null || decimalCompare(measures.chargeableWeight, row.weightBreak) <= 0) &&
        (row.volumeBreak === null || decimalCompare(volume, row.volumeBreak) <= 0),
    )
    .sort((a, b) => byBreak(a.weightBreak, b.weightBreak) || byBreak(a.volumeBreak, b.volumeBreak))[0];
}

/** Whether a collection valid `from` `to` (inclusive; null: open) is active on `date`. */
export const validOn = (validity: { validFrom: string; validTo: string | null }, date: string): boolean =>
  validity.validFrom <= date && (validity.validTo === null || date <= validity.validTo);

/** Whether two validities share a day. */
export function validitiesOverlap(
  a: { validFrom: string; validTo: string | null },
  b: { validFrom: string; validTo: string | null },
): boolean {
  return (a.validTo === null || b.validFrom <= a.validTo) && (b.validTo === null || a.validFrom <= b.validTo);
}

/** The answer of `GET /api/requests/{id}/computed-price`: the price and how it was found. */
export const computedPriceSchema = z.object({
  requestId: z.number().int(),
  /** The day the collection was chosen for: the request's dispatch date, else today. */
  date: z.string(),
  collectionId: z.number().int(),
  collectionName: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  toRegionId: z.number().int(),
  toRegionName: z.string(),
  actualWeight: z.string().nullable(),
  volume: z.string().nullable(),
  volumetricFactor: z.number().int(),
  chargeableWeight: z.string(),
  weightBreak: z.string().nullable(),
  volumeBreak: z.string().nullable(),
  /** The sheet row the price came from. */
  sourceRow: z.number().int(),
  price: moneySchema,
});
export type ComputedPrice = z.infer<typeof computedPriceSchema>;

/**
 * The body of "create an offer from the computed price" (`POST /api/requests/{id}/computed-price/offer`):
 * what the user chooses; the amount is the price the server computes again (docs/pricing.md).
 */
export const computedOfferSchema = z.object({
  offerTypeId: z.number().int().positive(),
  contractorId: z.number().int().positive(),
  validUntil: z.iso.date().nullable().optional(),
  selected: z.boolean().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
});
export type ComputedOffer = z.infer<typeof computedOfferSchema>;
