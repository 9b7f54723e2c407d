import { EXPORT_LANGUAGES, type ResourceDescriptor, updateSchemaOf } from '@tms/domain';
import { z } from 'zod';
import { zodValidationError } from '../../errors';
import { listQueryOf } from '../query';

type Values = Record<string, unknown>;

/**
 * Built once per descriptor (descriptors and schemas are immutable): every app builds every resource's
 * service, and building these zod objects was a good part of an app's start-up.
 */
const built = new WeakMap<ResourceDescriptor, ReturnType<typeof buildResourceSchemas>>();

/** The zod schemas of a resource's inputs, for callers that parse what they pass. */
export function resourceSchemas(descriptor: ResourceDescriptor): ReturnType<typeof buildResourceSchemas> {
  let schemas = built.get(descriptor);
  if (!schemas) {
    schemas = buildResourceSchemas(descriptor);
    built.set(descriptor, schemas);
  }
  return schemas;
}

function buildResourceSchemas(descriptor: ResourceDescriptor) {
  const listQuery = listQueryOf(descriptor);
  return {
    entity: descriptor.entity,
    /** A row of the list: the entity without what only the record answers. */
    listEntity: descriptor.listEntity ?? descriptor.entity,
    // Unknown members are refused rather than dropped, so a misspelt field is never silently lost.
    create: descriptor.create.strict(),
    update: updateSchemaOf(descriptor.create)
      .extend({
        version: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('The version the change is based on, or If-Match'),
      })
      .strict(),
    listQuery,
    exportQuery: listQuery.omit({ page: true, itemsPerPage: true }).extend({
      lang: z.enum(EXPORT_LANGUAGES).default('ru'),
      columns: z.string().max(2000).optional().describe('Fields to export, comma-separated; default: listed'),
    }),
  };
}

/** A body parsed by its schema; a failure is the contract's 400 tree. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodValidationError(result.error);
  return result.data;
}

/** The entity schema's members taken from the row, dates as ISO text. */
const entityMakers = new WeakMap<
  ResourceDescriptor,
  { keys: string[]; made: Map<string, (row: Values) => Values> }
>();

const isoText = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export function defaultEntity(descriptor: ResourceDescriptor, row: object): Values {
  // Per descriptor and set of members the row has (one per select: a list's, a record's), the entity is
  // made by code written once, an object literal: built member by member, a wide entity (a counterparty's
  // sixty) is a generic store per value and ends as a dictionary, slow to make and slower to stringify.
  let maker = entityMakers.get(descriptor);
  if (!maker) {
    maker = { keys: Object.keys(descriptor.entity.shape), made: new Map() };
    entityMakers.set(descriptor, maker);
  }
  const values = row as Values;
  let present = '';
  for (const key of maker.keys) present += key in values ? '1' : '0';
  let make = maker.made.get(present);
  if (!make) {
    const members = maker.keys
      .filter((_, i) => present[i] === '1')
      .map((key) => `${JSON.stringify(key)}: t(v[${JSON.stringify(key)}])`);
    make = new Function('t', `return (v) => ({ ${members.join(', ')} });`)(isoText) as (
      row: Values,
    ) => Values;
    maker.made.set(present, make);
  }
  return make(values);
}

/**
 * The record as an update leaves it: the stored row's members, with those sent laid over them (a member sent
 * is never undefined there; a member that is no column keeps its own type).
 */
export type Updated<Row, Values> = Omit<Row, keyof Values> & {
  [K in keyof Values & keyof Row]-?: Exclude<Values[K], undefined> | Row[K];
} & { [K in Exclude<keyof Values, keyof Row>]: Values[K] };

/** The record as an update leaves it (`Updated`), for hooks' checks of the whole record. */
export const afterUpdate = <Values extends object, Row extends object>(
  values: Values,
  existing: Row,
): Updated<Row, Values> => ({ ...existing, ...values }) as Updated<Row, Values>;
