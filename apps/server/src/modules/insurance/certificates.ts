import {
  CARGO_INSURANCE_STATUSES,
  type CargoInsuranceStatus,
  decimalCompare,
  EDITABLE_INSURANCE_STATUSES,
  INSURANCE_ROLES,
  insuranceCertificateResource,
  INSURANCE_MESSAGES as M,
  MESSAGES,
} from '@tms/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { defaultEntity, type ResourceService, resourceService } from '../../platform/resources';
import { orders } from '../operations';
import { getOptions } from '../options';
import { currencies } from '../reference-data';
import { type QuoteTerms, quote } from './quote';
import { insuranceCertificates } from './tables';

export type CertificateRow = typeof insuranceCertificates.$inferSelect;

/** The order's cargo insurance status: the certificate's status. */
export async function statusOf(tx: Tx, orderId: number): Promise<CargoInsuranceStatus> {
  const [order] = await tx
    .select({ status: orders.cargoInsuranceStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return (order?.status ?? 'NOT_READY') as CargoInsuranceStatus;
}

/**
 * The order's cargo insurance status is its certificate's: the generic status change of the order is
 * refused where one exists, so every move passes the certificate's own rules (issue number, the insurer's
 * cancellation window, the premium at the issue date).
 */
export async function certificateKeepsStatus(tx: Tx, orderId: number): Promise<string | null> {
  const [found] = await tx
    .select({ id: insuranceCertificates.id })
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.orderId, orderId));
  return found ? M.statusOnCertificate : null;
}

