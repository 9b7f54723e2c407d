import { describe, expect, it } from 'vitest';
import { OPERATION_MESSAGES as M } from './messages';
import {
  completeRoutePoint,
  type RoutePointInput,
  routeEnds,
  routeEndsText,
  routeInputSchema,
  routeIssues,
  routePointInputSchema,
  routeSummary,
} from './route';

const dispatch = (extra: Partial<RoutePointInput> = {}): RoutePointInput => ({
  kind: 'dispatch',
  address: 'Hamburg, Am Sandtorkai 1',
  countryId: 1,
  dateFrom: '2025-03-03',
  dateTo: '2025-03-04',
  ...extra,
});
const delivery = (extra: Partial<RoutePointInput> = {}): RoutePointInput => ({
  kind: 'delivery',
  address: 'Москва, ул. Тверская, 1',
  countryId: 2,
  dateFrom: '2025-03-10',
  dateTo: '2025-03-11',
  ...extra,
});
const order = { requireDispatchAndDelivery: true };

describe('route points', () => {
  it('parse with every field', () => {
    const point = routePointInputSchema.parse({
      ...dispatch(),
      contactName: 'Hans Meier',
      contactPhone: '+49 40 123456',
      loadingMethodId: 3,
    });
    expect(completeRoutePoint(point)).toEqual({
      kind: 'dispatch',
      address: 'Hamburg, Am Sandtorkai 1',
      countryId: 1,
      dateFrom: '2025-03-03',
      dateTo: '2025-03-04',
      contactName: 'Hans Meier',
      contactPhone: '+49 40 123456',
      loadingMethodId: 3,
    });
    expect(completeRoutePoint({ kind: 'delivery', address: 'X' })).toMatchObject({
      countryId: null,
      dateFrom: null,
    });
  });

  it('refuse a blank address, an unknown kind and a bad date', () => {
    const result = routeInputSchema.safeParse([{ kind: 'transit', address: ' ', dateFrom: '2025-02-30' }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      '0.address',
      '0.dateFrom',
      '0.kind',
    ]);
  });
});

describe('route rules', () => {
  it('accept an order route with a dispatch and a delivery point', () => {
    expect(routeIssues([dispatch(), delivery()], order)).toEqual([]);
  });

  it('need a dispatch and a delivery point for orders only', () => {
    const both = { path: [], message: 'at least one dispatch point and one delivery point for orders' };
    expect(routeIssues([], order)).toEqual([both]);
    expect(routeIssues([dispatch()], order)).toEqual([both]);
    expect(routeIssues([delivery()], order)).toEqual([both]);
    expect(routeIssues([], { requireDispatchAndDelivery: false })).toEqual([]);
    expect(routeIssues([delivery()], { requireDispatchAndDelivery: false })).toEqual([]);
  });

  it('hold the product’s maximum points', () => {
    const route = [dispatch(), dispatch(), delivery(), delivery(), delivery()];
    expect(routeIssues(route, { ...order, maxDispatchPoints: 2, maxDeliveryPoints: 3 })).toEqual([]);
    expect(routeIssues(route, { ...order, maxDispatchPoints: 1, maxDeliveryPoints: 2 })).toEqual([
      { path: [], message: 'too many dispatch points' },
      { path: [], message: 'too many delivery points' },
    ]);
    expect(routeIssues(route, { ...order, maxDispatchPoints: null, maxDeliveryPoints: null })).toEqual([]);
  });

  it('need the delivery country', () => {
    expect(routeIssues([dispatch({ countryId: null }), delivery({ countryId: null })], order)).toEqual([
      { path: [1, 'countryId'], message: 'delivery country missing' },
    ]);
  });

  it('keep dates in order', () => {
    expect(
      routeIssues([dispatch({ dateFrom: '2025-03-05', dateTo: '2025-03-04' }), delivery()], order),
    ).toEqual([{ path: [0, 'dateTo'], message: M.pointDates }]);
    expect(
      routeIssues([dispatch(), delivery({ dateFrom: '2025-03-01', dateTo: '2025-03-02' })], order),
    ).toEqual([{ path: [1, 'dateTo'], message: M.deliveryBeforeDispatch }]);
    // A delivery on the day of dispatch, and points without dates, are fine.
    expect(routeIssues([dispatch(), delivery({ dateFrom: '2025-03-03', dateTo: null })], order)).toEqual([]);
    expect(routeIssues([dispatch({ dateFrom: null, dateTo: null }), delivery()], order)).toEqual([]);
  });

  it('summarise the first dispatch and the last delivery', () => {
    const route = [
      dispatch(),
      dispatch({ dateFrom: '2025-03-05', countryId: 3 }),
      delivery({ dateTo: null }),
      delivery({ dateTo: '2025-03-12', countryId: 4 }),
    ];
    expect(routeSummary(route)).toEqual({
      dispatchDate: '2025-03-03',
      deliveryDate: '2025-03-12',
      dispatchCountryId: 1,
      deliveryCountryId: 4,
    });
    expect(routeSummary([])).toEqual({
      dispatchDate: null,
      deliveryDate: null,
      dispatchCountryId: null,
      deliveryCountryId: null,
    });
  });
});

describe('the ends of a route in a list', () => {
  it('are the first dispatch and the last delivery, by the first part of their addresses', () => {
    expect(
      routeEnds([
        { kind: 'dispatch', address: 'Poznań, ul. Głogowska 92' },
        { kind: 'dispatch', address: 'Варшава, склад 3' },
        { kind: 'delivery', address: 'Минск' },
        { kind: 'delivery', address: 'Санкт-Петербург, Софийская ул. 14' },
      ] as never),
    ).toEqual({
      from: 'Poznań',
      to: 'Санкт-Петербург',
      title: 'Poznań, ul. Głogowska 92 → Санкт-Петербург, Софийская ул. 14',
    });
  });

  it('leave out what the route lacks', () => {
    expect(routeEnds([{ kind: 'delivery', address: ' , ' }] as never)).toEqual({
      from: null,
      to: null,
      title: ' , ',
    });
    expect(routeEnds(undefined)).toEqual({ from: null, to: null, title: '' });
  });

  it('read "from → to" as the list cell and the export show them', () => {
    expect(
      routeEndsText([
        { kind: 'dispatch', address: 'Москва, Тверская 1' },
        { kind: 'delivery', address: 'Berlin' },
      ] as never),
    ).toBe('Москва → Berlin');
    expect(routeEndsText([{ kind: 'delivery', address: 'Минск' }] as never)).toBe('… → Минск');
    expect(routeEndsText([])).toBeNull();
  });
});
