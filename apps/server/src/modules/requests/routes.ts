import {
  customFieldDefinitionSchema,
  customsStatusChangeSchema,
  customsStatusTargets,
  dataSchema,
  idParamSchema,
  orderCreateSchema,
  orderResource,
  recordIdSchema,
  requestOfferTypeResource,
  requestResource,
  requestStatusChangeSchema,
  requestStatusTargets,
} from '@tms/domain';
import { z } from 'zod';
import { forbidden } from '../../platform/errors';
import { registerRecordFileRoutes } from '../../platform/files/record-files';
import type { App } from '../../platform/http/types';
import { registerResource, registerResourceRoutes, requestContext } from '../../platform/resources';
import { customFieldsForScope } from '../custom-fields';
import { registerHyperRequestRoutes } from './hyper-requests';
import { registerOfferRoutes } from './offer-routes';
import { assertRequestEditable, REQUEST_FILE_OWNER, requestService } from './requests';
import { requestScope } from './scope';
import { requestOfferTypes } from './tables';
import { changeCustomsStatus, customsFactsOf } from './use-cases/change-customs-status';
import { changeRequestStatus, restorableStatus } from './use-cases/change-status';
import { orderFromRequestBody } from './use-cases/order-from-request';

/** The custom field group the user chose for the order: the request's values that group defines come along. */
const orderFromRequestQuery = z.object({ customFieldGroupId: recordIdSchema.optional() });

/** The starting body of an order made from the request, for who may create orders and sees the request. */
function registerOrderFromRequestRoute(app: App): void {
  app.get(
    '/requests/:id/order',
    {
      config: { roles: orderResource.roles.edit },
      schema: {
        tags: [requestResource.name],
        summary: 'The body of a new order made from the request (only from the allowed statuses)',
        params: idParamSchema,
        querystring: orderFromRequestQuery,
        response: { 200: dataSchema(orderCreateSchema.partial()) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { customFieldGroupId } = request.query as z.infer<typeof orderFromRequestQuery>;
      const ctx = requestContext(request, app.database.db);
      return { data: await orderFromRequestBody.run(ctx, { requestId: id, customFieldGroupId }) };
    },
  );
}

/** The operational status of a request: the moves the user may make, and the move itself. */
function registerRequestStatusRoutes(app: App): void {
  const tags = [requestResource.name];
  const roles = [...requestResource.roles.view, ...requestResource.roles.edit];
  app.get(
    '/requests/:id/statuses',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'The statuses the user may move the request to',
        params: idParamSchema,
        response: {
          200: dataSchema(z.array(z.object({ status: z.string(), needsReason: z.boolean() }))),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const auth = request.auth!;
      const tx = app.database.db;
      const row = await requestService.find(requestContext(request, tx), id, { access: 'read' });
      const canEdit = await requestService.reaches(tx, id, requestScope(auth, 'write', false));
      const restorable = await restorableStatus(tx, row, app.clock());
      return {
        data: requestStatusTargets(row.status, { roles: auth.roles, canEdit }, restorable),
      };
    },
  );
  const body = requestStatusChangeSchema.strict();
  app.put(
    '/requests/:id/status',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Change the operational status by the allowed transitions',
        params: idParamSchema,
        body,
        response: { 200: dataSchema(requestResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const input = { id, ...(request.body as z.infer<typeof body>), at: app.clock() };
      const data = await app.database.db.transaction((tx) =>
        changeRequestStatus.run(requestContext(request, tx), input),
      );
      return { data };
    },
  );
}

/** The customs processing status of a customs request: the moves the user may make, and the move itself. */
function registerCustomsStatusRoutes(app: App): void {
  const tags = [requestResource.name];
  const roles = [...requestResource.roles.view, ...requestResource.roles.edit];
  app.get(
    '/requests/:id/customs-statuses',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'The customs statuses the user may move the customs request to',
        params: idParamSchema,
        response: {
          200: dataSchema(z.array(z.object({ status: z.string(), needsReason: z.boolean() }))),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const auth = request.auth!;
      const tx = app.database.db;
      const row = await requestService.find(requestContext(request, tx), id, { access: 'read' });
      if (!row.customsStatus) return { data: [] };
      const canEdit = await requestService.reaches(tx, id, requestScope(auth, 'write', false, false));
      const actor = { userId: auth.userId, roles: auth.roles, canEdit };
      return { data: customsStatusTargets(row.customsStatus, actor, customsFactsOf(row)) };
    },
  );
  const body = customsStatusChangeSchema.strict();
  app.put(
    '/requests/:id/customs-status',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Change the customs processing status by the allowed transitions',
        params: idParamSchema,
        body,
        response: { 200: dataSchema(requestResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const input = { id, ...(request.body as z.infer<typeof body>) };
      const data = await app.database.db.transaction((tx) =>
        changeCustomsStatus.run(requestContext(request, tx), input),
      );
      return { data };
    },
  );
}

/** The custom fields of requests (`/custom-fields/customer-request`) as the request form shows them. */
function registerRequestCustomFieldsRoute(app: App): void {
  app.get(
    '/requests/custom-fields',
    {
      config: { roles: [...requestResource.roles.view, ...requestResource.roles.edit] },
      schema: {
        tags: [requestResource.name],
        summary: 'The custom field definitions of requests, in display order',
        response: { 200: dataSchema(z.array(customFieldDefinitionSchema)) },
      },
    },
    async () => ({ data: await customFieldsForScope(app.database.db, { kind: 'customer-request' }) }),
  );
}

/** A request's files: readers of the request read them; its editors change them while it is not locked. */
function registerRequestFileRoutes(app: App): void {
  registerRecordFileRoutes(app, {
    path: '/requests/:id/files',
    ownerType: REQUEST_FILE_OWNER,
    entityType: requestResource.name,
    readRoles: [...requestResource.roles.view, ...requestResource.roles.edit],
    editRoles: requestResource.roles.edit,
    read: async (request, tx, id) => {
      await requestService.find(requestContext(request, tx), id, { access: 'read' });
    },
    change: async (request, tx, id) => {
      const row = await requestService.find(requestContext(request, tx), id, { access: 'read', lock: true });
      if (!(await requestService.reaches(tx, id, requestScope(request.auth!, 'write', false)))) {
        throw forbidden();
      }
      assertRequestEditable(row);
    },
  });
}

/** Customer requests with their operational and customs statuses, custom fields and files, the body of an order made from one, and the requests' dictionaries (offer types). */
export default async function requestsModule(app: App): Promise<void> {
  registerResource(app, requestOfferTypeResource, requestOfferTypes);
  registerResourceRoutes(app, requestService);
  registerRequestStatusRoutes(app);
  registerCustomsStatusRoutes(app);
  registerRequestCustomFieldsRoute(app);
  registerRequestFileRoutes(app);
  registerOrderFromRequestRoute(app);
  registerHyperRequestRoutes(app);
  registerOfferRoutes(app);
}
