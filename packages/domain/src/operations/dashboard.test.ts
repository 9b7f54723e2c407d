import { describe, expect, it } from 'vitest';
import { DASHBOARD_LINKS, listLinkHref, operationsDashboardSchema } from './dashboard';
import { orderResource } from './order';

describe('operations dashboard', () => {
  it('links each figure to the order list filter it counts', () => {
    expect(listLinkHref(DASHBOARD_LINKS.myOpenOrders(5, 'READY'))).toBe(
      '/tms/orders?archived=false&financeControlStatus=READY&forwarderId=5',
    );
    expect(listLinkHref(DASHBOARD_LINKS.stagesDueToday())).toBe('/tms/orders?archived=false&stageDue=today');
    expect(listLinkHref(DASHBOARD_LINKS.stagesOverdue())).toBe('/tms/orders?archived=false&stageDue=overdue');
    expect(listLinkHref(DASHBOARD_LINKS.ordersAwaitingFinanceControl())).toBe(
      '/tms/orders?archived=false&financeControlStatus=READY',
    );
    expect(listLinkHref({ path: '/tms/orders', query: {} })).toBe('/tms/orders');
    expect(listLinkHref({ path: '/x', query: { search: 'a b&c' } })).toBe('/x?search=a%20b%26c');
  });

  it('filters only by what the order list filters', () => {
    const filters = new Set(orderResource.fields.filter((f) => f.filterable).map((f) => f.name));
    const links = [
      DASHBOARD_LINKS.myOpenOrders(5, 'READY'),
      DASHBOARD_LINKS.stagesDueToday(),
      DASHBOARD_LINKS.stagesOverdue(),
      DASHBOARD_LINKS.ordersAwaitingFinanceControl(),
    ];
    for (const link of links) {
      expect(link.path).toBe(orderResource.path);
      for (const key of Object.keys(link.query)) expect(filters, key).toContain(key);
    }
    const sort = DASHBOARD_LINKS.recentlyChangedOrders().query.sort;
    expect(orderResource.fields.find((f) => f.name === sort)?.sortable).toBe(true);
  });

  it('parses a response', () => {
    const figure = (count: number) => ({ count, link: DASHBOARD_LINKS.stagesDueToday() });
    const response = {
      myOpenOrdersByStatus: [{ status: 'READY', ...figure(3) }],
      stagesDueToday: figure(2),
      stagesOverdue: figure(1),
      ordersAwaitingFinanceControl: figure(4),
      recentlyChangedOrders: {
        items: [
          {
            id: 42,
            number: 42,
            clientName: 'ООО «Ромашка»',
            financeControlStatus: 'READY',
            updatedAt: '2025-03-02T09:00:00.000Z',
          },
        ],
        link: DASHBOARD_LINKS.recentlyChangedOrders(),
      },
    };
    expect(operationsDashboardSchema.parse(response)).toEqual(response);
    expect(operationsDashboardSchema.safeParse({ ...response, stagesOverdue: figure(-1) }).success).toBe(
      false,
    );
  });
});
