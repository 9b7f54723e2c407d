import { describe, expect, it } from 'vitest';
import { transferPlanOf, transfersStatusOf } from './internal-transfers';

const bill = (direction: string, legalEntityId: number, amount: string, currencyId = 1) => ({
  direction,
  legalEntityId,
  currencyId,
  amount,
});
const transfer = (recipientLegalEntityId: number, amount: string, currencyId = 1) => ({
  recipientLegalEntityId,
  currencyId,
  amount,
});

describe('transfersStatusOf', () => {
  it('needs no transfer without income or when everything runs through one company', () => {
    expect(transfersStatusOf([bill('EXPENSE', 2, '10.00')], [])).toBe('not-required');
    expect(transfersStatusOf([bill('INCOME', 1, '50.00'), bill('EXPENSE', 1, '10.00')], [])).toBe(
      'not-required',
    );
  });

  it('is ready when transfers to each other company cover its expenses per currency', () => {
    const bills = [
      bill('INCOME', 1, '500.00'),
      bill('EXPENSE', 2, '100.00'),
      bill('EXPENSE', 2, '50.50'),
      bill('EXPENSE', 3, '20.00', 2),
    ];
    expect(transfersStatusOf(bills, [])).toBe('not-ready');
    expect(transfersStatusOf(bills, [transfer(2, '150.50')])).toBe('not-ready');
    // The same amount in another currency covers nothing.
    expect(transfersStatusOf(bills, [transfer(2, '150.50'), transfer(3, '20.00')])).toBe('not-ready');
    expect(
      transfersStatusOf(bills, [transfer(2, '100.00'), transfer(2, '50.50'), transfer(3, '20.00', 2)]),
    ).toBe('ready');
  });
});

describe('transferPlanOf', () => {
  it('answers each need with what covers it and what is still missing, never below zero', () => {
    const bills = [
      bill('EXPENSE', 2, '70.00'),
      bill('INCOME', 1, '500.00'),
      bill('EXPENSE', 2, '30.25'),
      bill('EXPENSE', 1, '99.00'),
      bill('EXPENSE', 3, '20.00', 2),
    ];
    expect(
      transferPlanOf(bills, [transfer(2, '40.00'), transfer(3, '25.00', 2), transfer(4, '5.00')]),
    ).toEqual({
      homeLegalEntityId: 1,
      needs: [
        { legalEntityId: 2, currencyId: 1, needed: '100.25', covered: '40.00', missing: '60.25' },
        { legalEntityId: 3, currencyId: 2, needed: '20.00', covered: '25.00', missing: '0.00' },
      ],
    });
    expect(transferPlanOf([bill('EXPENSE', 2, '10.00')], [])).toEqual({ homeLegalEntityId: null, needs: [] });
  });
});
