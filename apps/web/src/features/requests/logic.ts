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
  substituteId: number | null;
  forwarderId: number | null;
  serviceOfficeId: number | null;
  transportTypes: TransportType[];
  serviceIds: number[];
  route: RoutePointForm[];
  cargo: CargoForm;
  customFields: Record<string, unknown>;
  executionComment: string | null;
  tnvedComment: string | null;
  complexMark: boolean;
  declarantId: number | null;
  customsSpecialistId: number | null;
}

/**
 * What a new request or tender starts with from the user creating it: they sell it, and their office serves
 * it (so its forwarders see it), until the form says otherwise.
 */
export interface CreatorDefaults {
  sellerId: number;
  serviceOfficeId: number | null;
}

/** The creator's defaults from the signed-in user (`/api/system`). */
export function creatorDefaultsOf(user: {
  id: number;
  serviceOffice: { id: number } | null;
}): CreatorDefaults {
  return { sellerId: user.id, serviceOfficeId: user.serviceOffice?.id ?? null };
}

/** The form's values of a saved request, or of a new one with its creator's defaults. */
export function requestFormValuesOf(
  source: CustomerRequest | null,
  creator?: CreatorDefaults,
): RequestFormValues {
  return {
    clientId: source?.clientId ?? null,
    sellerId: source ? (source.sellerId ?? null) : (creator?.sellerId ?? null),
    substituteId: source?.substituteId ?? null,
    forwarderId: source?.forwarderId ?? null,
    serviceOfficeId: source ? (source.serviceOfficeId ?? null) : (creator?.serviceOfficeId ?? null),
    transportTypes: [...(source?.transportTypes ?? [])],
    serviceIds: [...(source?.serviceIds ?? [])],
    route: routeFormOf(source?.route),
    cargo: cargoFormOf(source?.cargo),
    customFields: { ...(source?.customFields ?? {}) },
    executionComment: source?.executionComment ?? null,
    tnvedComment: source?.tnvedComment ?? null,
    complexMark: source?.complexMark ?? false,
    declarantId: source?.declarantId ?? null,
    customsSpecialistId: source?.customsSpecialistId ?? null,
  };
}

/**
 * The create (or update) body of the request form, with the cargo measures that could not be read. A
 * customs request's people go with a customs request only; `customs` itself is sent on the create.
 */
export function requestBodyOf(values: RequestFormValues, customs: boolean, creating: boolean) {
  const { cargo, invalid } = cargoBodyOf(values.cargo);
  return {
    body: {
      clientId: values.clientId,
      sellerId: values.sellerId,
      substituteId: values.substituteId,
      forwarderId: values.forwarderId,
      serviceOfficeId: values.serviceOfficeId,
      transportTypes: values.transportTypes,
      serviceIds: values.serviceIds,
      route: routeBodyOf(values.route),
      cargo,
      customFields: values.customFields,
      executionComment: values.executionComment || null,
      tnvedComment: values.tnvedComment || null,
      complexMark: values.complexMark,
      ...(customs
        ? { declarantId: values.declarantId, customsSpecialistId: values.customsSpecialistId }
        : {}),
      ...(creating ? { customs } : {}),
    },
    invalid,
  };
}

/** The page of a request: a customs request has its own address (`/requests/customs/{id}`). */
export function requestPathOf(request: Pick<CustomerRequest, 'id' | 'customs'>): string {
  return request.customs ? `/requests/customs/${request.id}` : `/requests/${request.id}`;
}
