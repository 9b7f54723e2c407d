import type { HyperLot, HyperRequest, TransportType } from '@tms/domain';
import {
  type CargoForm,
  cargoBodyOf,
  cargoFormOf,
  type RoutePointForm,
  routeBodyOf,
  routeFormOf,
} from '../operations/logic';
import type { CreatorDefaults } from './logic';

/** A lot in the hyper request's form: a saved one names its request; a new one holds its request's data. */
export interface HyperLotForm {
  requestId: number | null;
  name: string;
  transportTypes: TransportType[];
  route: RoutePointForm[];
  cargo: CargoForm;
}

export interface HyperRequestFormValues {
  name: string;
  tenderNumber: string | null;
  clientId: number | null;
  sellerId: number | null;
  forwarderId: number | null;
  serviceOfficeId: number | null;
  deadline: string | null;
  comment: string | null;
  lots: HyperLotForm[];
  /** Why the lots taken out are withdrawn (asked only when a saved lot was taken out). */
  withdrawalReason: string;
}

/** A new lot's empty form. */
export function emptyLot(name: string): HyperLotForm {
  return {
    requestId: null,
    name,
    transportTypes: [],
    route: routeFormOf(undefined),
    cargo: cargoFormOf(null),
  };
}

/** A saved lot: its request and name (what it carries is its request's, shown from the saved lot). */
function savedLotForm(lot: HyperLot): HyperLotForm {
  return { ...emptyLot(lot.name), requestId: lot.requestId };
}

/** The form's values of a saved hyper request, or of a new one with its creator's defaults. */
export function hyperFormValuesOf(
  source: HyperRequest | null,
  creator?: CreatorDefaults,
): HyperRequestFormValues {
  return {
    name: source?.name ?? '',
    tenderNumber: source?.tenderNumber ?? null,
    clientId: source?.clientId ?? null,
    sellerId: source ? (source.sellerId ?? null) : (creator?.sellerId ?? null),
    forwarderId: source?.forwarderId ?? null,
    serviceOfficeId: source ? (source.serviceOfficeId ?? null) : (creator?.serviceOfficeId ?? null),
    deadline: source?.deadline ?? null,
    comment: source?.comment ?? null,
    lots: (source?.lots ?? []).map(savedLotForm),
    withdrawalReason: '',
  };
}

/** The saved lots the form no longer lists (their requests are withdrawn on save). */
export function withdrawnLots(source: HyperRequest | null, lots: readonly HyperLotForm[]): HyperLot[] {
  const kept = new Set(lots.map((lot) => lot.requestId));
  return (source?.lots ?? []).filter((lot) => !kept.has(lot.requestId));
}

/** The cargo measures of a lot's form that could not be read as numbers. */
export function lotCargoInvalid(lot: Pick<HyperLotForm, 'cargo'>) {
  return cargoBodyOf(lot.cargo).invalid;
}

/**
 * The create (or update) body: a saved lot by its request and name, a new one with its request's data;
 * the withdrawal reason only when a saved lot is taken out.
 */
export function hyperBodyOf(values: HyperRequestFormValues, source: HyperRequest | null) {
  const withdrawing = withdrawnLots(source, values.lots).length > 0;
  return {
    name: values.name.trim(),
    tenderNumber: values.tenderNumber?.trim() || null,
    clientId: values.clientId,
    sellerId: values.sellerId,
    forwarderId: values.forwarderId,
    serviceOfficeId: values.serviceOfficeId,
    deadline: values.deadline || null,
    comment: values.comment?.trim() || null,
    lots: values.lots.map((lot) =>
      lot.requestId !== null
        ? { requestId: lot.requestId, name: lot.name.trim() }
        : {
            name: lot.name.trim(),
            transportTypes: lot.transportTypes,
            route: routeBodyOf(lot.route),
            cargo: cargoBodyOf(lot.cargo).cargo,
          },
    ),
    ...(withdrawing ? { withdrawalReason: values.withdrawalReason.trim() || null } : {}),
  };
}

/**
 * The messages of a react-hook-form error tree by their path below it (`route.1.address`), for a lot's
 * refusals shown on its row and again under its fields in the lot's dialog.
 */
export function errorEntries(error: unknown, path: string[] = []): [string, string][] {
  if (!error || typeof error !== 'object') return [];
  const entries: [string, string][] = [];
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) entries.push([path.join('.'), message]);
  for (const [key, child] of Object.entries(error)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    entries.push(...errorEntries(child, [...path, key]));
  }
  return entries;
}
