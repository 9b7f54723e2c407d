import { COUNTERPARTY_MESSAGES, EMPTY_CARGO, OPERATION_MESSAGES } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import {
  cargoBodyOf,
  cargoFormOf,
  contractorRefusal,
  jobBodyOf,
  jobFormValuesOf,
  jobOrderFacts,
  orderBodyOf,
  orderCreditWarning,
  orderFormValuesOf,
  routeFormOf,
  serviceLeavesProduct,
  switchUnitSystem,
  todayIso,
} from './logic';

describe('cargo in the form', () => {
  it('shows stored metric measures in the cargo’s own unit system', () => {
    const form = cargoFormOf({ ...EMPTY_CARGO, unitSystem: 'imperial', weight: '0.90718474', volume: null });
    expect(form.weight).toBe('2');
    expect(form.volume).toBe('');
  });

  it('metric shows tons and cbm: 1500 kg is 1.5 t', () => {
    expect(cargoFormOf({ ...EMPTY_CARGO, weight: '1500' }).weight).toBe('1.5');
  });

  it('sends what is typed in metric storage units, blanks as null, commas as points', () => {
    const form = {
      ...cargoFormOf(null),
      unitSystem: 'imperial' as const,
      weight: '2',
      volume: '611',
      length: ' ',
    };
    const { cargo, invalid } = cargoBodyOf(form);
    expect(invalid).toEqual([]);
    expect(cargo.weight).toBe('0.90718474');
    expect(cargo.volume).toBe('0.010012496104');
    expect(cargo.length).toBeNull();
    expect(cargoBodyOf({ ...cargoFormOf(null), weight: '1,25' }).cargo.weight).toBe('1250');
  });

  it('reports measures that are not numbers instead of sending them', () => {
    expect(cargoBodyOf({ ...cargoFormOf(null), weight: 'abc' }).invalid).toEqual(['weight']);
  });

  it('switching the unit system converts the typed values, keeping what cannot be read', () => {
    const form = { ...cargoFormOf(null), weight: '1', width: 'x' };
    const imperial = switchUnitSystem(form, 'imperial');
    expect(imperial.unitSystem).toBe('imperial');
    expect(imperial.weight).toBe('2204.623');
    expect(imperial.width).toBe('x');
    expect(switchUnitSystem(switchUnitSystem({ ...form, weight: '2' }, 'american'), 'metric').weight).toBe(
      '2',
    );
  });
});

describe('order form', () => {
  it('a new order starts with one dispatch and one delivery point and the user as forwarder', () => {
    const values = orderFormValuesOf(null, { forwarderId: 7 });
    expect(values.route.map((p) => p.kind)).toEqual(['dispatch', 'delivery']);
    expect(values.forwarderId).toBe(7);
    expect(routeFormOf([])).toHaveLength(2);
  });

  it('sends flags and the completion date only for a saved order', () => {
    const values = orderFormValuesOf(null);
    expect(orderBodyOf(values, false).body).not.toHaveProperty('failure');
    expect(orderBodyOf(values, true).body).toMatchObject({
      failure: false,
      damaged: false,
      completionDate: null,
    });
  });

  it('trims route texts and sends blanks as null', () => {
    const values = orderFormValuesOf(null);
    values.route[0] = { ...values.route[0]!, address: '  Moscow ', contactName: ' ' };
    const route = orderBodyOf(values, false).body.route as { address: string; contactName: string | null }[];
    expect(route[0]).toMatchObject({ address: 'Moscow', contactName: null });
  });
});

