import {
  CUSTOMER_REQUEST_MESSAGES,
  type CustomerRequest,
  carriedCustomFieldValues,
  MESSAGES,
  orderCreateSchema,
  orderFromRequest,
  orderResource,
  ordersFromRequestAllowed,
  recordIdSchema,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError, HttpError, notFound } from '../../../platform/errors';
import { defineUseCase, type ResourceContext, userOf } from '../../../platform/resources';
import { customFieldsForScope } from '../../custom-fields';
import type { OrderSourceCheck } from '../../operations';
import { requestService } from '../requests';

/**
 * The request an order is made from, after the rules of docs/requests.md "An order from a request": in the
 * user's read scope (404 outside it) and in a status orders are made from (400 at the root otherwise).
 */
async function sourceRequest(ctx: ResourceContext, requestId: number): Promise<CustomerRequest> {
  // One who may make orders but not read requests at all is told what one outside the scope is: the
  // request is not found (the route admits every order maker).
  const row = await requestService.find(ctx, requestId, { access: 'read' }).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 403 ? notFound() : error;
  });
  if (!ordersFromRequestAllowed(row.status)) {
    throw fieldError([], CUSTOMER_REQUEST_MESSAGES.orderStatus);
  }
  return (await requestService.toEntity(row, ctx)) as CustomerRequest;
}

/** The requests' contribution to the orders' create: the same rules when the order is saved. */
export const orderRequestCheck: OrderSourceCheck = async (ctx, requestId) => {
  await sourceRequest(ctx, requestId);
};

/**
 * The request's custom field values an order of the custom field group `groupId` takes: those whose code
 * (and type) the group defines (docs/requests.md "An order from a request"). An unknown group is refused
 * under `customFieldGroupId`.
 */
async function customFieldsForGroup(ctx: ResourceContext, request: CustomerRequest, groupId: number) {
  const group = await customFieldsForScope(ctx.tx, { kind: 'operation-group', groupId }).catch(
    (error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 404
        ? fieldError(['customFieldGroupId'], MESSAGES.invalid)
        : error;
    },
  );
  const own = await customFieldsForScope(ctx.tx, { kind: 'customer-request' });
  return carriedCustomFieldValues(own, group, request.customFields);
}

/**
 * The starting body of an order made from a request (`/tms/orders/new/from-request/{requestId}`): its
 * client, route, cargo, office, people, first transport type and service wanted, and `requestId`; with
 * the custom field group the user chose, the request's custom field values that group defines. The
 * order's create checks the same rules again (`orderRequestCheck`).
 */
export const orderFromRequestBody = defineUseCase({
  name: 'requests.order-from-request',
  roles: orderResource.roles.edit,
  input: z.object({ requestId: recordIdSchema, customFieldGroupId: z.number().int().positive().optional() }),
  output: orderCreateSchema.partial(),
  async run(ctx, input) {
    const auth = userOf(ctx);
    const request = await sourceRequest({ ...ctx, auth }, input.requestId);
    const body = orderFromRequest(request);
    if (input.customFieldGroupId === undefined) return body;
    return {
      ...body,
      customFieldGroupId: input.customFieldGroupId,
      customFields: await customFieldsForGroup({ ...ctx, auth }, request, input.customFieldGroupId),
    };
  },
});
