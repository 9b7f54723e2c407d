import {
  customsBehaviourOf,
  customsBehaviourProduct,
  JOB_TYPE_IN_USE,
  jobTypeResource,
  MESSAGES,
  PRODUCT_IN_USE,
  productResource,
  SERVICE_IN_USE,
  STAGE_BEHAVIOUR_MESSAGES,
  STAGE_TYPE_IN_USE,
  serviceResource,
  stageTypeResource,
} from '@tms/domain';
import { arrayContains, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { conflict, ErrorCollector, fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { checkReferences, registerResource } from '../../platform/resources';
import { jobTypes, orders, products, services, stageTypes } from './tables';

/** Whether any row of `table` lists `id` in its array column. */
async function listedIn(
  tx: Tx,
  table: typeof products | typeof jobTypes,
  column: typeof products.serviceIds | typeof jobTypes.productIds,
  id: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(arrayContains(column, [id]))
    .limit(1);
  return rows.length > 0;
}

/** Whether a stage type carries the `CUSTOMS_<code>` behaviour of the product `code`. */
async function inStageTypes(tx: Tx, code: string): Promise<boolean> {
  const rows = await tx
    .select({ id: stageTypes.id })
    .from(stageTypes)
    .where(arrayContains(stageTypes.behaviours, [customsBehaviourOf(code)]))
    .limit(1);
  return rows.length > 0;
}

/** `CUSTOMS_<product>` behaviours must name existing products (by code). */
async function checkCustomsBehaviours(tx: Tx, behaviours: unknown): Promise<undefined> {
  if (!Array.isArray(behaviours)) return undefined;
  const wanted = behaviours.map((b: string) => customsBehaviourProduct(b));
  const codes = [...new Set(wanted.filter((c): c is string => c !== null))];
  if (!codes.length) return undefined;
  const found = new Set(
    (await tx.select({ code: products.code }).from(products).where(inArray(products.code, codes))).map(
      (r) => r.code,
    ),
  );
  const errors = new ErrorCollector();
  wanted.forEach((code, index) => {
    if (code !== null && !found.has(code))
      errors.add(['behaviours', index], STAGE_BEHAVIOUR_MESSAGES.unknownProduct);
  });
  errors.throwIfAny();
  return undefined;
}

/** The ids a list filter was given (`productId=3,5`); anything else is refused under the filter's name. */
function filterIds(name: string, values: readonly string[]): number[] {
  if (values.some((v) => !/^\d{1,10}$/.test(v))) throw fieldError([name], MESSAGES.type);
  return [...new Set(values.map(Number))];
}

/** `productId`: the services of any of those products (an order's service select). */
export function servicesOfProductsFilter(values: string[]): SQL | undefined {
  if (!values.length) return undefined;
  const ids = filterIds('productId', values);
  return sql`${services.id} IN (SELECT unnest(${products.serviceIds}) FROM ${products} WHERE ${inArray(products.id, ids)})`;
}

/** `compatibleWith`: the job types compatible with every one of those products (a job's orders). */
export function jobTypesCompatibleFilter(values: string[]): SQL | undefined {
  if (!values.length) return undefined;
  return arrayContains(jobTypes.productIds, filterIds('compatibleWith', values));
}

/** The operations' dictionaries: services, products, job types and stage types. */
export function registerOperationDictionaries(app: App): void {
  registerResource(app, serviceResource, services, {
    inUseMessage: SERVICE_IN_USE,
    filters: { productId: servicesOfProductsFilter },
    hooks: {
      beforeDelete: async ({ tx }, row) => {
        if (await listedIn(tx, products, products.serviceIds, row.id)) throw conflict(SERVICE_IN_USE);
      },
    },
  });

  const productLinks = async <V extends { serviceIds?: number[] }>({ tx }: { tx: Tx }, values: V) => ({
    ...values,
    serviceIds: await checkReferences(tx, services, 'serviceIds', values.serviceIds),
  });
  registerResource(app, productResource, products, {
    inUseMessage: PRODUCT_IN_USE,
    hooks: {
      beforeCreate: productLinks,
      beforeUpdate: async (ctx, values, existing) => {
        // Stage types name the product by its code (CUSTOMS_<code>), so a named code stays as it is.
        if (
          values.code !== undefined &&
          values.code !== existing.code &&
          (await inStageTypes(ctx.tx, existing.code))
        ) {
          throw fieldError(['code'], STAGE_BEHAVIOUR_MESSAGES.productCodeInUse);
        }
        return productLinks(ctx, values);
      },
      // Orders keep their product's name for the list's sort: a rename reaches them at once.
      afterWrite: async ({ tx }, event) => {
        if (event.action !== 'update' || !event.before || !event.after) return;
        if (event.before.name === event.after.name) return;
        await tx
          .update(orders)
          .set({ productName: event.after.name })
          .where(eq(orders.productId, event.after.id));
      },
      beforeDelete: async ({ tx }, row) => {
        if (await listedIn(tx, jobTypes, jobTypes.productIds, row.id)) throw conflict(PRODUCT_IN_USE);
        if (await inStageTypes(tx, row.code)) throw conflict(STAGE_BEHAVIOUR_MESSAGES.productInUse);
      },
    },
  });

  const jobTypeLinks = async <V extends { productIds?: number[] }>({ tx }: { tx: Tx }, values: V) => ({
    ...values,
    productIds: await checkReferences(tx, products, 'productIds', values.productIds),
  });
  registerResource(app, jobTypeResource, jobTypes, {
    inUseMessage: JOB_TYPE_IN_USE,
    filters: { compatibleWith: jobTypesCompatibleFilter },
    hooks: { beforeCreate: jobTypeLinks, beforeUpdate: jobTypeLinks },
  });

  registerResource(app, stageTypeResource, stageTypes, {
    inUseMessage: STAGE_TYPE_IN_USE,
    hooks: {
      beforeCreate: ({ tx }, values) => checkCustomsBehaviours(tx, values.behaviours),
      beforeUpdate: ({ tx }, values) => checkCustomsBehaviours(tx, values.behaviours),
    },
  });
}
