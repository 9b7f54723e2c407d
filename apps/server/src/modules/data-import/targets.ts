import {
  DATA_IMPORT_TARGET_LABELS,
  type DataImportField,
  type DataImportLookup,
  type DataImportTarget,
  type FieldDescriptor,
  type ResourceDescriptor,
} from '@tms/domain';
import { getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { Registries } from '../../platform/modules';
import type { RegisteredResource, ResourceService } from '../../platform/resources';

/** The field types a cell's text is read into; the others (JSON, roles, translations) are not imported. */
const IMPORTED_TYPES = new Set([
  'text',
  'textarea',
  'email',
  'integer',
  'number',
  'money',
  'boolean',
  'date',
  'enum',
  'reference',
  'references',
  'tags',
]);

/** A field a target takes, as the import reads its cells: its descriptor (type, options, reference). */
export interface TargetField extends DataImportField {
  descriptor: FieldDescriptor;
}

/** A kernel resource a target writes through: its registration and its service (list, create, update). */
export interface ResourceHandle {
  descriptor: ResourceDescriptor;
  service: ResourceService;
  columns: Record<string, unknown>;
}

/** The kernel resource of each target that is one (`resource`: the description names it). */
const TARGET_RESOURCES: Partial<Record<DataImportTarget, string>> = {
  counterparties: 'counterparty',
  orders: 'order',
  jobs: 'job',
  bills: 'bill',
};

/** A counterparty's parts filled from the same row: the prefix of their fields and their resource. */
export const COUNTERPARTY_PARTS = [
  { prefix: 'contact', resource: 'counterparty_contact' },
  { prefix: 'bankAccount', resource: 'counterparty_bank_account' },
] as const;

/** The measures of a cargo line, summed into the order's cargo (`orderCargo`). */
export const CARGO_LINE_FIELDS = {
  description: 'text',
  packaging: 'text',
  tnvedCode: 'text',
  placeCount: 'integer',
  weight: 'number',
  grossWeight: 'number',
  volume: 'number',
} as const;
export type CargoLineField = keyof typeof CARGO_LINE_FIELDS;

/**
 * The registered resource of that name with its service. The registry keeps the services as the engine built
 * them; it types them by what it needs itself, so the full service is asserted here.
 */
export function resourceHandle(registries: Registries, name: string): ResourceHandle | undefined {
  const found: RegisteredResource | undefined = registries.resources
    .all()
    .find((r) => r.descriptor.name === name);
  if (!found) return undefined;
  return {
    descriptor: found.descriptor,
    service: found.service as unknown as ResourceService,
    columns: getTableColumns(found.table),
  };
}

/** The registered resource a reference field points to (by its list path). */
export function referencedHandle(registries: Registries, path: string): ResourceHandle | undefined {
  const found = registries.resources.all().find((r) => r.descriptor.path === path);
  return found ? resourceHandle(registries, found.descriptor.name) : undefined;
}

/** How a reference to that resource may be looked up: by id always, by code and by label where it has them. */
export function lookupsOf(registries: Registries, field: FieldDescriptor): DataImportLookup[] {
  if (!field.reference) return [];
  const target = referencedHandle(registries, field.reference.path);
  if (!target) return ['id'];
  const lookups: DataImportLookup[] = ['id'];
  if ('code' in target.columns) lookups.push('code');
  if (field.reference.labelField in target.columns) lookups.push('name');
  return lookups;
}

/** The fields of a resource a row may set: those its create body takes, of a type a cell can be read into. */
function resourceFields(registries: Registries, handle: ResourceHandle, prefix = ''): TargetField[] {
  const shape = (handle.descriptor.create as z.ZodObject).shape as Record<string, z.ZodType>;
  return handle.descriptor.fields
    .filter((field) => field.name in shape && IMPORTED_TYPES.has(field.type) && !field.readOnly)
    .filter((field) => !(prefix && field.name === 'counterpartyId'))
    .map((field) => ({
      name: prefix ? `${prefix}.${field.name}` : field.name,
      label: field.label,
      type: field.type,
      required: !prefix && !shape[field.name]!.safeParse(undefined).success,
      lookups: lookupsOf(registries, field),
      descriptor: field,
    }));
}

/** The resource a description's target writes through, or why not. */
export function targetResource(
  registries: Registries,
  target: DataImportTarget,
  resource: string | null | undefined,
): ResourceHandle | undefined {
  if (target === 'orderCargo') return resourceHandle(registries, 'order');
  const name = target === 'resource' ? resource : TARGET_RESOURCES[target];
  return name ? resourceHandle(registries, name) : undefined;
}

/** Every field a target takes (a counterparty's with its contact's and bank account's), or undefined. */
export function targetFields(
  registries: Registries,
  target: DataImportTarget,
  resource: string | null | undefined,
): TargetField[] | undefined {
  if (target === 'orderCargo') {
    return Object.entries(CARGO_LINE_FIELDS).map(([name, type]) => ({
      name,
      label: `dataImport.cargoLine.${name}`,
      type,
      required: false,
      lookups: [],
      descriptor: { name, type, label: `dataImport.cargoLine.${name}` },
    }));
  }
  const handle = targetResource(registries, target, resource);
  if (!handle) return undefined;
  const fields = resourceFields(registries, handle);
  if (target === 'counterparties') {
    for (const part of COUNTERPARTY_PARTS) {
      const parts = resourceHandle(registries, part.resource);
      if (parts) fields.push(...resourceFields(registries, parts, part.prefix));
    }
  }
  return fields;
}

/** The targets as the editor offers them: each fixed target, and every other resource the kernel serves. */
export function targetList(registries: Registries) {
  const fixed = (Object.keys(DATA_IMPORT_TARGET_LABELS) as DataImportTarget[])
    .filter((target) => target !== 'resource')
    .map((target) => ({
      target,
      resource: null,
      label: `dataImport.targets.${target}`,
      fields: strip(targetFields(registries, target, null) ?? []),
    }));
  const taken = new Set(Object.values(TARGET_RESOURCES));
  const others = registries.resources
    .all()
    .filter((r) => !taken.has(r.descriptor.name) && !r.descriptor.readOnly)
    .map((r) => r.descriptor)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((descriptor) => ({
      target: 'resource' as const,
      resource: descriptor.name,
      label: descriptor.title,
      fields: strip(targetFields(registries, 'resource', descriptor.name) ?? []),
    }))
    .filter((entry) => entry.fields.length > 0);
  return [...fixed, ...others];
}

const strip = (fields: TargetField[]): DataImportField[] =>
  fields.map(({ descriptor: _descriptor, ...field }) => field);
