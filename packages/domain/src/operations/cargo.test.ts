import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/validation';
import { SYSTEM_OPTIONS_DEFAULTS } from '../options';
import {
  CARGO_FIELD_LABELS,
  CARGO_UNITS,
  cargoDeclaredValuePerKg,
  cargoDescribed,
  cargoDescriptionIssue,
  cargoFromMetric,
  cargoInputSchema,
  cargoIssues,
  cargoMeasureInputSchema,
  cargoSchema,
  cargoToMetric,
  cargoValueWarnings,
  completeCargo,
  EMPTY_CARGO,
  fromMetric,
  IMPERIAL_MINIMUMS_METRIC,
  toMetric,
} from './cargo';
import {
  decimalCompare,
  decimalDivide,
  decimalFixed,
  decimalMultiply,
  decimalNormalize,
  decimalRound,
  isDecimal,
} from './decimal';
import { OPERATION_MESSAGES as M } from './messages';

describe('decimal arithmetic', () => {
  it('multiplies exactly', () => {
    expect(decimalMultiply('2', '0.45359237')).toBe('0.90718474');
    expect(decimalMultiply('611', '0.000016387064')).toBe('0.010012496104');
    expect(decimalMultiply('0.1', '0.2')).toBe('0.02');
    expect(decimalMultiply('-1.5', '2')).toBe('-3');
    expect(decimalMultiply('0', '-7')).toBe('0');
  });

  it('divides rounding half away from zero', () => {
    expect(decimalDivide('1', '3', 4)).toBe('0.3333');
    expect(decimalDivide('2', '3', 4)).toBe('0.6667');
    expect(decimalDivide('0.90718474', '0.45359237', 6)).toBe('2');
    expect(decimalDivide('-1', '8', 2)).toBe('-0.13');
    expect(decimalDivide('1', '8', 2)).toBe('0.13');
    expect(() => decimalDivide('1', '0', 2)).toThrow(RangeError);
  });

  it('rounds, compares, normalizes and fixes', () => {
    expect(decimalRound('2.345', 2)).toBe('2.35');
    expect(decimalRound('2.344', 2)).toBe('2.34');
    expect(decimalCompare('1.50', '1.5')).toBe(0);
    expect(decimalCompare('0.9', '0.90718474')).toBe(-1);
    expect(decimalCompare('10', '9.999')).toBe(1);
    expect(decimalNormalize('007.500')).toBe('7.5');
    expect(decimalFixed('1.5', 2)).toBe('1.50');
    expect(decimalFixed('3', 0)).toBe('3');
    expect(decimalFixed('0.005', 2)).toBe('0.01');
    expect(isDecimal('1.25')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(() => decimalMultiply('abc', '1')).toThrow(RangeError);
  });
});

describe('unit conversion', () => {
  it('uses the international definitions', () => {
    expect(CARGO_UNITS.imperial.weight.toMetric).toBe('0.45359237');
    expect(CARGO_UNITS.imperial.volume.toMetric).toBe('0.000016387064');
    expect(CARGO_UNITS.american.volume.toMetric).toBe('0.028316846592');
    expect(CARGO_UNITS.imperial.length.toMetric).toBe('0.0254');
    // 1 ft³ = 1728 in³.
    expect(decimalMultiply('1728', CARGO_UNITS.imperial.volume.toMetric)).toBe(
      CARGO_UNITS.american.volume.toMetric,
    );
  });

  it('converts to storage units exactly', () => {
    expect(toMetric('1.5', 'weight', 'metric')).toBe('1500');
    expect(toMetric('12.5', 'volume', 'metric')).toBe('12.5');
    expect(toMetric('1', 'weight', 'imperial')).toBe('0.45359237');
    expect(toMetric('100', 'weight', 'american')).toBe('45.359237');
    expect(toMetric('1', 'volume', 'imperial')).toBe('0.000016387064');
    expect(toMetric('10', 'volume', 'american')).toBe('0.28316846592');
    expect(toMetric('48', 'length', 'imperial')).toBe('1.2192');
    expect(toMetric('2.4', 'length', 'metric')).toBe('2.4');
  });

  it('converts back, exactly when it fits and rounded otherwise', () => {
    expect(fromMetric('1500', 'weight', 'metric')).toBe('1.5');
    expect(fromMetric('0.90718474', 'weight', 'imperial')).toBe('2');
    expect(fromMetric('1000', 'weight', 'imperial')).toBe('2204.623');
    expect(fromMetric('1', 'volume', 'imperial')).toBe('61023.744');
    expect(fromMetric('1', 'volume', 'american', 4)).toBe('35.3147');
    expect(fromMetric('1', 'length', 'american', 2)).toBe('39.37');
    for (const system of ['metric', 'imperial', 'american'] as const) {
      for (const value of ['0.001', '2', '611', '12345.678']) {
        expect(fromMetric(toMetric(value, 'volume', system), 'volume', system)).toBe(decimalNormalize(value));
        expect(fromMetric(toMetric(value, 'weight', system), 'weight', system)).toBe(decimalNormalize(value));
      }
    }
  });

  it('converts a whole cargo, leaving blanks null and absent fields out', () => {
    expect(cargoToMetric({ weight: '2', volume: '611', height: null, width: '' }, 'imperial')).toEqual({
      weight: '0.90718474',
      volume: '0.010012496104',
      height: null,
      width: null,
    });
    expect(
      cargoFromMetric({ weight: '0.90718474', length: '1.2192', grossWeight: null }, 'imperial'),
    ).toEqual({
      weight: '2',
      length: '48',
      grossWeight: null,
    });
  });

  it('keeps the imperial minimums in storage units', () => {
    expect(IMPERIAL_MINIMUMS_METRIC).toEqual({ weight: '0.90718474', volume: '0.010012496104' });
  });

  it('reads a typed measure with spaces and a comma', () => {
    expect(cargoMeasureInputSchema.parse(' 1 250,5 ')).toBe('1250.5');
    expect(cargoMeasureInputSchema.safeParse('1.2345').success).toBe(false);
    expect(cargoMeasureInputSchema.safeParse('-1').success).toBe(false);
  });
});

const issuesOf = (input: unknown) => {
  const result = cargoInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('cargo input', () => {
  it('accepts every field of spec §3', () => {
    const cargo = {
      unitSystem: 'metric',
      description: 'Auto parts',
      weight: '1200',
      commercialWeight: '1500',
      grossWeight: '1250.5',
      volume: '8.4',
      length: '2.4',
      width: '1.2',
      height: '1.6',
      declaredValue: '25000.00',
      declaredValueCurrencyId: 2,
      countryOfOriginId: 7,
      liquid: true,
      stackable: false,
      packaging: 'Pallets',
      noRealCargo: false,
      placeCount: 6,
      tnvedCodes: ['8708 99 970 9', '8708999709', '8409910008'],
    };
    const parsed = cargoInputSchema.parse(cargo);
    expect(parsed.tnvedCodes).toEqual(['8708999709', '8409910008']);
    expect(Object.keys(CARGO_FIELD_LABELS).sort()).toEqual(Object.keys(cargoSchema.shape).sort());
  });

  it('refuses malformed values with their messages', () => {
    expect(
      issuesOf({
        weight: '-1',
        volume: '1e3',
        tnvedCodes: ['84713000'],
        declaredValue: '1.234',
        declaredValueCurrencyId: 1,
        placeCount: -1,
      }),
    ).toEqual({
      weight: MESSAGES.invalid,
      volume: MESSAGES.invalid,
      'tnvedCodes.0': 'A TNVED code has 10 digits.',
      declaredValue: MESSAGES.invalid,
      placeCount: MESSAGES.tooSmall,
    });
  });

  it('holds imperial and American cargo to 2 lbs and 611 cubic inches', () => {
    const below = {
      weight: toMetric('1.999', 'weight', 'imperial'),
      volume: toMetric('610', 'volume', 'imperial'),
    };
    expect(issuesOf({ unitSystem: 'imperial', ...below })).toEqual({
      weight: 'Weight must be at least 2 lbs.',
      volume: 'Volume must be at least 611 cubic inches.',
    });
    expect(issuesOf({ unitSystem: 'american', ...below })).toEqual({
      weight: M.weightMinimum,
      volume: M.volumeMinimum,
    });
    const exact = {
      weight: toMetric('2', 'weight', 'imperial'),
      volume: toMetric('611', 'volume', 'imperial'),
    };
    expect(issuesOf({ unitSystem: 'imperial', ...exact })).toEqual({});
    expect(issuesOf({ unitSystem: 'american', weight: toMetric('2', 'weight', 'american') })).toEqual({});
    // Metric has no such minimum, and a cargo that is not real is not weighed.
    expect(issuesOf({ unitSystem: 'metric', ...below })).toEqual({});
    expect(issuesOf({ unitSystem: 'imperial', noRealCargo: true, ...below })).toEqual({});
  });

  it('needs a currency for a declared value', () => {
    expect(issuesOf({ declaredValue: '100.00' })).toEqual({ declaredValueCurrencyId: M.currencyRequired });
    expect(cargoIssues({ declaredValue: '100.00', declaredValueCurrencyId: 1 })).toEqual([]);
  });

  it('completes a stored cargo with its value per kg', () => {
    const cargo = completeCargo({ weight: '1200', declaredValue: '25000.00', declaredValueCurrencyId: 1 });
    expect(cargo).toEqual({
      ...EMPTY_CARGO,
      weight: '1200',
      declaredValue: '25000.00',
      declaredValueCurrencyId: 1,
      declaredValuePerKg: '20.83',
    });
    expect(cargoSchema.parse(cargo)).toEqual(cargo);
    expect(completeCargo(undefined)).toEqual(EMPTY_CARGO);
  });
});

describe('cargo description', () => {
  it('asks for TNVED codes or a description unless there is no real cargo', () => {
    expect(cargoDescribed({ tnvedCodes: [], description: '  ' })).toBe(false);
    expect(cargoDescriptionIssue({ tnvedCodes: [], description: null })).toEqual({
      path: ['tnvedCodes'],
      message: 'TNVED codes or cargo description required',
    });
    expect(cargoDescriptionIssue({ tnvedCodes: ['8708999709'] })).toBeNull();
    expect(cargoDescriptionIssue({ description: 'Auto parts' })).toBeNull();
    expect(cargoDescriptionIssue({ noRealCargo: true })).toBeNull();
  });
});

describe('declared value', () => {
  it('is divided by the weight in kg to two decimals', () => {
    expect(cargoDeclaredValuePerKg('1000.00', '0.90718474')).toBe('1102.31');
    expect(cargoDeclaredValuePerKg('100', '3')).toBe('33.33');
    expect(cargoDeclaredValuePerKg('50', '2')).toBe('25.00');
    expect(cargoDeclaredValuePerKg('50', '0')).toBeNull();
    expect(cargoDeclaredValuePerKg(null, '2')).toBeNull();
    expect(cargoDeclaredValuePerKg('50', null)).toBeNull();
  });

  it('warns above the per-kg and insured value options', () => {
    const options = { cargoDeclaredValuePerKg: '20.00', cargoInsuredValue: '100000.00' };
    expect(cargoValueWarnings({ declaredValue: '20000.00', weight: '1000' }, options)).toEqual([]);
    expect(cargoValueWarnings({ declaredValue: '20010.00', weight: '1000' }, options)).toEqual([
      { path: ['declaredValuePerKg'], message: M.declaredValuePerKgAboveLimit },
    ]);
    expect(cargoValueWarnings({ declaredValue: '100000.01', weight: '10000' }, options)).toEqual([
      { path: ['declaredValue'], message: M.declaredValueAboveInsuredValue },
    ]);
    expect(cargoValueWarnings({ declaredValue: null, weight: '10' }, options)).toEqual([]);
  });

  it('sets no limit with a zero option (the defaults insure nothing)', () => {
    expect(SYSTEM_OPTIONS_DEFAULTS.cargoInsuredValue).toBe('0.00');
    const options = { cargoDeclaredValuePerKg: '0.00', cargoInsuredValue: '0.00' };
    expect(cargoValueWarnings({ declaredValue: '9999999.00', weight: '1' }, options)).toEqual([]);
  });
});
