import {
  CARGO_MEASURE_FIELDS,
  CARGO_MEASURES,
  type Cargo,
  type CargoInput,
  type CargoMeasureField,
  type CargoUnitSystem,
  type CounterpartyCredit,
  cargoMeasureInputSchema,
  decimalAdd,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  EMPTY_CARGO,
  fromMetric,
  isPrepayment,
  jobContractorIssue,
  MESSAGES,
  type OrderCreate,
  type OrderListRow,
  type RoutePoint,
  type RoutePointInput,
  type RoutePointKind,
  serviceIssue,
  toMetric,
} from '@tms/domain';

/** Pure rules of the order and job screens: form values ↔ bodies, cargo units, route points, blocks. */

/** A cargo as the form holds it: measures as typed in the chosen unit system. */
export type CargoForm = Omit<Cargo, CargoMeasureField | 'declaredValuePerKg'> &
  Record<CargoMeasureField, string>;

/** A stored cargo in the form, its measures shown in its own unit system (blank as ''). */
export function cargoFormOf(cargo: Cargo | CargoInput | null | undefined): CargoForm {
  const full = { ...EMPTY_CARGO, ...(cargo ?? {}) } as Cargo;
  const { declaredValuePerKg: _computed, ...rest } = full;
  const form = { ...rest, tnvedCodes: [...(full.tnvedCodes ?? [])] } as CargoForm;
  for (const field of CARGO_MEASURE_FIELDS) {
    const value = full[field];
    form[field] = value ? fromMetric(value, CARGO_MEASURES[field], full.unitSystem) : '';
  }
  return form;
}

