import type { ResourceDescriptor } from '@tms/domain';
import { rememberReach } from './reach';
import type { ResourceService, ResourceTable } from './service';

export interface RegisteredResource {
  descriptor: ResourceDescriptor;
  table: ResourceTable;
  service: ResourceService<unknown>;
}

/**
 * Every resource registered with the engine, by descriptor name, for platform parts that serve all lists
 * (saved filters and column choice), for code that calls another resource's service, and for the suites
 * that check every resource (mass assignment). Descriptors, tables and services hold no per-app state (a
 * service gets its database with each call), so one registry serves every app instance.
 */
const registered = new Map<string, RegisteredResource>();

export function rememberResource(service: ResourceService<unknown>): void {
  registered.set(service.descriptor.name, { descriptor: service.descriptor, table: service.table, service });
  rememberReach(service.descriptor.path, service);
}

/** The registered descriptor of that name, if any. */
export function registeredResource(name: string): ResourceDescriptor | undefined {
  return registered.get(name)?.descriptor;
}

/** The service of a registered resource (by descriptor or name); throws when none is registered. */
export function serviceOf<Row = Record<string, unknown>>(
  resource: ResourceDescriptor | string,
): ResourceService<Row> {
  const name = typeof resource === 'string' ? resource : resource.name;
  const found = registered.get(name);
  if (!found) throw new Error(`No resource "${name}" is registered`);
  return found.service as ResourceService<Row>;
}

/** Every registered resource with its table and service. */
export function registeredResources(): RegisteredResource[] {
  return [...registered.values()];
}
