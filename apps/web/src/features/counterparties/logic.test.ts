import { counterpartyResource } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { creditFigures, fieldShown, fromCents, initialMergeChoice, MAIN_SECTIONS, toCents } from './logic';

describe('MAIN_SECTIONS', () => {
  it('places every field of the create body once, except the API addresses of their own tab', () => {
    const placed = MAIN_SECTIONS.flatMap((s) => s.fields.map(([name]) => name));
    const editable = Object.keys(counterpartyResource.create.shape).filter((n) => n !== 'apiAllowedIps');
    expect([...placed].sort()).toEqual([...editable].sort());
  });
});

describe('fieldShown', () => {
  it('shows liquid access to contractors and the reason to black-listed ones', () => {
    expect(fieldShown('liquidAccess', { contractor: false })).toBe(false);
    expect(fieldShown('liquidAccess', { contractor: true })).toBe(true);
    expect(fieldShown('blackListReason', { blackList: false })).toBe(false);
    expect(fieldShown('blackListReason', { blackList: true })).toBe(true);
    expect(fieldShown('name', {})).toBe(true);
  });
});

describe('cents', () => {
  it('reads and writes decimal amounts exactly', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('-0.07')).toBe(-7n);
    expect(toCents('12')).toBe(1200n);
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(fromCents(123450n)).toBe('1234.50');
    expect(fromCents(-7n)).toBe('-0.07');
    expect(fromCents((toCents('0.1') as bigint) + (toCents('0.2') as bigint))).toBe('0.30');
  });
});

describe('creditFigures', () => {
  it('has no available amount and no gauge without a limit', () => {
    expect(creditFigures(null, null, '10.00')).toEqual({
      limit: null,
      threshold: null,
      exposure: '10.00',
      available: null,
      usedPercent: null,
    });
  });

  it('subtracts the exposure from the limit and caps the gauge', () => {
    expect(creditFigures('1000.00', '800.00', '250.50')).toMatchObject({
      available: '749.50',
      usedPercent: 25.05,
    });
    expect(creditFigures('1000.00', null, '1500.00')).toMatchObject({
      available: '-500.00',
      usedPercent: 100,
    });
    expect(creditFigures('0.00', null, '0')).toMatchObject({ available: '0.00', usedPercent: 100 });
  });
});

describe('initialMergeChoice', () => {
  it('keeps the survivor value unless only the merged record has one', () => {
    expect(
      initialMergeChoice(
        ['phone', 'inn', 'featureIds', 'comment'],
        { phone: '+7 1', inn: '7707083893', featureIds: [1], comment: null },
        { phone: '+7 2', inn: null, featureIds: [], comment: 'kept' },
      ),
    ).toEqual({ phone: 'survivor', inn: 'source', featureIds: 'source', comment: 'survivor' });
  });

  it('keeps the survivor value of a field the user may not edit', () => {
    expect(
      initialMergeChoice(
        ['inn', 'managerIds'],
        { inn: '7707083893', managerIds: [3] },
        { inn: null, managerIds: [] },
        (field) => field === 'managerIds',
      ),
    ).toEqual({ inn: 'source', managerIds: 'survivor' });
  });
});
