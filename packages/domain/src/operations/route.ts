import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';

/** A point of a route: where cargo is taken (dispatch) or handed over (delivery). */
export const ROUTE_POINT_KINDS = ['dispatch', 'delivery'] as const;
export type RoutePointKind = (typeof ROUTE_POINT_KINDS)[number];
export const ROUTE_POINT_KIND_LABELS: Readonly<Record<RoutePointKind, LocalizedText>> = {
  dispatch: { ru: 'Отправление', en: 'Dispatch' },
  delivery: { ru: 'Доставка', en: 'Delivery' },
};

/** Most points any route holds, whatever the product allows. */
export const MAX_ROUTE_POINTS = 100;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const routePointInputSchema = z.object({
  kind: z.enum(ROUTE_POINT_KINDS),
  address: z.string().trim().min(1).max(1000),
  countryId: z.number().int().positive().nullable().optional(),
  /** The window of loading (dispatch) or unloading (delivery): first and last day. */
  dateFrom: z.iso.date().nullable().optional(),
  dateTo: z.iso.date().nullable().optional(),
  contactName: optionalText(255),
  contactPhone: optionalText(64),
  loadingMethodId: z.number().int().positive().nullable().optional(),
});
export type RoutePointInput = z.infer<typeof routePointInputSchema>;

/** A route as sent: points in the order the cargo passes them. */
export const routeInputSchema = z.array(routePointInputSchema).max(MAX_ROUTE_POINTS);

