import {
  dataSchema,
  idParamSchema,
  markingCodesAddSchema,
  markingEmissionSchema,
  markingRequestSchema,
  OPERATION_ROLES,
  orderMarkingSchema,
  recordIdSchema,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { requestContext } from '../../platform/resources';
import { addMarkingCodes } from './use-cases/add-codes';
import { orderMarkingCodes } from './use-cases/order-codes';
import { readOrderMarking } from './use-cases/read';
import { refreshMarkingStatuses } from './use-cases/refresh-statuses';
import { removeMarkingCode } from './use-cases/remove-code';
import { reportMarkingApplied } from './use-cases/report-applied';

const tags = ['Marking'];
const base = '/tms/orders/:id/marking';
const empty = z.object({}).strict();

/**
 * An order's marking (docs/marking.md): read it, add and remove codes, and queue calls to Честный ЗНАК.
 * Every route answers at once: the calls run in the job queue.
 */
export default async function routes(app: App): Promise<void> {
  app.get(
    base,
    {
      config: { roles: OPERATION_ROLES.order.view },
      schema: {
        tags,
        summary: 'The order’s marking',
        params: idParamSchema,
        response: { 200: dataSchema(orderMarkingSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = { ...requestContext(request), adapterConfigured: Boolean(app.appConfig.markingApiUrl) };
      return { data: await readOrderMarking.run(ctx, { orderId: id }) };
    },
  );

  app.post(
    `${base}/codes`,
    {
      config: { creates: true, roles: OPERATION_ROLES.order.view },
      schema: {
        tags,
        summary: 'Add codes to a cargo line (one bad code adds none)',
        params: idParamSchema,
        body: markingCodesAddSchema,
        response: { 200: dataSchema(z.object({ added: z.number().int() })) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof markingCodesAddSchema>;
      const data = await app.database.db.transaction((tx) =>
        addMarkingCodes.run(requestContext(request, tx), { ...body, orderId: id }),
      );
      return { data };
    },
  );

  app.delete(
    `${base}/codes/:codeId`,
    {
      config: { roles: OPERATION_ROLES.order.view },
      schema: {
        tags,
        summary: 'Remove an entered code',
        params: idParamSchema.extend({ codeId: recordIdSchema }),
        response: { 200: dataSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => {
      const { id, codeId } = request.params as { id: number; codeId: number };
      const data = await app.database.db.transaction((tx) =>
        removeMarkingCode.run(requestContext(request, tx), { orderId: id, codeId }),
      );
      return { data };
    },
  );

  const calls = [
    {
      path: 'emission',
      useCase: orderMarkingCodes,
      body: markingEmissionSchema,
      summary: 'Order codes (СУЗ)',
    },
    { path: 'report', useCase: reportMarkingApplied, body: empty, summary: 'Send the application report' },
    { path: 'statuses', useCase: refreshMarkingStatuses, body: empty, summary: 'Ask where the codes stand' },
  ] as const;
  for (const call of calls) {
    app.post(
      `${base}/${call.path}`,
      {
        config: { creates: true, roles: OPERATION_ROLES.order.view },
        schema: {
          tags,
          summary: call.summary,
          params: idParamSchema,
          body: call.body,
          response: { 200: dataSchema(markingRequestSchema) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const data = await app.database.db.transaction((tx) =>
          call.useCase.run(requestContext(request, tx), {
            ...(request.body as object),
            orderId: id,
          } as never),
        );
        return { data };
      },
    );
  }
}
