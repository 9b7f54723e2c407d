import {
  dataSchema,
  expectedDateIssue,
  idParamSchema,
  listResultSchema,
  OPERATION_MESSAGES as M,
  recordIdSchema,
  STAGE_ROLES,
  stageCloseSchema,
  stageCreateSchema,
  stageFromType,
  stageReopenSchema,
  stageSchema,
  stageUpdateSchema,
} from '@tms/domain';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { requestContext } from '../../platform/resources';
import { mapConstraintError } from '../../platform/resources/db-errors';
import { OPERATION_KINDS } from './operation';
import { stageManageScope } from './scope';
import {
  enabledStageType,
  lockedStage,
  managedOperation,
  type StageRow,
  saveStage,
  stageChanged,
  stageEntity,
  stagesOf,
} from './stages';
import { stages } from './tables';
import { closeStage } from './use-cases/close-stage';
import { reopenStage } from './use-cases/reopen-stage';

const stageParams = idParamSchema.extend({ stageId: recordIdSchema });

/**
 * The stages of orders and jobs: list, create from a stage type, change dates and comment, delete an open
 * one, close (closure checks, behaviours) and re-open (ROLE_STAGE_REOPEN).
 */
export function registerStageRoutes(app: App): void {
  const db = () => app.database.db;

  for (const kind of Object.values(OPERATION_KINDS)) {
    const base = `/tms/${kind.segment}/:id/stages`;
    const tags = ['stage'];
    const readRoles = [...kind.descriptor.roles.view, ...kind.descriptor.roles.edit, ...STAGE_ROLES.manage];

    app.get(
      base,
      {
        config: { roles: readRoles },
        schema: {
          tags,
          summary: `Stages of the ${kind.type}`,
          params: idParamSchema,
          response: { 200: dataSchema(listResultSchema(stageSchema)) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const auth = request.auth!;
        const read = kind.scope(auth, 'read', false);
        const manage = stageManageScope(auth, kind.type, false);
        const condition = read === undefined || manage === undefined ? undefined : or(read, manage);
        await kind.service.find(requestContext(request), id, { where: condition });
        const collection = (await stagesOf(db(), kind.type, id)).map(stageEntity);
        return { data: { collection, total: collection.length } };
      },
    );

    app.post(
      base,
      {
        config: { roles: STAGE_ROLES.manage },
        schema: {
          tags,
          summary: `Add a stage to the ${kind.type}`,
          params: idParamSchema,
          body: stageCreateSchema.strict(),
          response: { 201: dataSchema(stageSchema) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const body = request.body as z.infer<typeof stageCreateSchema>;
        const auth = request.auth!;
        const stage = await db().transaction(async (tx) => {
          const operation = await managedOperation(requestContext(request, tx), kind, id);
          const type = await enabledStageType(tx, body.stageTypeId);
          const issue = expectedDateIssue(body.expectedDate, await stagesOf(tx, kind.type, id));
          if (issue) throw fieldError(issue.path, issue.message);
          const [row] = await tx
            .insert(stages)
            .values({
              operationType: kind.type,
              operationId: id,
              stageTypeId: type.id,
              ...stageFromType(type),
              expectedDate: body.expectedDate ?? null,
              comment: body.comment ?? null,
            })
            .returning();
          await stageChanged(tx, auth, kind, operation, 'create', null, row!);
          return row!;
        });
        return reply.code(201).send({ data: stageEntity(stage) });
      },
    );

    app.put(
      `${base}/:stageId`,
      {
        config: { roles: STAGE_ROLES.manage },
        schema: {
          tags,
          summary: 'Change the expected date or comment of a stage',
          params: stageParams,
          body: stageUpdateSchema.extend({ version: z.number().int().positive() }).strict(),
          response: { 200: dataSchema(stageSchema) },
        },
      },
      async (request) => {
        const { id, stageId } = request.params as z.infer<typeof stageParams>;
        const { version, ...body } = request.body as z.infer<typeof stageUpdateSchema> & { version: number };
        const auth = request.auth!;
        const stage = await db().transaction(async (tx) => {
          const operation = await managedOperation(requestContext(request, tx), kind, id);
          const before = await lockedStage(tx, kind, id, stageId);
          const set: Partial<StageRow> = {};
          if (body.stageTypeId !== undefined && body.stageTypeId !== before.stageTypeId) {
            if (before.closed) throw fieldError([], M.stageClosed);
            const type = await enabledStageType(tx, body.stageTypeId);
            Object.assign(set, {
              stageTypeId: type.id,
              ...stageFromType(type),
            });
          }
          if (body.expectedDate !== undefined) {
            const others = (await stagesOf(tx, kind.type, id)).filter((s) => s.id !== stageId);
            const issue = expectedDateIssue(body.expectedDate, others);
            if (issue) throw fieldError(issue.path, issue.message);
            set.expectedDate = body.expectedDate;
          }
          if (body.comment !== undefined) set.comment = body.comment;
          return saveStage(tx, auth, kind, operation, before, set, 'update', version);
        });
        return { data: stageEntity(stage) };
      },
    );

    app.delete(
      `${base}/:stageId`,
      {
        config: { roles: STAGE_ROLES.manage },
        schema: {
          tags,
          summary: 'Delete an open stage',
          params: stageParams,
          response: { 200: dataSchema(stageSchema) },
        },
      },
      async (request) => {
        const { id, stageId } = request.params as z.infer<typeof stageParams>;
        const auth = request.auth!;
        const stage = await db().transaction(async (tx) => {
          const operation = await managedOperation(requestContext(request, tx), kind, id);
          const row = await lockedStage(tx, kind, id, stageId);
          if (row.closed) throw fieldError([], M.stageClosed);
          // Records of other modules (a WMS advice) keep their stage: a refusal, not a 500.
          await tx
            .delete(stages)
            .where(eq(stages.id, stageId))
            .catch((error: unknown) => {
              throw mapConstraintError(error, new Map(), 'delete', M.stageInUse);
            });
          await stageChanged(tx, auth, kind, operation, 'delete', row, null);
          return row;
        });
        return { data: stageEntity(stage) };
      },
    );

    for (const event of ['close', 'reopen'] as const) {
      const useCase = event === 'close' ? closeStage : reopenStage;
      app.post(
        `${base}/:stageId/${event}`,
        {
          config: { roles: event === 'close' ? STAGE_ROLES.manage : STAGE_ROLES.reopen },
          schema: {
            tags,
            summary:
              event === 'close'
                ? 'Close a stage; its behaviours take effect on the order'
                : 'Re-open a closed stage; its behaviours are taken back',
            params: stageParams,
            body: (event === 'close' ? stageCloseSchema : stageReopenSchema).strict(),
            response: { 200: dataSchema(stageSchema) },
          },
        },
        async (request) => {
          const { id, stageId } = request.params as z.infer<typeof stageParams>;
          const body = request.body as z.infer<typeof stageCloseSchema>;
          const input = { operation: kind.type, id, stageId, ...body };
          const data = await db().transaction((tx) => useCase.run(requestContext(request, tx), input));
          return { data };
        },
      );
    }
  }
}
