import type { ResourceDescriptor } from '@tms/domain';

/**
 * Every resource registered with the engine, by descriptor name, for platform parts that serve all lists
 * (saved filters and column choice). Descriptors are constants, so one registry serves every app instance.
 */
const registered = new Map<string, ResourceDescriptor>();

export function rememberResource(descriptor: ResourceDescriptor): void {
  registered.set(descriptor.name, descriptor);
}

/** The registered descriptor of that name, if any. */
export function registeredResource(name: string): ResourceDescriptor | undefined {
  return registered.get(name);
}