describe("the order form's credit warning", () => {
  const credit = {
    limit: '1000.00',
    threshold: '800.00',
    exposure: '700.00',
    advances: '0.00',
    balance: null,
  };
  it('sends the planned income as decimal text, blank as null', () => {
    const values = orderFormValuesOf(null);
    expect(orderBodyOf({ ...values, plannedIncome: ' 1 250,5 ' }, false).body.plannedIncome).toBe('1250.5');
    expect(orderBodyOf({ ...values, plannedIncome: '' }, false).body.plannedIncome).toBeNull();
  });

  it('warns past the threshold, and of a refusal past the limit, from what the save adds', () => {
    expect(orderCreditWarning({ ...credit, limit: null }, '5000', null, 1)).toBeNull();
    expect(orderCreditWarning(credit, '99.99', null, 1)).toBeNull();
    expect(orderCreditWarning(credit, '100', null, 1)).toMatchObject({
      kind: 'threshold',
      projected: '800.00',
      added: '100.00',
    });
    expect(orderCreditWarning(credit, '300.01', null, 1)).toMatchObject({
      kind: 'limit',
      projected: '1000.01',
    });
    // The saved order's planned income is in the exposure already: only the raise counts.
    const saved = { clientId: 1, plannedIncome: '250.00' };
    expect(orderCreditWarning(credit, '349.99', saved, 1)).toBeNull();
    expect(orderCreditWarning(credit, '600', saved, 1)).toMatchObject({ kind: 'limit', added: '350.00' });
    // Another client takes the whole planned income; a client at its limit takes no new order.
    expect(orderCreditWarning(credit, '350', saved, 2)).toMatchObject({ kind: 'limit' });
    const atLimit = { ...credit, exposure: '1000.00' };
    expect(orderCreditWarning(atLimit, null, null, 1)).toMatchObject({ kind: 'limit' });
    expect(orderCreditWarning(atLimit, '250', saved, 1)).toMatchObject({ kind: 'threshold' });
  });

  it("warns a prepayment client's order its advances do not cover", () => {
    const prepaid = {
      limit: '0.00',
      threshold: null,
      exposure: '200.00',
      advances: '500.00',
      balance: '300.00',
    };
    expect(orderCreditWarning(prepaid, '300', null, 1)).toBeNull();
    expect(orderCreditWarning(prepaid, '300.01', null, 1)).toMatchObject({
      kind: 'balance',
      balance: '300.00',
    });
  });
});

describe('job form', () => {
  it('keeps a partial route as it is and sends the cost as a decimal', () => {
    const values = jobFormValuesOf({ orderIds: [3], route: [] });
    expect(values.route).toEqual([]);
    expect(jobBodyOf({ ...values, costAmount: '1 500,50' }, false)).toMatchObject({
      orderIds: [3],
      costAmount: '1500.50',
    });
    expect(jobBodyOf({ ...values, costAmount: null }, false).costAmount).toBeNull();
  });
});

it('today is the local calendar day', () => {
  expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
});

describe('what the selects of an order and a job offer', () => {
  it("clears the order's service when the new product does not list it", () => {
    expect(serviceLeavesProduct(null, null)).toBe(false);
    expect(serviceLeavesProduct(3, { serviceIds: [1, 3] })).toBe(false);
    expect(serviceLeavesProduct(3, { serviceIds: [1] })).toBe(true);
    expect(serviceLeavesProduct(3, null)).toBe(true);
  });

  it("takes the products and the liquid cargo of the job's orders", () => {
    const order = (productId: number, liquid: boolean) => ({ productId, cargo: { ...EMPTY_CARGO, liquid } });
    expect(jobOrderFacts([order(5, false), order(2, true), order(5, false)])).toEqual({
      productIds: [2, 5],
      liquid: true,
    });
    expect(jobOrderFacts([])).toEqual({ productIds: [], liquid: false });
  });

  it("gives the server's reason for a contractor it would refuse", () => {
    const row = { contractor: true, blackList: false, liquidAccess: false };
    expect(contractorRefusal(row, false)).toBeNull();
    expect(contractorRefusal(row, true)).toBe(OPERATION_MESSAGES.liquidAccess);
    expect(contractorRefusal({ ...row, blackList: true }, false)).toBe(COUNTERPARTY_MESSAGES.blackListed);
  });
});
