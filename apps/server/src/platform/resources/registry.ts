import type { ResourceDescriptor } from '@tms/domain';
import type { ResourceTable } from './table';

export interface RegisteredResource {
  descriptor: ResourceDescriptor;
  table: ResourceTable;
}

/**
 * Every resource registered with the engine, by descriptor name, for platform parts that serve all lists
 * (saved filters and column choice) and for the suites that check every resource (mass assignment).
 * Descriptors and tables are constants, so one registry serves every app instance.
 */
const registered = new Map<string, RegisteredResource>();

export function rememberResource(descriptor: ResourceDescriptor, table: ResourceTable): void {
  registered.set(descriptor.name, { descriptor, table });
}

/** The registered descriptor of that name, if any. */
export function registeredResource(name: string): ResourceDescriptor | undefined {
  return registered.get(name)?.descriptor;
}

/** Every registered resource with its table. */
export function registeredResources(): RegisteredResource[] {
  return [...registered.values()];
}
