import { z } from 'zod';
import type { AnyField, Field } from './fields';
import { entityBase, type FieldDescriptor, type ResourceDescriptor } from './resource';

type InputOf<F> = F extends Field<infer I, infer _O> ? I : never;
type OutputOf<F> = F extends Field<infer _I, infer O> ? O : never;

/** The create members of a declaration's fields (server-managed fields send none). */
export type CreateShape<F extends Record<string, AnyField>> = {
  [K in keyof F as InputOf<F[K]> extends z.ZodType ? K : never]: Extract<InputOf<F[K]>, z.ZodType>;
};
/** The entity members: `entityBase` and every field's answer, with the server's nullability. */
export type EntityShape<F extends Record<string, AnyField>> = typeof entityBase & {
  [K in keyof F as OutputOf<F[K]> extends z.ZodType ? K : never]: Extract<OutputOf<F[K]>, z.ZodType>;
};

type Sortable<F> = (keyof F & string) | 'id' | 'createdAt' | 'updatedAt';

export interface ResourceDeclaration<F extends Record<string, AnyField>>
  extends Omit<ResourceDescriptor, 'entity' | 'create' | 'fields' | 'labelField' | 'defaultSort'> {
  /** The fields in screen order (list columns, form inputs), by their JSON names. */
  fields: F;
  /**
   * Where the field labels live: `warehouse.services` gives `warehouse.services.unit` for `unit` (a field's
   * own `.label(key)` and the common fields' `fields.*` keys win).
   */
  keys?: string;
  labelField: keyof F & string;
  defaultSort: { field: Sortable<F>; order: 'asc' | 'desc' };
}

export type DeclaredResource<F extends Record<string, AnyField>> = ResourceDescriptor<
  z.ZodObject<EntityShape<F>, z.core.$strip>,
  z.ZodObject<CreateShape<F>, z.core.$strip>
>;

/**
 * A resource declared once with the field builders of `common/fields.ts`: gives the same descriptor as
 * `defineResource` (entity = `entityBase` + the fields' answers, create = what a client sends, `fields[]`),
 * so the engine, the OpenAPI document and the web screens use it unchanged.
 */
export function declareResource<F extends Record<string, AnyField>>(
  declaration: ResourceDeclaration<F>,
): DeclaredResource<F> {
  const { fields: declared, keys, ...rest } = declaration;
  const create: Record<string, z.ZodType> = {};
  const entity: Record<string, z.ZodType> = { ...entityBase };
  const listEntity: Record<string, z.ZodType> = { ...entityBase };
  let listDiffers = false;
  const fields: FieldDescriptor[] = [];
  let hasEnabled = false;
  for (const [name, builder] of Object.entries(declared)) {
    const input = builder.inputSchema();
    const output = builder.outputSchema();
    if (input) create[name] = input;
    if (output) entity[name] = output;
    const listOutput = builder.listOutputSchema();
    if (listOutput) listEntity[name] = listOutput;
    if (builder.state.descriptor.recordOnly || builder.state.listOutput) listDiffers = true;
    if (name === 'enabled' && !input) hasEnabled = true;
    const { descriptor, type, schemaOnly } = builder.state;
    if (schemaOnly) continue;
    const label = descriptor.label ?? (keys ? `${keys}.${name}` : undefined);
    if (!label)
      throw new Error(`${declaration.name}.${name}: a label key (the declaration's keys or .label())`);
    fields.push({ ...descriptor, name, type, label });
  }
  const names = Object.keys(declared);
  if (!names.includes(declaration.labelField)) {
    throw new Error(`${declaration.name}: the label field ${declaration.labelField} is not a field`);
  }
  return {
    ...rest,
    toggle: rest.toggle ?? hasEnabled,
    entity: z.object(entity),
    ...(listDiffers ? { listEntity: z.object(listEntity) } : {}),
    // A read-only view takes no input, whatever its fields would accept.
    create: z.object(rest.readOnly ? {} : create),
    fields,
  } as unknown as DeclaredResource<F>;
}
