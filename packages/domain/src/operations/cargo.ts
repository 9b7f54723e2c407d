import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { moneyAmountSchema } from '../company/material-assets';
import type { SystemOptionsValues } from '../options';
import { decimalCompare, decimalDivide, decimalFixed, decimalMultiply, isDecimal } from './decimal';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';

/**
 * The cargo of an order (spec §3 "Cargo"). Measures travel and are stored in metric units (kg, m³, m) as
 * exact decimal strings; `unitSystem` is how the user enters and reads them (spec §9: metric in tons and
 * cbm, imperial and American in pounds and inches). The form converts with `toMetric` / `fromMetric`.
 */

export const CARGO_UNIT_SYSTEMS = ['metric', 'imperial', 'american'] as const;
export type CargoUnitSystem = (typeof CARGO_UNIT_SYSTEMS)[number];
export const CARGO_UNIT_SYSTEM_LABELS: Readonly<Record<CargoUnitSystem, LocalizedText>> = {
  metric: { ru: 'Метрическая (т, м³)', en: 'Metric (t, cbm)' },
  imperial: { ru: 'Имперская (фунты, куб. дюймы)', en: 'Imperial (lb, cu in)' },
  american: { ru: 'Американская (фунты, куб. футы)', en: 'American (lb, cu ft)' },
};

export const CARGO_QUANTITIES = ['weight', 'volume', 'length'] as const;
export type CargoQuantity = (typeof CARGO_QUANTITIES)[number];

export interface CargoUnit {
  code: string;
  labels: LocalizedText;
  /** How many storage units (kg, m³, m) one of this unit is, exactly. */
  toMetric: string;
}

/** The storage unit of each quantity. */
export const CARGO_STORAGE_UNITS: Readonly<Record<CargoQuantity, CargoUnit>> = {
  weight: { code: 'kg', labels: { ru: 'кг', en: 'kg' }, toMetric: '1' },
  volume: { code: 'm3', labels: { ru: 'м³', en: 'm³' }, toMetric: '1' },
  length: { code: 'm', labels: { ru: 'м', en: 'm' }, toMetric: '1' },
};

const POUND: CargoUnit = { code: 'lb', labels: { ru: 'фунт', en: 'lb' }, toMetric: '0.45359237' };
const INCH: CargoUnit = { code: 'in', labels: { ru: 'дюйм', en: 'in' }, toMetric: '0.0254' };

/** The units each system enters and shows; the factors are the international (1959) definitions. */
export const CARGO_UNITS: Readonly<Record<CargoUnitSystem, Readonly<Record<CargoQuantity, CargoUnit>>>> = {
  metric: {
    weight: { code: 't', labels: { ru: 'т', en: 't' }, toMetric: '1000' },
    volume: { code: 'm3', labels: { ru: 'м³', en: 'cbm' }, toMetric: '1' },
    length: { code: 'm', labels: { ru: 'м', en: 'm' }, toMetric: '1' },
  },
  imperial: {
    weight: POUND,
    volume: { code: 'in3', labels: { ru: 'куб. дюйм', en: 'cu in' }, toMetric: '0.000016387064' },
    length: INCH,
  },
  american: {
    weight: POUND,
    volume: { code: 'ft3', labels: { ru: 'куб. фут', en: 'cu ft' }, toMetric: '0.028316846592' },
    length: INCH,
  },
};

/** A value entered in `system`'s unit, in storage units (exact). */
export function toMetric(value: string, quantity: CargoQuantity, system: CargoUnitSystem): string {
  return decimalMultiply(value, CARGO_UNITS[system][quantity].toMetric);
}

/** A stored value in `system`'s unit, rounded half up to `scale` decimals (exact when it fits). */
export function fromMetric(
  value: string,
  quantity: CargoQuantity,
  system: CargoUnitSystem,
  scale = 3,
): string {
  return decimalDivide(value, CARGO_UNITS[system][quantity].toMetric, scale);
}

