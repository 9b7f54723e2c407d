import {
  dataSchema,
  idParamSchema,
  orderCreateSchema,
  orderResource,
  type RequestStatus,
  requestOfferTypeResource,
  requestResource,
  requestStatusChangeSchema,
  requestStatusTargets,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResource, registerResourceRoutes, requestContext } from '../../platform/resources';
import { registerOfferRoutes } from './offer-routes';
import { requestService } from './requests';
import { requestScope } from './scope';
import { requestOfferTypes } from './tables';
import { changeRequestStatus } from './use-cases/change-status';
import { orderFromRequestBody } from './use-cases/order-from-request';

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
        response: { 200: dataSchema(orderCreateSchema.partial()) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, app.database.db);
      return { data: await orderFromRequestBody.run(ctx, { requestId: id }) };
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
      return { data: requestStatusTargets(row.status as RequestStatus, { roles: auth.roles, canEdit }) };
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
      const input = { id, ...(request.body as z.infer<typeof body>) };
      const data = await app.database.db.transaction((tx) =>
        changeRequestStatus.run(requestContext(request, tx), input),
      );
      return { data };
    },
  );
}

/** Customer requests with their operational status, the body of an order made from one, and the requests' dictionaries (offer types). */
export default async function requestsModule(app: App): Promise<void> {
  registerResource(app, requestOfferTypeResource, requestOfferTypes);
  registerResourceRoutes(app, requestService);
  registerRequestStatusRoutes(app);
  registerOrderFromRequestRoute(app);
  registerOfferRoutes(app);
}
