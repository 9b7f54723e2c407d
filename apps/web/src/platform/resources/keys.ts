import type { ResourceDescriptor } from '@tms/domain';

/** Query key of everything one resource's screens load; a write invalidates it. */
export const resourceKey = (descriptor: ResourceDescriptor) => ['resource', descriptor.name] as const;