/** The measure fields of a cargo and the quantity each holds. */
export const CARGO_MEASURES = {
  weight: 'weight',
  commercialWeight: 'weight',
  grossWeight: 'weight',
  volume: 'volume',
  length: 'length',
  width: 'length',
  height: 'length',
} as const satisfies Record<string, CargoQuantity>;
export type CargoMeasureField = keyof typeof CARGO_MEASURES;
export const CARGO_MEASURE_FIELDS = Object.keys(CARGO_MEASURES) as CargoMeasureField[];
export type CargoMeasures = Partial<Record<CargoMeasureField, string | null>>;

/** Every measure entered in `system` converted to storage units; blanks stay null. */
export function cargoToMetric(measures: CargoMeasures, system: CargoUnitSystem): CargoMeasures {
  const out: CargoMeasures = {};
  for (const field of CARGO_MEASURE_FIELDS) {
    const value = measures[field];
    if (value === undefined) continue;
    out[field] = value === null || value === '' ? null : toMetric(value, CARGO_MEASURES[field], system);
  }
  return out;
}

/** Every stored measure in `system`'s units, rounded to `scale` decimals; blanks stay null. */
export function cargoFromMetric(measures: CargoMeasures, system: CargoUnitSystem, scale = 3): CargoMeasures {
  const out: CargoMeasures = {};
  for (const field of CARGO_MEASURE_FIELDS) {
    const value = measures[field];
    if (value === undefined) continue;
    out[field] = value === null ? null : fromMetric(value, CARGO_MEASURES[field], system, scale);
  }
  return out;
}

/** Spec §9: in imperial (and American) units a cargo weighs at least 2 lbs and takes at least 611 cu in. */
export const IMPERIAL_MINIMUMS = { weightLb: '2', volumeCubicInches: '611' } as const;
/** The same minimums in storage units: 0.90718474 kg and 0.010012496104 m³. */
export const IMPERIAL_MINIMUMS_METRIC = {
  weight: toMetric(IMPERIAL_MINIMUMS.weightLb, 'weight', 'imperial'),
  volume: toMetric(IMPERIAL_MINIMUMS.volumeCubicInches, 'volume', 'imperial'),
} as const;

/**
 * A measure in storage units: a non-negative decimal string. Fifteen decimals hold any value entered with
 * three decimals in any system exactly (cubic inches have the longest factor, twelve decimals).
 */
export const cargoMeasureSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,15})?$/, MESSAGES.invalid);

/** A measure as the user types it in the form, in the unit of the chosen system. */
export const cargoMeasureInputSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, '').replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, MESSAGES.invalid));

/** A commodity code of the EAEU TNVED: 10 digits; spaces as printed ("8471 30 000 0") are dropped. */
export const tnvedCodeSchema = z
  .string()
  .overwrite((value) => value.replace(/\s+/g, ''))
  .regex(/^\d{10}$/, M.tnvedCode);

const id = z.number().int().positive();
const optionalMeasure = cargoMeasureSchema.nullable().optional();

