import {
  CUSTOM_FIELD_MESSAGES,
  type CustomFieldDefinition,
  type CustomFieldStorageType,
  completeDefinition,
  customerRequestCustomFieldResource,
  DEFINITION_MESSAGES,
  dataSchema,
  definitionIssues,
  idParamSchema,
  MAX_ITEMS_PER_PAGE,
  MAX_RECORD_ID,
  operationCustomFieldGroupResource,
  queryInteger,
  storageTypeOf,
} from '@tms/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { ErrorCollector, notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { afterUpdate, containsPattern, registerResource } from '../../platform/resources';
import { countries } from '../reference-data';
import { findUserDefinedList } from '../user-defined-lists';
import { customerRequestCustomFields, operationCustomFieldGroups } from './tables';

/** Lists that definitions pick rows from must exist; errors under the definition's path. */
async function checkLists(
  tx: Tx,
  definitions: readonly CustomFieldDefinition[],
  path: (string | number)[],
  errors: ErrorCollector,
) {
  for (const [index, definition] of definitions.entries()) {
    const here = definitions.length === 1 && path.length === 0 ? [] : [...path, index];
    const list = definition.additionalOptions?.list;
    if (definition.type === 'user-defined-list' && list && !(await findUserDefinedList(tx, list))) {
      errors.add([...here, 'additionalOptions', 'list'], DEFINITION_MESSAGES.listRequired);
    }
    await checkLists(tx, definition.children, [...here, 'children'], errors);
  }
}

/** Checks a whole definition (as it will be after the write) and fills its storage type. */
async function checkDefinition(tx: Tx, merged: object): Promise<{ storageType: CustomFieldStorageType }> {
  // The stored row's members are null where the domain's definition leaves them out (`DefinitionLike`).
  const whole = merged as Parameters<typeof completeDefinition>[0];
  const definition = completeDefinition(whole);
  const errors = new ErrorCollector();
  for (const issue of definitionIssues(whole)) errors.add(issue.path, issue.message);
  errors.throwIfAny();
  await checkLists(tx, [definition], [], errors);
  errors.throwIfAny();
  return { storageType: storageTypeOf(definition) };
}

/** The countries of the lazy select; `enabled` lists only enabled ones, `all` every country. */
const COUNTRY_SLICES = ['all', 'enabled'] as const;
const countryItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  enabled: z.boolean(),
});
const countryItem = {
  id: countries.id,
  code: countries.code,
  name: countries.name,
  nameEn: countries.nameEn,
  enabled: countries.enabled,
};

/**
 * Custom field definitions (spec §3): the customer request's set at /custom-fields/customer-request, the
 * operation groups at /custom-fields/operation/groups, and the country lazy select their widgets use.
 */
export default async function customFieldsModule(app: App): Promise<void> {
  registerResource(app, customerRequestCustomFieldResource, customerRequestCustomFields, {
    hooks: {
      beforeCreate: async ({ tx }, values) => ({ ...values, ...(await checkDefinition(tx, values)) }),
      beforeUpdate: async ({ tx }, values, existing) => {
        // Stored values are keyed by code and shaped by type: neither changes once the field exists.
        const errors = new ErrorCollector();
        for (const key of ['code', 'type'] as const) {
          if (values[key] !== undefined && values[key] !== existing[key])
            errors.add([key], CUSTOM_FIELD_MESSAGES.notEditable);
        }
        errors.throwIfAny();
        return { ...values, ...(await checkDefinition(tx, afterUpdate(values, existing))) };
      },
    },
  });

  registerResource(app, operationCustomFieldGroupResource, operationCustomFieldGroups, {
    hooks: {
      beforeCreate: async ({ tx }, values) => {
        const errors = new ErrorCollector();
        await checkLists(tx, values.definitions, ['definitions'], errors);
        errors.throwIfAny();
        return values;
      },
      beforeUpdate: async ({ tx }, values) => {
        if (!values.definitions) return values;
        const errors = new ErrorCollector();
        await checkLists(tx, values.definitions, ['definitions'], errors);
        errors.throwIfAny();
        return values;
      },
    },
  });

  const countryQuery = z.object({
    page: queryInteger(1, MAX_RECORD_ID).default(1),
    itemsPerPage: queryInteger(1, MAX_ITEMS_PER_PAGE).default(MAX_ITEMS_PER_PAGE),
    search: z.string().max(200).optional(),
  });
  const sliceWhere = (slice: (typeof COUNTRY_SLICES)[number], search?: string): SQL | undefined => {
    const term = search?.trim();
    return and(
      slice === 'enabled' ? eq(countries.enabled, true) : undefined,
      term ? sql`${countries.searchText} LIKE lower(${containsPattern(term)})` : undefined,
    );
  };
  const listCountries = async (
    slice: (typeof COUNTRY_SLICES)[number],
    query: z.infer<typeof countryQuery>,
  ) => ({
    data: await app.database.db
      .select(countryItem)
      .from(countries)
      .where(sliceWhere(slice, query.search))
      .orderBy(asc(countries.name))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
  });
  const countrySchema = {
    tags: ['country'],
    querystring: countryQuery,
    response: { 200: dataSchema(z.array(countryItemSchema)) },
  };
  app.get(
    '/lazy-select/country',
    { schema: { ...countrySchema, summary: 'Every country (id, code, names) for selects' } },
    async (request) => listCountries('all', request.query),
  );
  app.get(
    '/lazy-select/country/:slice',
    {
      schema: {
        ...countrySchema,
        summary: 'Countries for selects: slice `all` (default) or `enabled`',
        params: z.object({ slice: z.enum(COUNTRY_SLICES) }),
      },
    },
    async (request) => listCountries(request.params.slice, request.query),
  );
  app.get(
    '/lazy-select/country/:slice/:id',
    {
      schema: {
        tags: ['country'],
        summary: 'One country of a slice (the label of a chosen value)',
        params: idParamSchema.extend({ slice: z.enum(COUNTRY_SLICES) }),
        response: { 200: dataSchema(countryItemSchema) },
      },
    },
    async (request) => {
      const [row] = await app.database.db
        .select(countryItem)
        .from(countries)
        .where(and(eq(countries.id, request.params.id), sliceWhere(request.params.slice)));
      if (!row) throw notFound();
      return { data: row };
    },
  );
}
