import type { LocalizedText } from '../common/resource';
import { ROUTE_POINT_KIND_LABELS, type RoutePoint } from '../operations/route';

/**
 * What every initiator of the document generator prints the same way (orders, jobs, requests, bills,
 * counterparties): field labels, dates, the route loop. Documents are Russian: names print in Russian.
 */

/** A field's label in both languages. */
export const initiatorLabel = (ru: string, en: string): LocalizedText => ({ ru, en });

/** A date as documents print it, 31.12.2026: the day of an ISO date or of a moment; empty for none. */
export function documentDate(date: string | Date | null | undefined): string {
  if (!date) return '';
  const iso = typeof date === 'string' ? date : date.toISOString();
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** The route as a loop over its points. */
export const ROUTE_LOOP_FIELD = {
  tag: 'route',
  label: initiatorLabel('Маршрут (цикл по точкам)', 'Route (loop over points)'),
  items: [
    { tag: 'kind', label: initiatorLabel('Тип точки', 'Point kind') },
    { tag: 'address', label: initiatorLabel('Адрес', 'Address') },
    { tag: 'dateFrom', label: initiatorLabel('Дата с', 'Date from') },
    { tag: 'dateTo', label: initiatorLabel('Дата по', 'Date to') },
    { tag: 'contactName', label: initiatorLabel('Контакт', 'Contact') },
    { tag: 'contactPhone', label: initiatorLabel('Телефон', 'Phone') },
  ],
};

/** The values of `ROUTE_LOOP_FIELD` for a record's route. */
export function routeLoopRows(points: readonly RoutePoint[]): Record<string, string>[] {
  return points.map((point) => ({
    kind: ROUTE_POINT_KIND_LABELS[point.kind]?.ru ?? point.kind,
    address: point.address,
    dateFrom: documentDate(point.dateFrom),
    dateTo: documentDate(point.dateTo),
    contactName: point.contactName ?? '',
    contactPhone: point.contactPhone ?? '',
  }));
}
