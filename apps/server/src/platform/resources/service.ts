import type { ResourceDescriptor } from '@tms/domain';
import { createManyPipeline, createPipeline } from './service/create';
import { deletePipeline } from './service/delete';
import { kernelOf } from './service/kernel';
import { listPipelines } from './service/list';
import { readPipelines } from './service/read';
import type { CreateInput, ResourceOptions, ResourceService, RowOf } from './service/types';
import { setEnabledPipeline, updateManyPipeline, updatePipeline, writePrimitive } from './service/update';
import type { ResourceTable } from './table';

export type { ChangeContext, ResourceContext } from './context';
export { MAX_EXPORT_ROWS } from './service/list';
export { ManyRefused, refusedAt, refusedAtAsync, unwrapMany } from './service/many-refused';
export { type ResourceAction, readRolesOf, rolesFor } from './service/roles';
export { afterUpdate, defaultEntity, resourceSchemas, type Updated } from './service/schemas';
export type {
  CabinetAccess,
  CreateInput,
  ExportQuery,
  FindOptions,
  HistoryQuery,
  ListQuery,
  ResourceHooks,
  ResourceOptions,
  ResourceService,
  RowOf,
  WriteEvent,
  WriteValues,
} from './service/types';
export type { ResourceTable };

/**
 * The service of one resource; `registerResource` builds one and serves it over HTTP. Its hooks are typed
 * from the declaration: `values` of `beforeCreate` is the create body (`CreateInput`), the rows the table's.
 * Each action is a named pipeline of steps over the resource's kernel (`service/*.ts`).
 */
export function resourceService<T extends ResourceTable, D extends ResourceDescriptor = ResourceDescriptor>(
  descriptor: D,
  table: T,
  options: ResourceOptions<RowOf<T>, CreateInput<D>> = {},
): ResourceService<RowOf<T>, CreateInput<D>> {
  const kernel = kernelOf(descriptor, table, options);
  const create = createPipeline(kernel);
  const update = updatePipeline(kernel);
  return {
    descriptor,
    table,
    options,
    schemas: kernel.schemas,
    toEntity: kernel.toEntity,
    toEntities: kernel.toEntities,
    ...listPipelines(kernel),
    ...readPipelines(kernel),
    create,
    createMany: createManyPipeline(kernel, create),
    update,
    updateMany: updateManyPipeline(kernel, update),
    delete: deletePipeline(kernel),
    setEnabled: setEnabledPipeline(kernel),
    write: writePrimitive(kernel),
  };
}
