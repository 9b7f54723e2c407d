import {
  dataSchema,
  idParamSchema,
  WMS_MESSAGES as M,
  OPERATION_TYPES,
  recordIdSchema,
  STAGE_ROLES,
  WAREHOUSE_ROLES,
  wmsAdviceRequestSchema,
  wmsAdviceSchema,
  wmsForceCloseSchema,
  wmsReportSchema,
} from '@tms/domain';
import { z } from 'zod';
import { notFound, unauthorized, zodValidationError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { asSystem, requestContext } from '../../platform/resources';
import { visibleStage } from '../operations';
import {
  adviceOfReport,
  advicesOfStages,
  applyWmsReport,
  forceCloseWmsStage,
  sendWmsAdvice,
  wmsSecretOf,
} from './wms';
import { validWmsSignature, WMS_SIGNATURE_HEADER } from './wms-adapter';

const tags = ['Warehouse'];

/** The largest callback body taken (a report is a few hundred bytes). */
export const WMS_CALLBACK_BODY_LIMIT = 16 * 1024;

const stageParams = idParamSchema.extend({ stageId: recordIdSchema });

/**
 * The WMS link: a WMS stage's advice sent and shown, its forced closing, and the WMS's signed callback
 * (read as the raw body, so the signature is checked on the bytes the WMS signed).
 */
export async function wmsRoutes(app: App): Promise<void> {
  for (const operation of OPERATION_TYPES) {
    const base = `/tms/${operation}s/:id/stages/:stageId`;
    app.get(
      `${base}/wms-advice`,
      {
        config: { roles: [...STAGE_ROLES.manage, ...WAREHOUSE_ROLES.view] },
        schema: {
          tags,
          summary: "The stage's advice to the WMS and where it stands (null: none sent)",
          params: stageParams,
          response: { 200: dataSchema(wmsAdviceSchema.nullable()) },
        },
      },
      async (request) => {
        const { id, stageId } = request.params as z.infer<typeof stageParams>;
        await visibleStage(requestContext(request), operation, id, stageId);
        const [advice] = await advicesOfStages(app.database.db, [stageId]);
        return { data: advice ?? null };
      },
    );
    for (const [action, useCase, body, roles] of [
      ['wms-advice', sendWmsAdvice, wmsAdviceRequestSchema, STAGE_ROLES.manage],
      ['wms-force-close', forceCloseWmsStage, wmsForceCloseSchema, WAREHOUSE_ROLES.forcedWms],
    ] as const) {
      app.post(
        `${base}/${action}`,
        {
          config: { roles },
          schema: {
            tags,
            summary:
              action === 'wms-advice'
                ? "Send the stage's advice of acceptance or release to the warehouse's WMS"
                : 'Close a WMS stage by hand, saying why (forced WMS management)',
            params: stageParams,
            body: body.strict(),
            response: { 200: dataSchema(wmsAdviceSchema) },
          },
        },
        async (request) => {
          const params = request.params as z.infer<typeof stageParams>;
          const input = { operation, ...params, ...(request.body as object) };
          const data = await app.database.db.transaction((tx) =>
            useCase.run(requestContext(request, tx), input as never),
          );
          return { data };
        },
      );
    }
  }

  await app.register(async (signed) => {
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    signed.post(
      '/warehouse/wms/callback',
      {
        config: { public: true },
        // A report is a few hundred bytes; anyone may call this before the signature is checked.
        bodyLimit: WMS_CALLBACK_BODY_LIMIT,
        schema: {
          tags,
          summary: "A WMS reports an advice's new state, signed (X-WMS-Signature: sha256=<HMAC of the body>)",
          response: { 200: dataSchema(z.object({ applied: z.boolean() })) },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw unauthorized(M.badSignature);
        }
        const report = wmsReportSchema.safeParse(parsed);
        if (!report.success) throw zodValidationError(report.error);
        const signature = request.headers[WMS_SIGNATURE_HEADER];
        const applied = await app.database.db.transaction(async (tx) => {
          const advice = await adviceOfReport(tx, report.data);
          if (!advice) throw notFound(M.unknownAdvice);
          const secret = wmsSecretOf(app.appConfig, advice.warehouseId!);
          if (!validWmsSignature(secret, raw, typeof signature === 'string' ? signature : undefined)) {
            throw unauthorized(M.badSignature);
          }
          const ctx = asSystem({ tx, registries: app.registries }, 'wms confirmation');
          return applyWmsReport(ctx, advice.id, report.data, app.clock());
        });
        return { data: { applied } };
      },
    );
  });
}