/** The cargo as sent by the form (part of the order's create and update bodies). */
export const cargoInputSchema = z
  .object({
    unitSystem: z.enum(CARGO_UNIT_SYSTEMS).optional(),
    /** What the cargo is, in words (searched in the order list). */
    description: z.string().trim().max(2000).nullable().optional(),
    weight: optionalMeasure,
    commercialWeight: optionalMeasure,
    grossWeight: optionalMeasure,
    volume: optionalMeasure,
    length: optionalMeasure,
    width: optionalMeasure,
    height: optionalMeasure,
    declaredValue: moneyAmountSchema.nullable().optional(),
    declaredValueCurrencyId: id.nullable().optional(),
    countryOfOriginId: id.nullable().optional(),
    liquid: z.boolean().optional(),
    stackable: z.boolean().optional(),
    packaging: z.string().trim().max(255).nullable().optional(),
    /** Documents or services only: there is nothing to weigh or describe. */
    noRealCargo: z.boolean().optional(),
    placeCount: z.number().int().min(0).max(1_000_000).nullable().optional(),
    tnvedCodes: z
      .array(tnvedCodeSchema)
      .max(200)
      .overwrite((codes) => [...new Set(codes)])
      .optional(),
  })
  .superRefine((cargo, ctx) => {
    for (const issue of cargoIssues(cargo)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type CargoInput = z.infer<typeof cargoInputSchema>;

/** The cargo as answered: every field present; `declaredValuePerKg` is computed by the server. */
export const cargoSchema = z.object({
  unitSystem: z.enum(CARGO_UNIT_SYSTEMS),
  description: z.string().nullable(),
  weight: z.string().nullable(),
  commercialWeight: z.string().nullable(),
  grossWeight: z.string().nullable(),
  volume: z.string().nullable(),
  length: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  declaredValue: z.string().nullable(),
  declaredValueCurrencyId: z.number().int().nullable(),
  declaredValuePerKg: z.string().nullable(),
  countryOfOriginId: z.number().int().nullable(),
  liquid: z.boolean(),
  stackable: z.boolean(),
  packaging: z.string().nullable(),
  noRealCargo: z.boolean(),
  placeCount: z.number().int().nullable(),
  tnvedCodes: z.array(z.string()),
});
export type Cargo = z.infer<typeof cargoSchema>;

/** The cargo as a list row carries it: whether it is liquid (a job's contractor then needs liquid access). */
export const cargoListSchema = cargoSchema.pick({ liquid: true });
export type CargoListValue = z.infer<typeof cargoListSchema>;
export const cargoListValue = (cargo: unknown): CargoListValue => ({
  liquid: (cargo as Partial<Cargo> | null)?.liquid === true,
});

/** The cargo of a new order before anything is entered. */
export const EMPTY_CARGO: Cargo = {
  unitSystem: 'metric',
  description: null,
  weight: null,
  commercialWeight: null,
  grossWeight: null,
  volume: null,
  length: null,
  width: null,
  height: null,
  declaredValue: null,
  declaredValueCurrencyId: null,
  declaredValuePerKg: null,
  countryOfOriginId: null,
  liquid: false,
  stackable: false,
  packaging: null,
  noRealCargo: false,
  placeCount: null,
  tnvedCodes: [],
};

/** The stored cargo of an input (defaults filled, `declaredValuePerKg` computed). */
export function completeCargo(input: CargoInput | null | undefined): Cargo {
  const cargo: Cargo = { ...EMPTY_CARGO };
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined) (cargo as Record<string, unknown>)[key] = value;
  }
  cargo.declaredValuePerKg = cargoDeclaredValuePerKg(cargo.declaredValue, cargo.weight);
  return cargo;
}

/**
 * Rules across the cargo's fields: the imperial minimums (not for a cargo that is not real) and a currency
 * for a declared value.
 */
export function cargoIssues(cargo: CargoInput | Cargo): OperationIssue[] {
  const issues: OperationIssue[] = [];
  const system = cargo.unitSystem ?? 'metric';
  const below = (value: string | null | undefined, minimum: string) =>
    typeof value === 'string' && isDecimal(value) && decimalCompare(value, minimum) < 0;
  if (system !== 'metric' && !cargo.noRealCargo) {
    if (below(cargo.weight, IMPERIAL_MINIMUMS_METRIC.weight))
      issues.push({ path: ['weight'], message: M.weightMinimum });
    if (below(cargo.volume, IMPERIAL_MINIMUMS_METRIC.volume))
      issues.push({ path: ['volume'], message: M.volumeMinimum });
  }
  if (cargo.declaredValue && !cargo.declaredValueCurrencyId) {
    issues.push({ path: ['declaredValueCurrencyId'], message: M.currencyRequired });
  }
  return issues;
}

/** The cargo says what it is: TNVED codes, a description, or it is not a real cargo. */
export function cargoDescribed(
  cargo: Pick<Cargo, 'tnvedCodes' | 'description' | 'noRealCargo'> | Partial<Cargo>,
): boolean {
  return (
    Boolean(cargo.noRealCargo) || (cargo.tnvedCodes?.length ?? 0) > 0 || Boolean(cargo.description?.trim())
  );
}

/** "TNVED codes or cargo description required" under `tnvedCodes`, or null. */
export function cargoDescriptionIssue(cargo: Partial<Cargo>): OperationIssue | null {
  return cargoDescribed(cargo) ? null : { path: ['tnvedCodes'], message: M.tnvedOrDescription };
}

/** Declared value ÷ weight in kg, to two decimals; null without a value or a positive weight. */
export function cargoDeclaredValuePerKg(
  declaredValue: string | null | undefined,
  weightKg: string | null | undefined,
): string | null {
  if (!declaredValue || !weightKg || !isDecimal(declaredValue) || !isDecimal(weightKg)) return null;
  if (decimalCompare(weightKg, '0') <= 0) return null;
  return decimalFixed(decimalDivide(declaredValue, weightKg, 2), 2);
}

/**
 * Warnings (never refusals) on the declared value against the system options, which are in the system
 * currency: above `cargoDeclaredValuePerKg` per kg, or above `cargoInsuredValue` in total, the cargo is
 * worth more than the carrier's liability covers and should be insured. A zero option sets no limit.
 * `declaredValue` must already be in the system currency.
 */
export function cargoValueWarnings(
  cargo: { declaredValue: string | null | undefined; weight: string | null | undefined },
  options: Pick<SystemOptionsValues, 'cargoDeclaredValuePerKg' | 'cargoInsuredValue'>,
): OperationIssue[] {
  const issues: OperationIssue[] = [];
  const { declaredValue } = cargo;
  if (!declaredValue || !isDecimal(declaredValue)) return issues;
  const perKg = cargoDeclaredValuePerKg(declaredValue, cargo.weight);
  const limitPerKg = options.cargoDeclaredValuePerKg;
  if (perKg !== null && decimalCompare(limitPerKg, '0') > 0 && decimalCompare(perKg, limitPerKg) > 0) {
    issues.push({ path: ['declaredValuePerKg'], message: M.declaredValuePerKgAboveLimit });
  }
  const insured = options.cargoInsuredValue;
  if (decimalCompare(insured, '0') > 0 && decimalCompare(declaredValue, insured) > 0) {
    issues.push({ path: ['declaredValue'], message: M.declaredValueAboveInsuredValue });
  }
  return issues;
}

/** Labels of the cargo's fields, for the form, the property view and the export. */
export const CARGO_FIELD_LABELS: Readonly<Record<keyof Cargo, LocalizedText>> = {
  unitSystem: { ru: 'Система единиц', en: 'Unit system' },
  description: { ru: 'Описание груза', en: 'Cargo description' },
  weight: { ru: 'Вес', en: 'Weight' },
  commercialWeight: { ru: 'Коммерческий вес', en: 'Commercial weight' },
  grossWeight: { ru: 'Вес брутто', en: 'Gross weight' },
  volume: { ru: 'Объём', en: 'Volume' },
  length: { ru: 'Длина', en: 'Length' },
  width: { ru: 'Ширина', en: 'Width' },
  height: { ru: 'Высота', en: 'Height' },
  declaredValue: { ru: 'Объявленная стоимость', en: 'Declared value' },
  declaredValueCurrencyId: { ru: 'Валюта объявленной стоимости', en: 'Declared value currency' },
  declaredValuePerKg: { ru: 'Объявленная стоимость за кг', en: 'Declared value per kg' },
  countryOfOriginId: { ru: 'Страна происхождения', en: 'Country of origin' },
  liquid: { ru: 'Ликвидный груз', en: 'Liquid cargo' },
  stackable: { ru: 'Штабелируемый', en: 'Stackable' },
  packaging: { ru: 'Упаковка', en: 'Packaging' },
  noRealCargo: { ru: 'Без реального груза', en: 'No real cargo' },
  placeCount: { ru: 'Количество мест', en: 'Number of places' },
  tnvedCodes: { ru: 'Коды ТН ВЭД', en: 'TNVED codes' },
};