export const routePointSchema = z.object({
  kind: z.enum(ROUTE_POINT_KINDS),
  address: z.string(),
  countryId: z.number().int().nullable(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  loadingMethodId: z.number().int().nullable(),
});
export type RoutePoint = z.infer<typeof routePointSchema>;

/** A stored point of an input point (blanks as null). */
export function completeRoutePoint(point: RoutePointInput): RoutePoint {
  return {
    kind: point.kind,
    address: point.address,
    countryId: point.countryId ?? null,
    dateFrom: point.dateFrom ?? null,
    dateTo: point.dateTo ?? null,
    contactName: point.contactName ?? null,
    contactPhone: point.contactPhone ?? null,
    loadingMethodId: point.loadingMethodId ?? null,
  };
}

export const ROUTE_POINT_FIELD_LABELS: Readonly<Record<keyof RoutePoint, LocalizedText>> = {
  kind: { ru: 'Тип пункта', en: 'Point type' },
  address: { ru: 'Адрес', en: 'Address' },
  countryId: { ru: 'Страна', en: 'Country' },
  dateFrom: { ru: 'Дата с', en: 'Date from' },
  dateTo: { ru: 'Дата по', en: 'Date to' },
  contactName: { ru: 'Контактное лицо', en: 'Contact name' },
  contactPhone: { ru: 'Телефон контакта', en: 'Contact phone' },
  loadingMethodId: { ru: 'Способ погрузки/выгрузки', en: 'Loading method' },
};

export interface RouteRules {
  /** An order's route needs a dispatch and a delivery point; a job's may be partial or empty. */
  requireDispatchAndDelivery: boolean;
  /** The product's limits (null: none). */
  maxDispatchPoints?: number | null;
  maxDeliveryPoints?: number | null;
}

type PointLike = Pick<RoutePointInput, 'kind' | 'countryId' | 'dateFrom' | 'dateTo'>;

/**
 * The route's rules: a dispatch and a delivery point for orders, the product's maximum points, a country
 * for each delivery point, each point's dates in order and no delivery before the first dispatch. Paths are
 * relative to the route: [] for the whole route, [index, field] for a point.
 */
export function routeIssues(points: readonly PointLike[], rules: RouteRules): OperationIssue[] {
  const issues: OperationIssue[] = [];
  const dispatch = points.filter((p) => p.kind === 'dispatch');
  const delivery = points.filter((p) => p.kind === 'delivery');
  if (rules.requireDispatchAndDelivery && (dispatch.length === 0 || delivery.length === 0)) {
    issues.push({ path: [], message: M.routePointsRequired });
  }
  if (rules.maxDispatchPoints != null && dispatch.length > rules.maxDispatchPoints) {
    issues.push({ path: [], message: M.tooManyDispatchPoints });
  }
  if (rules.maxDeliveryPoints != null && delivery.length > rules.maxDeliveryPoints) {
    issues.push({ path: [], message: M.tooManyDeliveryPoints });
  }
  const firstDispatch = dispatch
    .map((p) => p.dateFrom ?? p.dateTo)
    .filter((d): d is string => Boolean(d))
    .sort()[0];
  points.forEach((point, index) => {
    if (point.kind === 'delivery' && !point.countryId) {
      issues.push({ path: [index, 'countryId'], message: M.deliveryCountryMissing });
    }
    if (point.dateFrom && point.dateTo && point.dateTo < point.dateFrom) {
      issues.push({ path: [index, 'dateTo'], message: M.pointDates });
    }
    const deliveryDate = point.dateTo ?? point.dateFrom;
    if (point.kind === 'delivery' && firstDispatch && deliveryDate && deliveryDate < firstDispatch) {
      issues.push({ path: [index, point.dateTo ? 'dateTo' : 'dateFrom'], message: M.deliveryBeforeDispatch });
    }
  });
  return issues;
}

/** What the lists show and filter of a route: first dispatch and last delivery, their dates and countries. */
export interface RouteSummary {
  dispatchDate: string | null;
  deliveryDate: string | null;
  dispatchCountryId: number | null;
  deliveryCountryId: number | null;
}

export function routeSummary(points: readonly RoutePointInput[]): RouteSummary {
  const first = points.find((p) => p.kind === 'dispatch');
  const last = points.findLast((p) => p.kind === 'delivery');
  return {
    dispatchDate: first ? (first.dateFrom ?? first.dateTo ?? null) : null,
    deliveryDate: last ? (last.dateTo ?? last.dateFrom ?? null) : null,
    dispatchCountryId: first?.countryId ?? null,
    deliveryCountryId: last?.countryId ?? null,
  };
}

/** Where a route starts and ends, for a list: the first dispatch and the last delivery point. */
export interface RouteEnds {
  from: string | null;
  to: string | null;
  /** The two full addresses, for a tooltip. */
  title: string;
}

/** The place of an address as a list shows it: its first part ("Москва" of "Москва, ул. Ленина 1"). */
export const placeOf = (address: string | null | undefined): string | null =>
  address?.split(',')[0]?.trim() || null;

export function routeEnds(route: readonly Pick<RoutePoint, 'kind' | 'address'>[] | undefined): RouteEnds {
  const points = route ?? [];
  const from = points.find((point) => point.kind === 'dispatch');
  const to = points.findLast((point) => point.kind === 'delivery');
  return {
    from: placeOf(from?.address),
    to: placeOf(to?.address),
    title: [from?.address, to?.address].filter(Boolean).join(' → '),
  };
}

/** A route end as a list row carries it: what its cell shows (`routeEnds`). */
export const routeEndPointSchema = routePointSchema.pick({ kind: true, address: true });
export type RouteEndPoint = z.infer<typeof routeEndPointSchema>;

/** The first dispatch point and the last delivery point of a route, by kind and address only. */
export function routeEndPoints(
  route: readonly Pick<RoutePoint, 'kind' | 'address'>[] | undefined,
): RouteEndPoint[] {
  const points = route ?? [];
  const from = points.find((point) => point.kind === 'dispatch');
  const to = points.findLast((point) => point.kind === 'delivery');
  return [from, to].flatMap((point) => (point ? [{ kind: point.kind, address: point.address }] : []));
}

/** The route as a list's cell and its export read it: "Москва → Berlin" ('…' for a missing end), or null. */
export function routeEndsText(
  route: readonly Pick<RoutePoint, 'kind' | 'address'>[] | undefined,
): string | null {
  const { from, to } = routeEnds(route);
  return from || to ? `${from ?? '…'} → ${to ?? '…'}` : null;
}
