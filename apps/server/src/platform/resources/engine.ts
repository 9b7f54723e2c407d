import { dataSchema, idParamSchema, listResultSchema, type ResourceDescriptor } from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changeEntrySchema, changeHistoryQuerySchema } from '../changelog/history';
import { basedOnVersion } from '../http/if-match';
import type { App } from '../http/types';
import { readerOf } from '../read-routing';
import { requestContext } from './context';
import { exportWorkbook } from './export';
import {
  type CreateInput,
  type ExportQuery,
  type HistoryQuery,
  type ListQuery,
  type ResourceAction,
  type ResourceOptions,
  type ResourceService,
  type ResourceTable,
  type RowOf,
  resourceService,
  rolesFor,
} from './service';

export {
  afterUpdate,
  type CabinetAccess,
  type ChangeContext,
  type CreateInput,
  defaultEntity,
  type FindOptions,
  type ListQuery,
  MAX_EXPORT_ROWS,
  ManyRefused,
  type ResourceAction,
  type ResourceContext,
  type ResourceHooks,
  type ResourceOptions,
  type ResourceService,
  type ResourceTable,
  type RowOf,
  readRolesOf,
  refusedAt,
  refusedAtAsync,
  resourceSchemas,
  resourceService,
  rolesFor,
  type Updated,
  unwrapMany,
  type WriteEvent,
  type WriteValues,
} from './service';

/**
 * Builds the resource's service (`resourceService`) and registers its routes under `descriptor.path` (the
 * caller's prefix adds `/api`); answers the service.
 */
export function registerResource<T extends ResourceTable, D extends ResourceDescriptor = ResourceDescriptor>(
  app: App,
  descriptor: D,
  table: T,
  options: ResourceOptions<RowOf<T>, CreateInput<D>> = {},
): ResourceService<RowOf<T>, CreateInput<D>> {
  const service = resourceService(descriptor, table, options);
  registerResourceRoutes(app, service);
  return service;
}

/**
 * The HTTP adapter of a resource service: list, export, get, history, create, update (PUT/PATCH), delete
 * and enable/disable, each with its roles and OpenAPI schemas; each parses, calls the service with
 * `request.auth` and the app's database, and shapes `{ data }`.
 */
