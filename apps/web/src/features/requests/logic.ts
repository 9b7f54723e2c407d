import type { CustomerRequest, TransportType } from '@tms/domain';
import {
  type CargoForm,
  cargoBodyOf,
  cargoFormOf,
  type RoutePointForm,
  routeBodyOf,
  routeFormOf,
} from '../operations/logic';

/** The request form's values: the operations' route and cargo forms beside the request's own fields. */
export interface RequestFormValues {
  clientId: number | null;
  sellerId: number | null;
  forwarderId: number | null;
  serviceOfficeId: number | null;
  transportTypes: TransportType[];
  serviceIds: number[];
  route: RoutePointForm[];
  cargo: CargoForm;
  executionComment: string | null;
  tnvedComment: string | null;
  complexMark: boolean;
}

/** The form's values of a saved request, or of a new one sold by `sellerId` (the user creating it). */
export function requestFormValuesOf(source: CustomerRequest | null, sellerId?: number): RequestFormValues {
  return {
    clientId: source?.clientId ?? null,
    sellerId: source ? (source.sellerId ?? null) : (sellerId ?? null),
    forwarderId: source?.forwarderId ?? null,
    serviceOfficeId: source?.serviceOfficeId ?? null,
    transportTypes: [...(source?.transportTypes ?? [])],
    serviceIds: [...(source?.serviceIds ?? [])],
    route: routeFormOf(source?.route),
    cargo: cargoFormOf(source?.cargo),
    executionComment: source?.executionComment ?? null,
    tnvedComment: source?.tnvedComment ?? null,
    complexMark: source?.complexMark ?? false,
  };
}

/** The create (or update) body of the request form, with the cargo measures that could not be read. */
export function requestBodyOf(values: RequestFormValues) {
  const { cargo, invalid } = cargoBodyOf(values.cargo);
  return {
    body: {
      clientId: values.clientId,
      sellerId: values.sellerId,
      forwarderId: values.forwarderId,
      serviceOfficeId: values.serviceOfficeId,
      transportTypes: values.transportTypes,
      serviceIds: values.serviceIds,
      route: routeBodyOf(values.route),
      cargo,
      executionComment: values.executionComment || null,
      tnvedComment: values.tnvedComment || null,
      complexMark: values.complexMark,
    },
    invalid,
  };
}
