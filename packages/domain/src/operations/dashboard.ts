import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { FINANCE_CONTROL_STATUSES, type FinanceControlStatus } from './statuses';

/**
 * The operational dashboard (`GET /api/tms/dashboard`): what a forwarder needs each morning. Every
 * figure carries the list filter it links to, so the web opens the list exactly as counted.
 */

/** A list screen and its query: `/tms/orders?forwarderId=5&archived=false`. */
export const listLinkSchema = z.object({
  path: z.string(),
  query: z.record(z.string(), z.string()),
});
export type ListLink = z.infer<typeof listLinkSchema>;

/** The address of a list link, parameters in key order (stable in tests and caches). */
export function listLinkHref(link: ListLink): string {
  const query = Object.entries(link.query)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return query ? `${link.path}?${query}` : link.path;
}

export const dashboardFigureSchema = z.object({
  count: z.number().int().min(0),
  link: listLinkSchema,
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const recentOrderSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  clientName: z.string(),
  financeControlStatus: z.enum(FINANCE_CONTROL_STATUSES),
  updatedAt: z.string(),
});

export const DASHBOARD_RECENT_ORDERS = 10;

export const operationsDashboardSchema = z.object({
  /** The user's open (not archived) orders where they are the forwarder, by finance control status. */
  myOpenOrdersByStatus: z.array(dashboardFigureSchema.extend({ status: z.enum(FINANCE_CONTROL_STATUSES) })),
  /** Orders in the user's view scope with an open stage expected today, and before today. */
  stagesDueToday: dashboardFigureSchema,
  stagesOverdue: dashboardFigureSchema,
  /** Orders READY for finance control (in the user's view scope). */
  ordersAwaitingFinanceControl: dashboardFigureSchema,
  /** The last changed orders in the user's view scope, newest first. */
  recentlyChangedOrders: z.object({
    items: z.array(recentOrderSchema).max(DASHBOARD_RECENT_ORDERS),
    link: listLinkSchema,
  }),
});
export type OperationsDashboard = z.infer<typeof operationsDashboardSchema>;

const ORDERS = '/tms/orders';

/** The links of each figure, for the server to answer and tests to expect. */
export const DASHBOARD_LINKS = {
  myOpenOrders: (userId: number, status: FinanceControlStatus): ListLink => ({
    path: ORDERS,
    query: { forwarderId: String(userId), archived: 'false', financeControlStatus: status },
  }),
  stagesDueToday: (): ListLink => ({ path: ORDERS, query: { archived: 'false', stageDue: 'today' } }),
  stagesOverdue: (): ListLink => ({ path: ORDERS, query: { archived: 'false', stageDue: 'overdue' } }),
  ordersAwaitingFinanceControl: (): ListLink => ({
    path: ORDERS,
    query: { archived: 'false', financeControlStatus: 'READY' },
  }),
  recentlyChangedOrders: (): ListLink => ({ path: ORDERS, query: { sort: 'updatedAt', order: 'desc' } }),
} as const;

export const DASHBOARD_FIGURE_LABELS: Readonly<Record<keyof OperationsDashboard, LocalizedText>> = {
  myOpenOrdersByStatus: { ru: 'Мои открытые заказы', en: 'My open orders' },
  stagesDueToday: { ru: 'Этапы на сегодня', en: 'Stages due today' },
  stagesOverdue: { ru: 'Просроченные этапы', en: 'Overdue stages' },
  ordersAwaitingFinanceControl: { ru: 'Ожидают финансового контроля', en: 'Awaiting finance control' },
  recentlyChangedOrders: { ru: 'Недавно изменённые заказы', en: 'Recently changed orders' },
};