export function registerResourceRoutes<Row, Input extends object>(
  app: App,
  service: ResourceService<Row, Input>,
): void {
  const { descriptor, schemas } = service;
  const { path } = descriptor;
  const readRoles = rolesFor(descriptor, 'read');
  const createRoles = rolesFor(descriptor, 'create');
  const editRoles = rolesFor(descriptor, 'edit');
  const deleteRoles = rolesFor(descriptor, 'delete');
  // The actions a cabinet may take let it through the route's door; the service scopes it to its counterparty.
  const cabinetActions = service.options.cabinet ? (service.options.cabinet.actions ?? ['read']) : [];
  // A view made for cabinets alone serves only its cabinets' actions, behind cabinet-only doors (with the
  // roles within the cabinet each action wants); the back office's own resource keeps the records' change
  // log, labels and screens, so the view is not one of the app's resources.
  const only = service.options.cabinet?.only === true;
  const cabinet = (action: ResourceAction) =>
    cabinetActions.includes(action)
      ? only
        ? (service.options.cabinet!.kind ?? true)
        : ('also' as const)
      : undefined;
  const cabinetRoles = (action: ResourceAction) => service.options.cabinet?.roles?.[action];
  const serves = (action: ResourceAction) => !only || cabinetActions.includes(action);
  const tags = [descriptor.name];
  if (!only) app.registries.resources.remember(service as ResourceService<unknown>);
  const ctx = (request: FastifyRequest) => requestContext(request);
  /** Lists and exports may read from the replica. */
  const readCtx = (request: FastifyRequest) => requestContext(request, readerOf(request));
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  const entityResponse = { 200: dataSchema(schemas.entity) };

  app.get(
    path,
    {
      config: { roles: readRoles, cabinet: cabinet('read'), cabinetRoles: cabinetRoles('read') },
      schema: {
        tags,
        summary: `List ${descriptor.name}`,
        querystring: schemas.listQuery,
        response: { 200: dataSchema(listResultSchema(schemas.listEntity)) },
      },
    },
    async (request) => ({ data: await service.list(readCtx(request), request.query as ListQuery) }),
  );

  app.get(
    `${path}/export`,
    {
      config: {
        roles: readRoles,
        urlCredential: 'signedLink',
        cabinet: cabinet('read'),
        cabinetRoles: cabinetRoles('read'),
      },
      schema: {
        tags,
        summary: `Export ${descriptor.name} to XLSX`,
        querystring: schemas.exportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const query = request.query as ExportQuery & { lang: 'ru' | 'en' };
      const { fields, entities } = await service.exportRows(readCtx(request), query);
      const { buffer, filename } = await exportWorkbook(
        app.registries.workers,
        descriptor,
        fields,
        entities,
        query.lang,
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${descriptor.name}.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .send(buffer);
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: { roles: readRoles, cabinet: cabinet('read'), cabinetRoles: cabinetRoles('read') },
      schema: { tags, summary: `Get ${descriptor.name}`, params: idParamSchema, response: entityResponse },
    },
    async (request) => ({ data: await service.get(ctx(request), idOf(request)) }),
  );

  // A read-only view (e.g. the colleagues directory over users) answers list, export and get only.
  if (descriptor.readOnly) return;

  if (!only)
    app.get(
      `${path}/:id/history`,
      {
        config: { roles: readRoles, cabinet: cabinet('read'), cabinetRoles: cabinetRoles('read') },
        schema: {
          tags,
          summary: `Change history of one ${descriptor.name}`,
          params: idParamSchema,
          querystring: changeHistoryQuerySchema,
          response: { 200: dataSchema(listResultSchema(changeEntrySchema)) },
        },
      },
      async (request) => ({
        data: await service.history(ctx(request), idOf(request), request.query as HistoryQuery),
      }),
    );

  if (descriptor.creatable !== false && serves('create')) {
    app.post(
      path,
      {
        config: { roles: createRoles, cabinet: cabinet('create'), cabinetRoles: cabinetRoles('create') },
        schema: {
          tags,
          summary: `Create ${descriptor.name}`,
          body: schemas.create,
          response: { 201: dataSchema(schemas.entity) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(ctx(request), request.body) }),
    );
  }

  const update = async (request: FastifyRequest) => ({
    data: await service.update(
      ctx(request),
      idOf(request),
      request.body,
      basedOnVersion(request, (request.body as { version?: number }).version),
    ),
  });
  const updateSchemaDoc = {
    tags,
    params: idParamSchema,
    body: schemas.update,
    // Loose: validating headers replaces them with the parsed value, which must keep the others.
    headers: z.looseObject({ 'if-match': z.string().max(64).optional() }),
    response: entityResponse,
  };
  if (serves('edit')) {
    app.put(
      `${path}/:id`,
      {
        config: { roles: editRoles, cabinet: cabinet('edit'), cabinetRoles: cabinetRoles('edit') },
        schema: { ...updateSchemaDoc, summary: `Update ${descriptor.name}` },
      },
      update,
    );
    app.patch(
      `${path}/:id`,
      {
        config: { roles: editRoles, cabinet: cabinet('edit'), cabinetRoles: cabinetRoles('edit') },
        schema: { ...updateSchemaDoc, summary: `Update some fields of ${descriptor.name}` },
      },
      update,
    );
  }

  if (descriptor.deletable !== false && serves('delete')) {
    app.delete(
      `${path}/:id`,
      {
        config: { roles: deleteRoles, cabinet: cabinet('delete'), cabinetRoles: cabinetRoles('delete') },
        schema: {
          tags,
          summary: `Delete ${descriptor.name}`,
          params: idParamSchema,
          response: entityResponse,
        },
      },
      async (request) => ({ data: await service.delete(ctx(request), idOf(request)) }),
    );
  }

  if (descriptor.toggle && serves('edit')) {
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `${path}/:id/${action}`,
        {
          config: { roles: editRoles, cabinet: cabinet('edit'), cabinetRoles: cabinetRoles('edit') },
          schema: {
            tags,
            summary: `${action === 'enable' ? 'Enable' : 'Disable'} ${descriptor.name}`,
            params: idParamSchema,
            response: entityResponse,
          },
        },
        async (request) => ({
          data: await service.setEnabled(ctx(request), idOf(request), action === 'enable'),
        }),
      );
    }
  }
}