/** An entered measure as a plain decimal ("1 234,5" → "1234.5"), or null when it is not a number. */
export function parseMeasure(text: string): string | null {
  const parsed = cargoMeasureInputSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/**
 * The form's measures in another unit system: each valid value converted through metric (three decimals);
 * a value that is not a number stays as typed so the user sees what to fix.
 */
export function switchUnitSystem(form: CargoForm, next: CargoUnitSystem): CargoForm {
  const out: CargoForm = { ...form, unitSystem: next };
  for (const field of CARGO_MEASURE_FIELDS) {
    const value = parseMeasure(form[field]);
    if (value === null) continue;
    const metric = toMetric(value, CARGO_MEASURES[field], form.unitSystem);
    out[field] = fromMetric(metric, CARGO_MEASURES[field], next);
  }
  return out;
}

export interface CargoBody {
  cargo: CargoInput;
  /** Measures that are not numbers, by field: shown under the field, nothing is sent. */
  invalid: CargoMeasureField[];
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
/** An entered amount as decimal text ("1 234,50" → "1234.50"), null when blank. */
const decimalOrNull = (value: string | null | undefined) =>
  blankToNull(value?.replace(/\s+/g, '').replace(',', '.'));

/** The cargo body: measures converted to metric storage units, blanks as null. */
export function cargoBodyOf(form: CargoForm): CargoBody {
  const invalid: CargoMeasureField[] = [];
  const cargo: CargoInput = {
    unitSystem: form.unitSystem,
    description: blankToNull(form.description),
    declaredValue: blankToNull(form.declaredValue?.replace(/\s+/g, '').replace(',', '.')),
    declaredValueCurrencyId: form.declaredValueCurrencyId ?? null,
    countryOfOriginId: form.countryOfOriginId ?? null,
    liquid: form.liquid,
    stackable: form.stackable,
    packaging: blankToNull(form.packaging),
    noRealCargo: form.noRealCargo,
    placeCount: form.placeCount ?? null,
    tnvedCodes: form.tnvedCodes,
  };
  for (const field of CARGO_MEASURE_FIELDS) {
    const text = form[field].trim();
    if (!text) {
      cargo[field] = null;
      continue;
    }
    const value = parseMeasure(text);
    if (value === null) invalid.push(field);
    else cargo[field] = toMetric(value, CARGO_MEASURES[field], form.unitSystem);
  }
  return { cargo, invalid };
}

/** The message under a measure that is not a number. */
export const CARGO_MEASURE_ERROR = MESSAGES.invalid;

/** A route point as the form holds it. */
export type RoutePointForm = RoutePoint;

export function emptyRoutePoint(kind: RoutePointKind): RoutePointForm {
  return {
    kind,
    address: '',
    countryId: null,
    dateFrom: null,
    dateTo: null,
    contactName: null,
    contactPhone: null,
    loadingMethodId: null,
  };
}

/** A stored or copied route in the form; a new order starts with one dispatch and one delivery point. */
export function routeFormOf(route: readonly (RoutePoint | RoutePointInput)[] | undefined): RoutePointForm[] {
  if (!route?.length) return [emptyRoutePoint('dispatch'), emptyRoutePoint('delivery')];
  return route.map((point) => ({ ...emptyRoutePoint(point.kind), ...point }));
}

/** The route body: texts trimmed, blanks as null. */
export function routeBodyOf(route: readonly RoutePointForm[]): RoutePointInput[] {
  return route.map((point) => ({
    kind: point.kind,
    address: point.address.trim(),
    countryId: point.countryId ?? null,
    dateFrom: point.dateFrom ?? null,
    dateTo: point.dateTo ?? null,
    contactName: blankToNull(point.contactName),
    contactPhone: blankToNull(point.contactPhone),
    loadingMethodId: point.loadingMethodId ?? null,
  }));
}

/** The order form's values (a new order, a copy's body, or the saved order). */
export interface OrderFormValues {
  clientId: number | null;
  productId: number | null;
  serviceId: number | null;
  serviceOfficeId: number | null;
  forwarderId: number | null;
  sellerId: number | null;
  curatorIds: number[];
  transportType: string | null;
  shipmentTermId: number | null;
  paymentTermsBasis: string | null;
  paymentTermsDays: number | null;
  /** Decimal text in the base currency, '' or null when none. */
  plannedIncome: string | null;
  route: RoutePointForm[];
  cargo: CargoForm;
  customFieldGroupId: number | null;
  customFields: Record<string, unknown>;
  failure: boolean;
  damaged: boolean;
  completionDate: string | null;
  /** The customer request a new order is made from (sent on create only). */
  requestId: number | null;
}

type OrderSource = Partial<Omit<OrderCreate, 'route' | 'cargo'>> & {
  route?: readonly (RoutePoint | RoutePointInput)[];
  cargo?: Cargo | CargoInput;
};

export function orderFormValuesOf(source: OrderSource | null, defaults: { forwarderId?: number } = {}) {
  return {
    clientId: source?.clientId ?? null,
    productId: source?.productId ?? null,
    serviceId: source?.serviceId ?? null,
    serviceOfficeId: source?.serviceOfficeId ?? null,
    forwarderId: source ? (source.forwarderId ?? null) : (defaults.forwarderId ?? null),
    sellerId: source?.sellerId ?? null,
    curatorIds: [...(source?.curatorIds ?? [])],
    transportType: source?.transportType ?? null,
    shipmentTermId: source?.shipmentTermId ?? null,
    paymentTermsBasis: source?.paymentTermsBasis ?? null,
    paymentTermsDays: source?.paymentTermsDays ?? null,
    plannedIncome: source?.plannedIncome ?? null,
    route: routeFormOf(source?.route),
    cargo: cargoFormOf(source?.cargo),
    customFieldGroupId: source?.customFieldGroupId ?? null,
    customFields: { ...(source?.customFields ?? {}) },
    failure: source?.failure ?? false,
    damaged: source?.damaged ?? false,
    completionDate: source?.completionDate ?? null,
    requestId: source?.requestId ?? null,
  } satisfies OrderFormValues;
}

/** The create (or update) body of the order form, with the measures that could not be read. */
export function orderBodyOf(values: OrderFormValues, existing: boolean) {
  const { cargo, invalid } = cargoBodyOf(values.cargo);
  const body: Record<string, unknown> = {
    clientId: values.clientId,
    productId: values.productId,
    serviceId: values.serviceId,
    serviceOfficeId: values.serviceOfficeId,
    forwarderId: values.forwarderId,
    sellerId: values.sellerId,
    curatorIds: values.curatorIds,
    transportType: values.transportType,
    shipmentTermId: values.shipmentTermId,
    paymentTermsBasis: values.paymentTermsBasis,
    paymentTermsDays: values.paymentTermsDays,
    plannedIncome: decimalOrNull(values.plannedIncome),
    route: routeBodyOf(values.route),
    cargo,
    customFieldGroupId: values.customFieldGroupId,
    customFields: values.customFields,
  };
  // Flags and the completion date belong to a running order; a new one starts without them.
  if (existing) {
    body.failure = values.failure;
    body.damaged = values.damaged;
    body.completionDate = values.completionDate;
  } else if (values.requestId !== null) {
    body.requestId = values.requestId;
  }
  return { body, invalid };
}

/** The job form's values. */
export interface JobFormValues {
  jobTypeId: number | null;
  contractorId: number | null;
  orderIds: number[];
  route: RoutePointForm[];
  costAmount: string | null;
  costCurrencyId: number | null;
  tracking: boolean;
  serviceOfficeId: number | null;
  forwarderId: number | null;
  customFieldGroupId: number | null;
  customFields: Record<string, unknown>;
  failure: boolean;
  damaged: boolean;
  completionDate: string | null;
}

interface JobSource {
  jobTypeId?: number | null;
  contractorId?: number | null;
  orderIds?: readonly number[];
  route?: readonly (RoutePoint | RoutePointInput)[];
  costAmount?: string | null;
  costCurrencyId?: number | null;
  tracking?: boolean;
  serviceOfficeId?: number | null;
  forwarderId?: number | null;
  customFieldGroupId?: number | null;
  customFields?: Record<string, unknown>;
  failure?: boolean;
  damaged?: boolean;
  completionDate?: string | null;
}

export function jobFormValuesOf(source: JobSource | null): JobFormValues {
  return {
    jobTypeId: source?.jobTypeId ?? null,
    contractorId: source?.contractorId ?? null,
    orderIds: [...(source?.orderIds ?? [])],
    // A job's route may be partial or empty, so nothing is added to it.
    route: (source?.route ?? []).map((point) => ({ ...emptyRoutePoint(point.kind), ...point })),
    costAmount: source?.costAmount ?? null,
    costCurrencyId: source?.costCurrencyId ?? null,
    tracking: source?.tracking ?? false,
    serviceOfficeId: source?.serviceOfficeId ?? null,
    forwarderId: source?.forwarderId ?? null,
    customFieldGroupId: source?.customFieldGroupId ?? null,
    customFields: { ...(source?.customFields ?? {}) },
    failure: source?.failure ?? false,
    damaged: source?.damaged ?? false,
    completionDate: source?.completionDate ?? null,
  };
}

export function jobBodyOf(values: JobFormValues, existing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    jobTypeId: values.jobTypeId,
    contractorId: values.contractorId,
    orderIds: values.orderIds,
    route: routeBodyOf(values.route),
    costAmount: decimalOrNull(values.costAmount),
    costCurrencyId: values.costCurrencyId,
    tracking: values.tracking,
    serviceOfficeId: values.serviceOfficeId,
    forwarderId: values.forwarderId,
    customFieldGroupId: values.customFieldGroupId,
    customFields: values.customFields,
  };
  if (existing) {
    body.failure = values.failure;
    body.damaged = values.damaged;
    body.completionDate = values.completionDate;
  }
  return body;
}

/** Today as an ISO date in the user's time zone (the default actual date of a closed stage). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// ----------------------------------------------------------------------------------- select choices

/** Whether the order's service no longer fits a newly chosen product (none chosen: nothing fits). */
export function serviceLeavesProduct(
  serviceId: number | null,
  product: { serviceIds?: unknown } | null,
): boolean {
  if (serviceId === null) return false;
  const serviceIds = Array.isArray(product?.serviceIds) ? (product.serviceIds as number[]) : null;
  return serviceIds === null || serviceIssue(serviceId, { serviceIds }) !== null;
}

/** What the job's selects need of its orders: the products (a job type must fit all) and liquid cargo. */
export function jobOrderFacts(orders: readonly Pick<OrderListRow, 'productId' | 'cargo'>[]) {
  return {
    productIds: [...new Set(orders.map((o) => o.productId))].sort((a, b) => a - b),
    liquid: orders.some((o) => o.cargo.liquid),
  };
}

/**
 * The server's refusal of a counterparty as the job's contractor (black list, no liquid access for liquid
 * cargo), or null: the select shows such a counterparty disabled with this reason.
 */
export function contractorRefusal(row: Record<string, unknown>, liquidCargo: boolean): string | null {
  const issue = jobContractorIssue(
    {
      contractor: row.contractor === true,
      blackList: row.blackList === true,
      liquidAccess: row.liquidAccess === true,
    },
    liquidCargo,
  );
  return issue?.message ?? null;
}

// ----------------------------------------------------------------------------------- the client's credit

/** What the order form warns of about its client's credit (never blocking: the server decides). */
export interface OrderCreditWarning {
  /** `threshold`: past the warning threshold; `limit`: past the limit; `balance`: a prepayment not covered. */
  kind: 'threshold' | 'limit' | 'balance';
  /** Owed now, and with this order's planned income. */
  exposure: string;
  projected: string;
  /** What this save adds to the exposure (the planned income, or its raise on the same client). */
  added: string;
  limit: string;
  threshold: string | null;
  /** A prepayment client's advances and its balance (advances less owed now). */
  advances: string;
  balance: string | null;
}

/**
 * The warning of the order form for the chosen client's credit (docs/finance.md "Credit limits"): the
 * planned income the save adds (all of it for a new order or another client, the raise for the saved client;
 * bills already made against the order are the server's to subtract) laid on the exposure. None without a
 * limit or while the projection stays below the threshold.
 */
export function orderCreditWarning(
  credit: Pick<CounterpartyCredit, 'limit' | 'threshold' | 'exposure' | 'advances' | 'balance'>,
  plannedIncome: string | null,
  saved: { clientId: number; plannedIncome: string | null } | null,
  clientId: number,
): OrderCreditWarning | null {
  if (credit.limit === null) return null;
  const planned = decimalOrNull(plannedIncome) ?? '0';
  if (!/^\d+(\.\d+)?$/.test(planned)) return null;
  const before = saved && saved.clientId === clientId ? (saved.plannedIncome ?? '0') : '0';
  const raise = decimalSubtract(planned, before);
  const added = decimalFixed(decimalCompare(raise, '0') > 0 ? raise : '0', 2);
  const projected = decimalFixed(decimalAdd(credit.exposure, added), 2);
  const figures = {
    exposure: credit.exposure,
    projected,
    added,
    limit: credit.limit,
    threshold: credit.threshold,
    advances: credit.advances,
    balance: credit.balance,
  };
  // What the server checks: a new order (or client) always, an edit of the saved client when it adds.
  const newClient = !saved || saved.clientId !== clientId;
  const checked = newClient || decimalCompare(added, '0') > 0;
  if (isPrepayment(credit.limit)) {
    return checked && decimalCompare(projected, credit.advances) > 0 ? { kind: 'balance', ...figures } : null;
  }
  const past =
    decimalCompare(projected, credit.limit) > 0 ||
    (newClient && decimalCompare(credit.exposure, credit.limit) >= 0);
  if (checked && past) return { kind: 'limit', ...figures };
  if (
    decimalCompare(projected, credit.limit) >= 0 ||
    (credit.threshold !== null && decimalCompare(projected, credit.threshold) >= 0)
  ) {
    return { kind: 'threshold', ...figures };
  }
  return null;
}