/** What a certificate created for an order starts from: the order's client, cargo, value, dates, route. */
async function orderDefaults(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({
      clientId: orders.clientId,
      clientName: orders.clientName,
      cargo: orders.cargo,
      route: orders.route,
      dispatchDate: orders.dispatchDate,
      deliveryDate: orders.deliveryDate,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw fieldError(['orderId'], MESSAGES.invalid);
  const dispatch = order.route.find((point) => point.kind === 'dispatch');
  const delivery = order.route.findLast((point) => point.kind === 'delivery');
  let insuredValue = order.cargo.declaredValue;
  let valueCurrencyId = order.cargo.declaredValueCurrencyId;
  if (!insuredValue) {
    // Spec §9: the insured value the company insures a cargo for when the order declares none.
    const options = await getOptions(tx);
    if (decimalCompare(options.cargoInsuredValue, '0') > 0) {
      const [base] = await tx
        .select({ id: currencies.id })
        .from(currencies)
        .where(eq(currencies.code, options.systemCurrencyCode));
      insuredValue = options.cargoInsuredValue;
      valueCurrencyId = base?.id ?? null;
    }
  }
  return {
    clientId: order.clientId,
    clientName: order.clientName,
    insuredName: order.clientName,
    cargoDescription: order.cargo.description,
    insuredValue,
    valueCurrencyId,
    periodFrom: order.dispatchDate,
    periodTo: order.deliveryDate,
    dispatchAddress: dispatch?.address ?? null,
    deliveryAddress: delivery?.address ?? null,
  };
}

/** Whether the details the insurer needs are there: a value, the period and what the cargo is. */
export function detailsComplete(
  row: Pick<CertificateRow, 'insuredAmount' | 'periodFrom' | 'periodTo' | 'cargoDescription'>,
): boolean {
  return Boolean(row.insuredAmount && row.periodFrom && row.periodTo && row.cargoDescription?.trim());
}

function checkPeriod(errors: ErrorCollector, from: string | null | undefined, to: string | null | undefined) {
  if (from && to && to < from) errors.add(['periodTo'], M.periodOrder);
}

const termsOf = (values: Partial<QuoteTerms> & { policyId: number }): QuoteTerms => ({
  policyId: values.policyId,
  amountBasis: values.amountBasis ?? 'declared',
  insuredValue: values.insuredValue ?? null,
  valueCurrencyId: values.valueCurrencyId ?? null,
  issueDate: values.issueDate ?? null,
  rate: values.rate ?? null,
  deductible: values.deductible ?? null,
});

/** Certificates whose order is in one of the statuses asked. */
function statusFilter(values: string[]): SQL | undefined {
  if (!values.length) return undefined;
  const statuses = values.filter((v): v is CargoInsuranceStatus =>
    (CARGO_INSURANCE_STATUSES as readonly string[]).includes(v),
  );
  if (statuses.length !== values.length) throw fieldError(['status'], MESSAGES.choice);
  return sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${insuranceCertificates.orderId} AND ${inArray(orders.cargoInsuranceStatus, statuses)})`;
}

const today = (clock: (() => Date) | undefined) => (clock?.() ?? new Date()).toISOString().slice(0, 10);

/**
 * Certificates as a resource: created for an order (one each) with the order's data as defaults, the
 * figures reckoned by the server on every save (quote.ts); the terms change while the certificate is ours
 * (NOT_READY, READY, REJECTED), not once the insurer has it; only a NOT_READY one is deleted. Its status is
 * read from the order.
 */
export const certificateService: ResourceService<CertificateRow> = resourceService(
  insuranceCertificateResource,
  insuranceCertificates,
  {
    filters: { status: statusFilter },
    hooks: {
      // The insurance roles read certificates whoever reaches them by another door (a use case, a PDF).
      scope(auth) {
        if (!hasAnyRole(auth, INSURANCE_ROLES.view)) throw forbidden();
        return undefined;
      },
      async beforeCreate(ctx, values) {
        const [existing] = await ctx.tx
          .select({ id: insuranceCertificates.id })
          .from(insuranceCertificates)
          .where(eq(insuranceCertificates.orderId, values.orderId));
        if (existing) throw fieldError(['orderId'], M.orderInsured);
        const defaults = await orderDefaults(ctx.tx, values.orderId);
        const given = Object.fromEntries(
          Object.entries(values).filter(([, v]) => v !== undefined && v !== null),
        );
        const merged = { ...defaults, issueDate: today(ctx.clock), ...given } as typeof values &
          typeof defaults;
        const errors = new ErrorCollector();
        checkPeriod(errors, merged.periodFrom, merged.periodTo);
        const figures = await errors.collect(() => quote(ctx.tx, termsOf(merged)));
        errors.throwIfAny();
        return { ...merged, ...figures! };
      },
      async guardUpdate(ctx, existing, changed) {
        if (!changed.length) return;
        const status = await statusOf(ctx.tx, existing.orderId);
        if (!(EDITABLE_INSURANCE_STATUSES as readonly string[]).includes(status))
          throw fieldError([], M.locked);
        if (changed.includes('orderId')) throw fieldError(['orderId'], MESSAGES.invalid);
      },
      async beforeUpdate(ctx, values, existing) {
        const merged = { ...existing, ...values };
        const errors = new ErrorCollector();
        checkPeriod(errors, merged.periodFrom, merged.periodTo);
        const figures = await errors.collect(() =>
          quote(
            ctx.tx,
            termsOf({ ...merged, rate: values.rate === undefined ? existing.rate : values.rate }),
          ),
        );
        errors.throwIfAny();
        return { ...values, ...figures! };
      },
      async beforeDelete(ctx, row) {
        if ((await statusOf(ctx.tx, row.orderId)) !== 'NOT_READY') throw fieldError([], M.locked);
      },
      async toEntities(rows, ctx) {
        const ids = [...new Set(rows.map((row) => row.orderId))];
        const found = ids.length
          ? await ctx.tx
              .select({ id: orders.id, status: orders.cargoInsuranceStatus })
              .from(orders)
              .where(inArray(orders.id, ids))
          : [];
        const statusById = new Map(found.map((order) => [order.id, order.status]));
        return rows.map((row) => ({
          ...defaultEntity(insuranceCertificateResource, row),
          status: statusById.get(row.orderId) ?? 'NOT_READY',
        }));
      },
    },
  },
);
